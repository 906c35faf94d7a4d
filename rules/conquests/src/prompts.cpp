#include "prompts.hpp"

#include "calendar.hpp"

#include <algorithm>
#include <string>

namespace concord::conquests {

namespace {

rules::PromptOption opt(std::string id, std::string label) { return {std::move(id), std::move(label), std::nullopt}; }

rules::Prompt make(const char* kind, std::string text) {
  rules::Prompt p;
  p.kind = kind;
  p.text = std::move(text);
  return p;
}

std::string square_name(int sq) { return std::string(nebula_name(sq / 3)) + " " + static_cast<char>('A' + sq % 3); }

}  // namespace

std::string card_ref(int instance) { return "c" + std::to_string(instance + 1); }

std::optional<int> card_from_ref(const std::string& ref) {
  if (ref.size() < 2 || ref[0] != 'c') return std::nullopt;
  int n = 0;
  for (std::size_t i = 1; i < ref.size(); ++i) {
    if (ref[i] < '0' || ref[i] > '9' || n > 100000) return std::nullopt;
    n = n * 10 + (ref[i] - '0');
  }
  return n - 1;
}

std::optional<rules::Prompt> Prompts::for_seat(int seat) const {
  if (s_.pending == Pending::Over || seat < 0 || seat >= s_.players) return std::nullopt;
  if (s_.battle && (s_.pending == Pending::Dice || s_.pending == Pending::Ask || s_.pending == Pending::CombatCards ||
                    s_.pending == Pending::Tactics))
    return battle_prompt(seat);
  if (seat != s_.pending_seat) return std::nullopt;
  switch (s_.pending) {
    case Pending::SetupFlip:
    case Pending::SetupHq:
    case Pending::SetupUnit:
      return setup_prompt();
    case Pending::Turn:
      return turn_prompt();
    case Pending::CardTarget:
      return card_target_prompt();
    case Pending::MoveUnits:
      return move_prompt();
    case Pending::Schedule:
      return schedule_prompt();
    case Pending::TokenLoss:
    case Pending::Steal:
    case Pending::Invade:
      return aftermath_prompt();
    default:
      break;
  }
  if (s_.pending == Pending::FlipAfterClaim) {
    auto p = make("flip_region", "Flip the top card of a political landscape square");
    for (int sq : face_down_squares()) p.options.push_back(opt("flip:" + std::to_string(sq), square_name(sq)));
    return p;
  }
  if (s_.pending == Pending::ChooseSeal) {
    auto p = make("choose_seal", "Your Seals are next one after the other: which turn first?");
    for (int i : Calendar::next(s_)) {
      const char* kind = kind_name(static_cast<Kind>(s_.seals[static_cast<std::size_t>(i)].kind));
      p.options.push_back(opt(std::string("seal:") + kind, kind));
    }
    return p;
  }
  // Pending::Discard
  auto p = make("discard", "Discard a card of this turn's type for one extra action?");
  p.options.push_back(opt("keep", "no"));
  for (int c : s_.seats[static_cast<std::size_t>(seat)].hand)
    if (static_cast<int>(data_.card(s_.card_of[static_cast<std::size_t>(c)]).deck) == s_.turn.kind)
      p.options.push_back(opt("discard:" + card_ref(c), data_.card(s_.card_of[static_cast<std::size_t>(c)]).name));
  return p;
}

std::vector<int> Prompts::face_down_squares() const {
  std::vector<int> out;
  for (int sq = 0; sq < kSquares; ++sq)
    if (!s_.landscape[static_cast<std::size_t>(sq)].cards.empty() && !s_.landscape[static_cast<std::size_t>(sq)].revealed)
      out.push_back(sq);
  return out;
}

std::vector<int> Prompts::setup_unit_regions(int seat) const {
  std::vector<int> out;
  for (int r = 0; r < map_.size(); ++r) {
    const auto& reg = board_.at(r);
    if (!reg.exists) continue;
    const bool own = reg.owner == seat;
    const bool enemy = reg.owner != kNoSeat && reg.owner != seat && board_.adjacent_to_owned(seat, r);
    const bool expand = board_.empty(r) && board_.adjacent_to_present(seat, r);
    if (own || enemy || expand) out.push_back(r);
  }
  return out;
}

rules::Prompt Prompts::setup_prompt() const {
  if (s_.pending == Pending::SetupFlip) {
    auto p = make("flip_region", "Setup: flip the top card of a political landscape square");
    for (int sq : face_down_squares()) p.options.push_back(opt("flip:" + std::to_string(sq), square_name(sq)));
    return p;
  }
  if (s_.pending == Pending::SetupHq) {
    auto p = make("place_headquarters", s_.players == 2 ? "Setup: place your headquarters on a green or blue region"
                                                        : "Setup: place your headquarters on a green region");
    for (int r = 0; r < map_.size(); ++r) {
      const auto colour = map_.region(r).colour;
      const bool colour_ok = colour == Colour::Green || (s_.players == 2 && colour == Colour::Blue);
      if (colour_ok && board_.empty(r)) p.options.push_back(opt("hq:" + map_.region(r).key, map_.region(r).name));
    }
    return p;
  }
  auto p = make("place_unit", "Setup: place one unit (round " + std::to_string(s_.setup_round + 1) + " of 8)");
  for (int r : setup_unit_regions(s_.pending_seat)) p.options.push_back(opt("unit:" + map_.region(r).key, map_.region(r).name));
  return p;
}

rules::Prompt Prompts::turn_prompt() const {
  auto p = make("turn", std::string(kind_name(static_cast<Kind>(s_.turn.kind))) + " turn: " +
                            std::to_string(s_.turn.actions) + " action(s) left");
  p.options.push_back(opt("end", "end the turn"));
  if (s_.turn.actions > 0) action_options(p);
  free_options(p);
  return p;
}

std::vector<int> Prompts::expand_targets(int seat, bool at_turn_start) const {
  std::vector<int> out;
  for (int r = 0; r < map_.size(); ++r) {
    if (!board_.empty(r)) continue;
    for (int g : board_.gates(r)) {
      const bool ok = at_turn_start ? s_.turn.present[static_cast<std::size_t>(g)] != 0 : board_.owns(seat, g);
      if (ok) {
        out.push_back(r);
        break;
      }
    }
  }
  return out;
}

void Prompts::action_options(rules::Prompt& p) const {
  const int seat = s_.turn.seat;
  if (s_.turn.kind == static_cast<int>(Kind::Development)) return development_options(p);
  if (s_.turn.kind == static_cast<int>(Kind::Logistics)) return logistics_options(p);
  if (board_.supply(seat) <= 0) return;
  for (int r = 0; r < map_.size(); ++r) {
    const auto& reg = board_.at(r);
    if (reg.owner == seat && (reg.outpost >= 0 || reg.hq == seat) && s_.turn.produced[static_cast<std::size_t>(r)] < 3)
      p.options.push_back(opt("produce:" + map_.region(r).key, "produce a unit in " + map_.region(r).name));
  }
}

void Prompts::development_options(rules::Prompt& p) const {
  const int seat = s_.turn.seat;
  if (board_.supply(seat) <= 0) return;
  for (int r : expand_targets(seat, true))
    p.options.push_back(opt("expand:" + map_.region(r).key, "expand into " + map_.region(r).name));
  for (int r = 0; r < map_.size(); ++r) {
    const auto& reg = board_.at(r);
    if (reg.exists && reg.owner != kNoSeat && reg.owner != seat && !s_.turn.planted[static_cast<std::size_t>(r)] &&
        board_.adjacent_to_owned(seat, r))
      p.options.push_back(opt("plant:" + map_.region(r).key, "plant an agent in " + map_.region(r).name));
  }
}

void Prompts::logistics_options(rules::Prompt& p) const {
  const int seat = s_.turn.seat;
  for (int k = 0; k < kKinds; ++k)
    if (!s_.decks[static_cast<std::size_t>(k)].empty() || !s_.discards[static_cast<std::size_t>(k)].empty())
      p.options.push_back(opt(std::string("draw:") + kind_name(static_cast<Kind>(k)), "draw a project card"));
  const auto links = board_.links(seat);
  for (int r = 0; r < map_.size(); ++r) {
    const auto& reg = board_.at(r);
    if (reg.owner != seat || s_.turn.acted[static_cast<std::size_t>(r)]) continue;
    const int movable = reg.hq == seat ? reg.units : reg.units - 1;
    bool has_target = false;
    for (int d = 0; d < map_.size() && !has_target; ++d)
      has_target = d != r && board_.owns(seat, d) && links[static_cast<std::size_t>(d)] == links[static_cast<std::size_t>(r)];
    if (movable > 0 && has_target) p.options.push_back(opt("move:" + map_.region(r).key, "move units from " + map_.region(r).name));
    if (reg.units == 0) continue;
    for (int g : board_.gates(r)) {
      const auto& target = board_.at(g);
      if (target.owner != kNoSeat && target.owner != seat && target.units > 0)
        p.options.push_back(opt("attack:" + map_.region(r).key + ":" + map_.region(g).key,
                                "attack " + map_.region(g).name + " from " + map_.region(r).name));
    }
  }
}

std::vector<std::pair<int, int>> Prompts::claimable(int seat) const {
  std::vector<std::pair<int, int>> out;
  const auto links = board_.links(seat);
  auto base = [&](int sq) {
    const auto& square = s_.landscape[static_cast<std::size_t>(sq)];
    if (!square.revealed || square.cards.empty()) return -1;
    const int r = square.cards.back();
    const auto& reg = board_.at(r);
    return reg.owner == seat && (reg.outpost >= 0 || reg.hq == seat) ? r : -1;
  };
  for (int a = 0; a < kSquares; ++a)
    for (int b = a + 1; b < kSquares; ++b) {
      const int ra = base(a), rb = base(b);
      const bool match = a / 3 == b / 3 || a % 3 == b % 3;
      if (ra >= 0 && rb >= 0 && match && links[static_cast<std::size_t>(ra)] == links[static_cast<std::size_t>(rb)])
        out.emplace_back(a, b);
    }
  return out;
}

void Prompts::free_options(rules::Prompt& p) const {
  const int seat = s_.turn.seat;
  if (s_.outpost_supply > 0)
    for (int r = 0; r < map_.size(); ++r) {
      if (!board_.outpost_allowed(seat, r)) continue;
      for (int k = 0; k < kKinds; ++k)
        if (s_.token_supply[static_cast<std::size_t>(k)] > 0)
          p.options.push_back(opt("outpost:" + map_.region(r).key + ":" + kind_name(static_cast<Kind>(k)),
                                  std::string("build a ") + kind_name(static_cast<Kind>(k)) + " outpost in " + map_.region(r).name));
    }
  if (s_.turn.kind == static_cast<int>(Kind::Development) && !s_.turn.claimed)
    for (const auto& [a, b] : claimable(seat))
      p.options.push_back(opt("claim:" + std::to_string(a) + ":" + std::to_string(b), "claim two Region cards"));
  for (int c : playable_cards(seat))
    p.options.push_back(opt("play:" + card_ref(c), data_.card(s_.card_of[static_cast<std::size_t>(c)]).name));
  for (const auto& in_play : s_.seats[static_cast<std::size_t>(seat)].in_play)
    p.options.push_back(opt("return:" + card_ref(in_play.card), "take the token back (the card is discarded)"));
}

bool Prompts::card_playable(int seat, int c) const {
  const auto& card = data_.card(s_.card_of[static_cast<std::size_t>(c)]);
  if (card.combat()) return false;
  if (card.token && s_.seats[static_cast<std::size_t>(seat)].reserves[static_cast<std::size_t>(*card.token)] == 0) return false;
  switch (card.effect) {
    case Effect::ExtraAction:
      return s_.turn.kind == static_cast<int>(card.deck);
    case Effect::FreeExpand:
      return board_.supply(seat) > 0 && !expand_targets(seat, false).empty();
    case Effect::RevealRegion:
      return !face_down_squares().empty();
    case Effect::AdvanceSeal:
      for (const auto& seal : s_.seals)
        if (seal.seat == seat && seal.month > s_.month) return true;
      return false;
    case Effect::DelaySeal:
      for (const auto& seal : s_.seals)
        if (seal.seat != seat && seal.seat != kNoSeat) return true;
      return false;
    default:
      return true;
  }
}

std::vector<int> Prompts::playable_cards(int seat) const {
  std::vector<int> out;
  for (int c : s_.seats[static_cast<std::size_t>(seat)].hand)
    if (card_playable(seat, c)) out.push_back(c);
  return out;
}

std::vector<int> Prompts::combat_cards(int seat) const {
  std::vector<int> out;
  for (int c : s_.seats[static_cast<std::size_t>(seat)].hand)
    if (data_.card(s_.card_of[static_cast<std::size_t>(c)]).combat()) out.push_back(c);
  return out;
}

rules::Prompt Prompts::card_target_prompt() const {
  const int seat = s_.pending_seat;
  const auto& card = data_.card(s_.card_of[static_cast<std::size_t>(s_.pending_count)]);
  auto p = make("card_target", card.name + ": choose");
  if (card.effect == Effect::FreeExpand) {
    for (int r : expand_targets(seat, false)) p.options.push_back(opt("expand:" + map_.region(r).key, map_.region(r).name));
  } else if (card.effect == Effect::RevealRegion) {
    for (int sq : face_down_squares()) p.options.push_back(opt("flip:" + std::to_string(sq), square_name(sq)));
  } else {
    const bool advance = card.effect == Effect::AdvanceSeal;
    for (const auto& seal : s_.seals) {
      const bool ok = advance ? seal.seat == seat && seal.month > s_.month : seal.seat != seat && seal.seat != kNoSeat;
      if (ok)
        p.options.push_back(opt("seal:" + std::to_string(seal.seat) + ":" + kind_name(static_cast<Kind>(seal.kind)),
                                "seat " + std::to_string(seal.seat) + " " + kind_name(static_cast<Kind>(seal.kind))));
    }
  }
  return p;
}

rules::Prompt Prompts::move_prompt() const {
  const int seat = s_.pending_seat;
  const int from = s_.pending_count;
  auto p = make("move_units", "Move units from " + map_.region(from).name + " (" + std::to_string(s_.move_left) + " movable)");
  if (s_.moved_any) p.options.push_back(opt("done", "stop moving"));
  const auto links = board_.links(seat);
  for (int d = 0; d < map_.size(); ++d)
    if (d != from && board_.owns(seat, d) && links[static_cast<std::size_t>(d)] == links[static_cast<std::size_t>(from)])
      p.options.push_back({"to:" + map_.region(d).key, "to " + map_.region(d).name, rules::ValueRange{1, s_.move_left}});
  return p;
}

rules::Prompt Prompts::schedule_prompt() const {
  const auto& pl = s_.seats[static_cast<std::size_t>(s_.pending_seat)];
  const auto k = static_cast<std::size_t>(s_.turn.kind);
  auto p = make("schedule", std::string("Start the next ") + kind_name(static_cast<Kind>(k)) + " schedule: choose its level");
  const int max_level = 1 + std::min(2, pl.schedule[k] + pl.reserves[k]);
  for (int level = 1; level <= max_level; ++level) {
    const auto& sch = data_.schedule(static_cast<Kind>(k), level);
    p.options.push_back(opt("level:" + std::to_string(level), std::to_string(sch.actions) + " actions, " +
                                                                 std::to_string(sch.months) + " months"));
  }
  return p;
}

}  // namespace concord::conquests
