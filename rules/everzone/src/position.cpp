#include "concord/everzone/position.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <vector>

#include "concord/rules/seed.hpp"

namespace concord::everzone {
namespace {

std::vector<std::string> split(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != '\r') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

bool to_int(const std::string& s, int& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc{} && p == s.data() + s.size();
}

const std::map<std::string, Phase>& phases() {
  static const std::map<std::string, Phase> m = {
      {"refresh", Phase::Refresh}, {"deploy", Phase::Deploy},       {"activate", Phase::Activate},
      {"support", Phase::Support}, {"surrender", Phase::Surrender}, {"retreat", Phase::Retreat},
      {"target", Phase::Target}};
  return m;
}

class PositionParser {
 public:
  explicit PositionParser(const CardDb& db) : db_(db), state_(rules::Seed{}) {}

  PositionResult run(std::string_view text) {
    int line = 0;
    while (!text.empty() && error_.empty()) {
      ++line;
      auto end = text.find('\n');
      auto w = split(text.substr(0, end));
      if (!w.empty() && w[0][0] != '#') feed(w);
      if (!error_.empty()) error_ = "line " + std::to_string(line) + ": " + error_;
      if (end == std::string_view::npos) break;
      text.remove_prefix(end + 1);
    }
    if (error_.empty()) finish();
    if (!error_.empty()) return {std::nullopt, error_};
    return {std::move(state_), {}};
  }

 private:
  void feed(const std::vector<std::string>& w) {
    const std::string& key = w[0];
    if (key == "seed") return seed(w);
    if (key == "location") return location(w);
    if (key == "phase") return phase(w);
    if (key == "battle_deck") return battle_deck(w);
    if (key == "seat") return seat(w);
    if (key == "teams" && w.size() == 1) return void(state_.teams = true);
    if (key == "after_clash" && w.size() == 1) return void(state_.after_clash = true);
    if (key == "effects" || key == "abilities" || key == "declared") return instances(w);
    if (state_.players.empty()) return fail("'" + key + "' before any 'seat' line");
    if (key == "effect") return effect(w);
    if (key == "eliminated" && w.size() == 1) return void(state_.players.back().eliminated = true);
    if (key == "cp" || key == "surrenders" || key == "supports_played" || key == "target") return numbers(w);
    return zone(w);
  }

  // "effects c3 c7": declared, unresolved entries, bottom first (the last
  // resolves first); "declared c2": optional abilities already used.
  void instances(const std::vector<std::string>& w) {
    auto& list = w[0] == "effects" ? state_.effects : w[0] == "abilities" ? state_.abilities : state_.declared;
    for (std::size_t i = 1; i < w.size(); ++i) {
      int c = -1;
      if (w[i].size() < 2 || w[i][0] != 'c' || !to_int(w[i].substr(1), c) || c < 0)
        return fail("'" + w[0] + "' needs instance ids like c3");
      list.push_back(c);
    }
  }

  static bool instance_of(const std::string& w, int& c) {
    return w.size() >= 2 && w[0] == 'c' && to_int(w.substr(1), c) && c >= 0;
  }

  // "effect c0 defense -2 source c3 [c4 ...]": a lasting effect of the current
  // seat (GameState::lingering). Changes: attack defense target (an amount
  // added), redeploy out_of_army control (amount 0); lasts: source turn battle.
  void effect(const std::vector<std::string>& w) {
    static const std::map<std::string, Change> kinds = {
        {"attack", Change::Add},         {"defense", Change::Add},         {"target", Change::Add},
        {"redeploy", Change::Redeploy},  {"out_of_army", Change::OutOfArmy}, {"control", Change::Control}};
    static const std::map<std::string, Lasts> lasts = {
        {"source", Lasts::Source}, {"turn", Lasts::Turn}, {"battle", Lasts::Battle}};
    const std::string usage = "expected 'effect c<N> <attack|defense|target|redeploy|out_of_army|control> <amount> "
                              "<source|turn|battle> c<N> ...'";
    Effect e;
    e.seat = static_cast<int>(state_.players.size()) - 1;
    if (w.size() < 6 || !instance_of(w[1], e.source) || !kinds.count(w[2]) || !to_int(w[3], e.amount) ||
        !lasts.count(w[4]))
      return fail(usage);
    e.change = kinds.at(w[2]);
    e.stat = w[2] == "attack" ? Stat::Attack : w[2] == "target" ? Stat::Target : Stat::Defense;
    e.lasts = lasts.at(w[4]);
    for (std::size_t i = 5; i < w.size(); ++i) {
      int c = -1;
      if (!instance_of(w[i], c)) return fail(usage);
      e.cards.push_back(c);
    }
    state_.lingering.push_back(std::move(e));
  }

  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

  void seed(const std::vector<std::string>& w) {
    auto s = w.size() == 2 ? rules::Seed::from_hex(w[1]) : std::nullopt;
    if (!s) return fail("seed needs 64 hex digits");
    state_.rng = rules::Rng(*s);
  }

  void location(const std::vector<std::string>& w) {
    int turn = 0;
    if (w.size() != 4 || w[2] != "turn" || !to_int(w[3], turn)) return fail("expected 'location <id> turn <n>'");
    const Card* c = db_.find(w[1]);
    if (!c || c->kind != CardKind::Location) return fail("unknown location '" + w[1] + "'");
    if (turn < 0 || turn > c->turns()) return fail("turn out of range for " + c->name);
    state_.location = db_.index_of(w[1]);
    state_.turn = turn;
    state_.battle = 1;
  }

  void phase(const std::vector<std::string>& w) {
    auto it = w.size() == 2 ? phases().find(w[1]) : phases().end();
    if (it == phases().end())
      return fail("phase must be refresh, deploy, target, activate, support, surrender or retreat");
    state_.phase = it->second;
  }

  void battle_deck(const std::vector<std::string>& w) {
    for (std::size_t i = 1; i < w.size(); ++i) {
      const Card* c = db_.find(w[i]);
      if (!c || c->kind != CardKind::Location) return fail("unknown location '" + w[i] + "'");
      state_.battle_deck.insert(state_.battle_deck.begin(), db_.index_of(w[i]));  // first = top
    }
  }

  void seat(const std::vector<std::string>& w) {
    int n = -1;
    if (w.size() != 2 || !to_int(w[1], n) || n != static_cast<int>(state_.players.size()))
      return fail("seats must be numbered 0, 1, ... in order");
    state_.players.emplace_back();
    state_.players.back().cp = 20;
  }

  void numbers(const std::vector<std::string>& w) {
    auto& p = state_.players.back();
    std::vector<int> v;
    for (std::size_t i = 1; i < w.size(); ++i) {
      int x = 0;
      if (!to_int(w[i], x) || x < 0) return fail("'" + w[0] + "' needs non-negative integers");
      v.push_back(x);
    }
    if (w[0] == "supports_played" && v.size() == 2) p.supports_turn = v[0], p.supports_battle = v[1];
    else if (w[0] == "target" && v.size() == 1) p.target = v[0];
    else if (w[0] != "supports_played" && v.size() == 1) (w[0] == "cp" ? p.cp : p.surrenders) = v[0];
    else fail("wrong number of values for '" + w[0] + "'");
  }

  std::vector<int>* zone_named(const std::string& key) {
    auto& p = state_.players.back();
    const std::map<std::string, std::vector<int>*> zones = {
        {"hand", &p.hand},         {"deck", &p.deck},           {"deployed", &p.deployed},
        {"active", &p.active},     {"withdrawn", &p.withdrawn}, {"supports", &p.supports},
        {"retreated", &p.retreated}, {"fallen", &p.fallen}};
    auto it = zones.find(key);
    return it == zones.end() ? nullptr : it->second;
  }

  void zone(const std::vector<std::string>& w) {
    auto* z = zone_named(w[0]);
    if (!z) return fail("unknown keyword '" + w[0] + "'");
    auto& p = state_.players.back();
    for (std::size_t i = 1; i < w.size(); ++i) {
      const int index = db_.index_of(w[i]);
      if (index < 0 || db_.at(index).kind == CardKind::Location) return fail("unknown card '" + w[i] + "'");
      const int instance = static_cast<int>(state_.card_of.size());
      state_.card_of.push_back(index);
      state_.owner_of.push_back(static_cast<int>(state_.players.size()) - 1);
      if (db_.at(index).leader) {
        if (p.leader >= 0) return fail("only one Leader per seat");
        p.leader = instance;
        p.leader_alive = z != &p.fallen;
      }
      if (z == &p.deck) z->insert(z->begin(), instance);  // listed top first
      else z->push_back(instance);
    }
  }

  void finish() {
    const auto n = state_.players.size();
    if (state_.teams ? (n != 4 && n != 6) : (n != 2 && n != 3))
      return fail("a position needs 2 or 3 seats, or 4 or 6 with 'teams'");
    if (state_.location < 0 && state_.phase != Phase::Refresh) return fail("this phase needs a location");
    if (state_.phase == Phase::Refresh && state_.location < 0) return fail("refresh needs a location");
    const int count = static_cast<int>(state_.card_of.size());
    for (const auto* list : {&state_.effects, &state_.abilities, &state_.declared})
      for (int c : *list)
        if (c >= count) return fail("no instance c" + std::to_string(c));
    for (const auto& e : state_.lingering)
      for (int c : e.cards)
        if (c >= count || e.source >= count) return fail("no instance c" + std::to_string(std::max(c, e.source)));
    if (state_.after_clash && state_.phase != Phase::Support) return fail("after_clash needs phase support");
    const bool activate = state_.phase == Phase::Activate;
    for (std::size_t seat = 0; seat < n; ++seat) {
      auto& p = state_.players[seat];
      if (p.target >= static_cast<int>(n) || p.target == static_cast<int>(seat)) return fail("bad target seat");
      p.team = state_.teams ? static_cast<int>(seat % 2) : static_cast<int>(seat);
      p.waiting = !p.eliminated && (activate ? !p.deployed.empty() : true);
    }
    // The engine never rests where no seat has a decision (at activation with
    // nothing deployed it reveals at once): such a match could never go on.
    if (std::none_of(state_.players.begin(), state_.players.end(), [](const auto& p) { return p.waiting; }))
      return fail(activate ? "phase activate needs a seat with deployed Units" : "every seat is eliminated");
  }

  const CardDb& db_;
  GameState state_;
  std::string error_;
};

}  // namespace

PositionResult parse_position(const CardDb& db, std::string_view text) {
  return PositionParser(db).run(text);
}

}  // namespace concord::everzone
