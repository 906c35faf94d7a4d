// load_position: the position format of README.md ("Position format").
#include <map>

#include "calendar.hpp"
#include "engine.hpp"
#include "concord/conquests/position.hpp"
#include "prompts.hpp"
#include "text_util.hpp"

namespace concord::conquests {

namespace {

using Words = std::vector<std::string>;
using Attrs = std::map<std::string, std::string>;

const StarMap& map() { return StarMap::builtin(); }
const RulesData& data() { return RulesData::builtin(); }

rules::Seed seed_of_words(const std::array<std::uint64_t, 4>& words) {
  rules::Seed seed;
  for (std::size_t i = 0; i < 32; ++i) seed.bytes[i] = static_cast<std::uint8_t>(words[i / 8] >> (8 * (i % 8)));
  return seed;
}

std::vector<std::string> list(const std::string& v) { return v == "-" ? Words{} : detail::split_words(v, ','); }

class PositionParser {
 public:
  PositionParser() : s_(rules::Seed{}) {}

  std::unique_ptr<ConquestsMatch> run(std::string_view text, std::string* error) {
    std::string e = detail::for_each_line(text, [&](int, const Words& w) { return feed(w); });
    if (e.empty()) e = finish();
    if (!e.empty()) {
      if (error) *error = e;
      return nullptr;
    }
    return std::make_unique<ConquestsMatch>(std::move(s_), false);
  }

 private:
  std::string feed(const Words& w) {
    if (w[0] == "conquests_position") return {};
    if (w[0] == "players") return players(w);
    if (s_.players == 0) return "'players' must come first";
    Attrs a;
    for (std::size_t i = 1; i < w.size(); ++i) {
      const auto eq = w[i].find('=');
      if (eq != std::string::npos) a[w[i].substr(0, eq)] = w[i].substr(eq + 1);
    }
    try {
      return statement(w, a);
    } catch (const std::exception&) {
      return "bad value in '" + w[0] + "'";
    }
  }

  std::string players(const Words& w) {
    int n = 0;
    if (w.size() != 2 || !detail::to_int(w[1], n) || n < 2 || n > 4) return "players: 2 to 4";
    s_.players = n;
    s_.regions.assign(static_cast<std::size_t>(map().size()), RegionState{});
    for (int r = 0; r < map().size(); ++r)
      s_.regions[static_cast<std::size_t>(r)].exists = n > 2 || map().region(r).colour <= Colour::Blue;
    s_.seats.assign(static_cast<std::size_t>(n), PlayerState{});
    s_.token_supply = {20, 20, 20};
    s_.card_of.assign(99, -1);
    s_.turn = TurnState{};
    s_.pending = Pending::Turn;
    return {};
  }

  std::string statement(const Words& w, Attrs& a) {
    const std::string& k = w[0];
    if (k == "options") return options(a);
    if (k == "first" || k == "month" || k == "setup_round" || k == "next_order") return number(w);
    if (k == "rng" && w.size() == 5) {
      std::array<std::uint64_t, 4> words{};
      for (std::size_t i = 0; i < 4; ++i) words[i] = std::stoull(w[i + 1]);
      s_.rng = rules::Rng(seed_of_words(words));
      return {};
    }
    if (k == "seed" && w.size() == 2) {
      const auto seed = rules::Seed::from_hex(w[1]);
      if (!seed) return "bad seed";
      s_.rng = rules::Rng(*seed);
      return {};
    }
    if (k == "supply") return supply(a);
    if (k == "region") return region(w, a);
    if (k == "square") return square(w, a);
    if (k == "seat") return seat(w, a);
    if (k == "seal") return seal(w);
    if (k == "deck" || k == "discard") return pile(w);
    if (k == "turn") return turn(a);
    if (k == "move") {
      s_.move_left = std::stoi(a.at("left"));
      s_.moved_any = a["moved"] == "yes";
      return {};
    }
    if (k == "battle") return battle(a);
    if (k == "battle_side") return battle_side(w, a);
    if (k == "loss") return loss(w, a);
    if (k == "pending") return pending(w);
    if (k == "result") return result(w);
    return "unknown statement '" + k + "'";
  }

  std::string options(Attrs& a) {
    s_.end = a["end"] == "revelation" ? EndCondition::Revelation : EndCondition::Trinity;
    s_.length = a["length"] == "long" ? Length::Long : a["length"] == "epic" ? Length::Epic : Length::Normal;
    s_.doom = a["doom"] == "yes";
    s_.doom_active = a["doom_active"] == "yes";
    s_.eve_marker = a.count("marker") ? std::stoi(a["marker"]) : eve_marker_start(s_.end, s_.length, s_.players);
    return {};
  }

  std::string number(const Words& w) {
    int v = 0;
    if (w.size() != 2 || !detail::to_int(w[1], v) || v < 0) return w[0] + ": expected a number";
    (w[0] == "first" ? s_.first : w[0] == "month" ? s_.month : w[0] == "setup_round" ? s_.setup_round : s_.next_order) = v;
    explicit_order_ = explicit_order_ || w[0] == "next_order";
    return {};
  }

  std::string supply(Attrs& a) {
    const auto t = list(a.at("tokens"));
    for (std::size_t k = 0; k < 3 && k < t.size(); ++k) s_.token_supply[k] = std::stoi(t[k]);
    s_.outpost_supply = std::stoi(a.at("outposts"));
    explicit_supply_ = true;
    return {};
  }

  int region_of(const std::string& key) const { return map().find(key).value_or(-1); }

  std::string region(const Words& w, Attrs& a) {
    const int r = w.size() > 1 ? region_of(w[1]) : -1;
    if (r < 0) return "unknown region";
    auto& reg = s_.regions[static_cast<std::size_t>(r)];
    reg.owner = a.count("owner") ? std::stoi(a["owner"]) : -1;
    reg.units = a.count("units") ? std::stoi(a["units"]) : 0;
    reg.hq = a.count("hq") ? std::stoi(a["hq"]) : -1;
    if (reg.hq >= 0) reg.owner = reg.hq;
    reg.agents.clear();
    for (const auto& x : list(a.count("agents") ? a["agents"] : "-")) reg.agents.push_back(std::stoi(x));
    reg.outpost = a.count("outpost") && a["outpost"] != "none" ? static_cast<int>(kind_from(a["outpost"]).value()) : -1;
    if (a.count("exists")) reg.exists = a["exists"] == "yes";
    const auto seat_ok = [&](int x) { return x >= -1 && x < s_.players; };
    if (!seat_ok(reg.owner) || !seat_ok(reg.hq) || reg.units < 0 || (reg.owner < 0 && reg.units > 0)) return "bad region";
    for (int x : reg.agents)
      if (x < 0 || x >= s_.players || x == reg.owner) return "bad agent seat";
    return {};
  }

  std::string square(const Words& w, Attrs& a) {
    int sq = -1;
    if (w.size() < 2 || !detail::to_int(w[1], sq) || sq < 0 || sq >= kSquares) return "square: 0 to 8";
    auto& square = s_.landscape[static_cast<std::size_t>(sq)];
    square.revealed = a["revealed"] == "yes";
    square.cards.clear();
    for (const auto& key : list(a.count("cards") ? a["cards"] : "-")) {
      const int r = region_of(key);
      if (r < 0) return "unknown region '" + key + "'";
      square.cards.push_back(r);
    }
    return {};
  }

  // A card: "<id>" (next free instance) or "<id>#<n>" (instance n).
  int card(const std::string& text) {
    const auto hash = text.find('#');
    const auto def = data().find_card(text.substr(0, hash));
    if (!def) return -1;
    int inst = -1;
    if (hash != std::string::npos) {
      inst = std::stoi(text.substr(hash + 1)) - 1;
    } else {
      while (++next_free_ < 99 && s_.card_of[static_cast<std::size_t>(next_free_)] >= 0) {}
      inst = next_free_;
    }
    if (inst < 0 || inst >= 99 || s_.card_of[static_cast<std::size_t>(inst)] >= 0) return -1;
    s_.card_of[static_cast<std::size_t>(inst)] = *def;
    return inst;
  }

  std::string seat(const Words& w, Attrs& a) {
    int seat = -1;
    if (w.size() < 2 || !detail::to_int(w[1], seat) || seat < 0 || seat >= s_.players) return "bad seat";
    auto& p = s_.seats[static_cast<std::size_t>(seat)];
    const auto three = [&](const char* key, std::array<int, 3>& out) {
      const auto v = list(a.count(key) ? a[key] : "0,0,0");
      for (std::size_t k = 0; k < 3 && k < v.size(); ++k) out[k] = std::stoi(v[k]);
    };
    three("schedule", p.schedule);
    three("reserves", p.reserves);
    for (const auto& c : list(a.count("hand") ? a["hand"] : "-")) {
      const int inst = card(c);
      if (inst < 0) return "bad card '" + c + "'";
      p.hand.push_back(inst);
    }
    for (const auto& c : list(a.count("in_play") ? a["in_play"] : "-")) {
      const auto colon = c.find(':');
      const int inst = card(c.substr(0, colon));
      if (inst < 0 || colon == std::string::npos) return "bad card in play '" + c + "'";
      p.in_play.push_back(CardInPlay{inst, static_cast<int>(kind_from(c.substr(colon + 1)).value())});
    }
    for (const auto& key : list(a.count("regions") ? a["regions"] : "-")) {
      if (region_of(key) < 0) return "unknown region '" + key + "'";
      p.region_cards.push_back(region_of(key));
    }
    return {};
  }

  std::string seal(const Words& w) {
    if (w.size() < 4) return "seal: <seat|eve> <kind> <month> [order]";
    Seal seal;
    seal.seat = w[1] == "eve" ? kNoSeat : std::stoi(w[1]);
    const auto kind = kind_from(w[2]);
    if (!kind || seal.seat >= s_.players || seal.seat < kNoSeat) return "bad seal";
    seal.kind = static_cast<int>(*kind);
    seal.month = std::stoi(w[3]);
    seal.order = w.size() > 4 ? std::stoi(w[4]) : static_cast<int>(s_.seals.size());
    s_.seals.push_back(seal);
    return {};
  }

  std::string pile(const Words& w) {
    const auto kind = w.size() == 3 ? kind_from(w[1]) : std::nullopt;
    if (!kind) return w[0] + ": <kind> <cards>";
    auto& pile = (w[0] == "deck" ? s_.decks : s_.discards)[static_cast<std::size_t>(*kind)];
    for (const auto& c : list(w[2])) {
      const int inst = card(c);
      if (inst < 0) return "bad card '" + c + "'";
      pile.push_back(inst);
    }
    return {};
  }

  std::vector<char> flags(const std::string& v) {
    std::vector<char> out(s_.regions.size(), 0);
    for (const auto& key : list(v))
      if (region_of(key) >= 0) out[static_cast<std::size_t>(region_of(key))] = 1;
    return out;
  }

  std::string turn(Attrs& a) {
    auto& t = s_.turn;
    t.seat = std::stoi(a.at("seat"));
    t.kind = static_cast<int>(kind_from(a.at("kind")).value());
    t.actions = std::stoi(a.at("actions"));
    t.claimed = a["claimed"] == "yes";
    t.acted = flags(a.count("acted") ? a["acted"] : "-");
    t.planted = flags(a.count("planted") ? a["planted"] : "-");
    t.produced.assign(s_.regions.size(), 0);
    for (const auto& p : list(a.count("produced") ? a["produced"] : "-")) {
      const auto colon = p.find(':');
      t.produced[static_cast<std::size_t>(region_of(p.substr(0, colon)))] = std::stoi(p.substr(colon + 1));
    }
    present_ = a.count("present") ? a["present"] : "auto";
    if (t.seat < 0 || t.seat >= s_.players) return "bad turn seat";
    return {};
  }

  std::string battle(Attrs& a) {
    Battle b;
    b.seat = {std::stoi(a.at("attacker")), std::stoi(a.at("defender"))};
    b.region = {region_of(a.at("from")), region_of(a.at("to"))};
    if (b.region[0] < 0 || b.region[1] < 0) return "battle: unknown region";
    const std::string adv = a.count("advantage") ? a["advantage"] : "auto";
    if (adv == "auto") {
      const Board board(map(), s_);
      const int mine = board.agents(b.seat[0], b.region[1]), theirs = board.agents(b.seat[1], b.region[0]);
      b.advantage = mine > theirs ? 0 : (theirs > mine ? 1 : -1);
    } else {
      b.advantage = std::stoi(adv);
    }
    static const std::map<std::string, int> q = {{"none", -1}, {"damage", 0}, {"shield", 1}, {"tactics", 2}};
    b.question = q.at(a.count("question") ? a["question"] : "none");
    const auto parts = detail::split_words(a.count("tactics") ? a["tactics"] : "-1:0", ':');
    b.tactics_side = std::stoi(parts.at(0));
    b.tactics_left = std::stoi(parts.at(1));
    s_.battle = b;
    return {};
  }

  static std::array<int, 3> dice(const std::string& v) {
    const auto p = detail::split_words(v, ':');
    return {std::stoi(p.at(0)), std::stoi(p.at(1)), std::stoi(p.at(2))};
  }

  std::string battle_side(const Words& w, Attrs& a) {
    if (!s_.battle || w.size() < 2) return "battle_side before battle";
    const auto i = static_cast<std::size_t>(std::stoi(w[1]) == 1 ? 1 : 0);
    auto& b = *s_.battle;
    if (a.count("choice") && a["choice"] != "none") b.choice[i] = Dice{dice(a["choice"])};
    if (a.count("rolled")) b.rolled[i] = dice(a["rolled"]);
    b.power_bonus[i] = a.count("power") ? std::stoi(a["power"]) : 0;
    b.shield_bonus[i] = a.count("shields") ? std::stoi(a["shields"]) : 0;
    b.damage_bonus[i] = a.count("damage") ? std::stoi(a["damage"]) : 0;
    b.passed[i] = a["passed"] != "no";
    b.absorb[i] = a.count("absorb") ? std::stoi(a["absorb"]) : 0;
    b.lowered[i] = a.count("lowered") ? std::stoi(a["lowered"]) : 0;
    return {};
  }

  std::string loss(const Words& w, Attrs& a) {
    Loss l;
    l.region = w.size() > 1 ? region_of(w[1]) : -1;
    l.victim = std::stoi(a.at("victim"));
    l.winner = std::stoi(a.at("winner"));
    l.from = region_of(a.at("from"));
    l.outpost = a["outpost"] == "none" || !a.count("outpost") ? -1 : static_cast<int>(kind_from(a["outpost"]).value());
    l.stage = a.count("stage") ? std::stoi(a["stage"]) : 0;
    if (l.region < 0 || l.from < 0) return "loss: unknown region";
    s_.losses.push_back(l);
    return {};
  }

  std::string pending(const Words& w) {
    for (int p = 0; p <= static_cast<int>(Pending::Over); ++p)
      if (w.size() >= 2 && w[1] == pending_name(static_cast<Pending>(p))) s_.pending = static_cast<Pending>(p);
    if (w.size() < 2 || w[1] != pending_name(s_.pending)) return "unknown pending";
    s_.pending_seat = w.size() > 2 ? std::stoi(w[2]) : kNoSeat;
    if (w.size() > 3) {
      int v = 0;
      const int r = region_of(w[3]);
      if (detail::to_int(w[3], v)) s_.pending_count = v;
      else if (r >= 0) s_.pending_count = r;
      else s_.pending_count = card_from_ref(w[3]).value_or(0);
    }
    return {};
  }

  std::string result(const Words& w) {
    if (w.size() < 3) return "result: <reason> win|draw <seats>";
    rules::MatchResult r;
    r.reason = w[1];
    r.draw = w[2] == "draw";
    for (std::size_t i = 3; i < w.size(); ++i) r.winners.push_back(std::stoi(w[i]));
    s_.result = r;
    return {};
  }

  // Cards not named go to their decks; present, supply and orders are derived if not given.
  std::string finish() {
    for (std::size_t i = 0, inst = 0; i < data().cards().size(); ++i) {
      int named = 0;
      for (int d : s_.card_of) named += d == static_cast<int>(i) ? 1 : 0;
      for (int n = named; n < data().card(static_cast<int>(i)).copies; ++n) {
        while (s_.card_of[inst] >= 0) ++inst;
        s_.card_of[inst] = static_cast<int>(i);
        s_.decks[static_cast<std::size_t>(data().card(static_cast<int>(i)).deck)].insert(
            s_.decks[static_cast<std::size_t>(data().card(static_cast<int>(i)).deck)].begin(), static_cast<int>(inst));
      }
    }
    for (int d : s_.card_of)
      if (d < 0) return "position: too many copies of a card";
    if (!explicit_order_)
      for (const auto& seal : s_.seals) s_.next_order = std::max(s_.next_order, seal.order + 1);
    derive_turn();
    if (!explicit_supply_) derive_supply();
    return check();
  }

  void derive_turn() {
    auto& t = s_.turn;
    if (t.seat < 0) return;
    const auto n = s_.regions.size();
    if (t.acted.size() != n) t.acted.assign(n, 0);
    if (t.planted.size() != n) t.planted.assign(n, 0);
    if (t.produced.size() != n) t.produced.assign(n, 0);
    if (present_ == "auto") {
      t.present.assign(n, 0);
      const Board board(map(), s_);
      for (int r = 0; r < map().size(); ++r) t.present[static_cast<std::size_t>(r)] = board.present(t.seat, r) ? 1 : 0;
    } else {
      t.present = flags(present_);
    }
  }

  void derive_supply() {
    for (const auto& reg : s_.regions)
      if (reg.outpost >= 0) {
        --s_.outpost_supply;
        --s_.token_supply[static_cast<std::size_t>(reg.outpost)];
      }
  }

  std::string check() const {
    const Board board(map(), s_);
    for (int seat = 0; seat < s_.players; ++seat)
      if (board.on_board(seat) > kUnitsPerEmpire) return "position: seat " + std::to_string(seat) + " has more than 60 units";
    if (s_.pending != Pending::Over && s_.pending != Pending::Dice && (s_.pending_seat < 0 || s_.pending_seat >= s_.players))
      return "position: the pending seat is not a seat";
    if (s_.pending == Pending::Turn && s_.turn.seat < 0) return "position: a turn is pending but no 'turn' is given";
    const bool battle_pending = s_.pending == Pending::Dice || s_.pending == Pending::Ask ||
                                s_.pending == Pending::CombatCards || s_.pending == Pending::Tactics;
    if (battle_pending && !s_.battle) return "position: a battle step is pending but no 'battle' is given";
    const auto seat_ok = [&](int x) { return x >= 0 && x < s_.players; };
    if (s_.battle && (!seat_ok(s_.battle->seat[0]) || !seat_ok(s_.battle->seat[1]))) return "position: battle seats";
    for (const auto& l : s_.losses)
      if (!seat_ok(l.victim) || !seat_ok(l.winner)) return "position: loss seats";
    if ((s_.pending == Pending::TokenLoss || s_.pending == Pending::Steal || s_.pending == Pending::Invade) && s_.losses.empty())
      return "position: an aftermath step is pending but no 'loss' is given";
    if (s_.pending == Pending::CardTarget && (s_.pending_count < 0 || s_.pending_count >= 99))
      return "position: card_target needs the card being played";
    if (s_.pending == Pending::MoveUnits && (s_.pending_count < 0 || s_.pending_count >= map().size()))
      return "position: move_units needs the region moved from";
    for (const auto& seal : s_.seals)
      if (seal.seat != kNoSeat && !seat_ok(seal.seat)) return "position: seal seat";
    return {};
  }

  GameState s_;
  int next_free_ = -1;
  bool explicit_order_ = false;
  bool explicit_supply_ = false;
  std::string present_ = "auto";
};

}  // namespace

std::unique_ptr<ConquestsMatch> load_position(std::string_view text, std::string* error) {
  return PositionParser().run(text, error);
}

}  // namespace concord::conquests
