// save_position: every statement of the position format, canonical.
#include <sstream>

#include "concord/conquests/position.hpp"
#include "prompts.hpp"

namespace concord::conquests {

namespace {

const StarMap& map() { return StarMap::builtin(); }
std::string card_text(const GameState& s, int c) {
  return RulesData::builtin().card(s.card_of[static_cast<std::size_t>(c)]).id + "#" + std::to_string(c + 1);
}

template <typename F>
std::string joined(const std::vector<int>& v, F f) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? "," : "") + f(v[i]);
  return out.empty() ? "-" : out;
}

std::string keys(const std::vector<int>& v) {
  return joined(v, [](int r) { return map().region(r).key; });
}

std::string flagged(const std::vector<char>& flags) {
  std::vector<int> v;
  for (std::size_t i = 0; i < flags.size(); ++i)
    if (flags[i]) v.push_back(static_cast<int>(i));
  return keys(v);
}

void regions(std::ostringstream& o, const GameState& s) {
  for (int r = 0; r < map().size(); ++r) {
    const auto& reg = s.regions[static_cast<std::size_t>(r)];
    if (reg.exists && reg.owner < 0 && reg.agents.empty() && reg.hq < 0) continue;
    o << "region " << map().region(r).key << " owner=" << reg.owner << " units=" << reg.units
      << " agents=" << joined(reg.agents, [](int a) { return std::to_string(a); }) << " hq=" << reg.hq
      << " outpost=" << (reg.outpost < 0 ? "none" : kind_name(static_cast<Kind>(reg.outpost)))
      << " exists=" << (reg.exists ? "yes" : "no") << "\n";
  }
}

void seats(std::ostringstream& o, const GameState& s) {
  for (int seat = 0; seat < s.players; ++seat) {
    const auto& p = s.seats[static_cast<std::size_t>(seat)];
    o << "seat " << seat << " schedule=" << p.schedule[0] << "," << p.schedule[1] << "," << p.schedule[2]
      << " reserves=" << p.reserves[0] << "," << p.reserves[1] << "," << p.reserves[2]
      << " hand=" << joined(p.hand, [&](int c) { return card_text(s, c); }) << " regions=" << keys(p.region_cards);
    std::string in_play;
    for (const auto& c : p.in_play) in_play += (in_play.empty() ? "" : ",") + card_text(s, c.card) + ":" + kind_name(static_cast<Kind>(c.token));
    o << " in_play=" << (in_play.empty() ? "-" : in_play) << "\n";
  }
}

void turn(std::ostringstream& o, const GameState& s) {
  const auto& t = s.turn;
  if (t.seat < 0) return;
  std::string produced;
  for (std::size_t r = 0; r < t.produced.size(); ++r)
    if (t.produced[r]) produced += (produced.empty() ? "" : ",") + map().region(static_cast<int>(r)).key + ":" + std::to_string(t.produced[r]);
  o << "turn seat=" << t.seat << " kind=" << kind_name(static_cast<Kind>(t.kind)) << " actions=" << t.actions
    << " claimed=" << (t.claimed ? "yes" : "no") << " acted=" << flagged(t.acted) << " planted=" << flagged(t.planted)
    << " produced=" << (produced.empty() ? "-" : produced) << " present=" << flagged(t.present) << "\n";
}

std::string dice(const std::array<int, 3>& d) {
  return std::to_string(d[0]) + ":" + std::to_string(d[1]) + ":" + std::to_string(d[2]);
}

void battle(std::ostringstream& o, const GameState& s) {
  if (!s.battle) return;
  const auto& b = *s.battle;
  static const char* const q[] = {"damage", "shield", "tactics"};
  o << "battle attacker=" << b.seat[0] << " defender=" << b.seat[1] << " from=" << map().region(b.region[0]).key
    << " to=" << map().region(b.region[1]).key << " advantage=" << b.advantage
    << " question=" << (b.question < 0 ? "none" : q[b.question]) << " tactics=" << b.tactics_side << ":" << b.tactics_left << "\n";
  for (std::size_t i = 0; i < 2; ++i)
    o << "battle_side " << i << " choice=" << (b.choice[i] ? dice(b.choice[i]->count) : "none")
      << " rolled=" << dice(b.rolled[i]) << " power=" << b.power_bonus[i] << " shields=" << b.shield_bonus[i]
      << " damage=" << b.damage_bonus[i] << " passed=" << (b.passed[i] ? "yes" : "no") << " absorb=" << b.absorb[i]
      << " lowered=" << b.lowered[i] << "\n";
}

}  // namespace

std::string save_position(const GameState& s) {
  std::ostringstream o;
  o << "conquests_position\nplayers " << s.players << "\n";
  o << "options end=" << (s.end == EndCondition::Trinity ? "trinity" : "revelation")
    << " length=" << (s.length == Length::Normal ? "normal" : s.length == Length::Long ? "long" : "epic")
    << " doom=" << (s.doom ? "yes" : "no") << " doom_active=" << (s.doom_active ? "yes" : "no")
    << " marker=" << s.eve_marker << "\n";
  o << "first " << s.first << "\nmonth " << s.month << "\nsetup_round " << s.setup_round << "\n";
  const auto& rng = s.rng.state();
  o << "rng " << rng[0] << " " << rng[1] << " " << rng[2] << " " << rng[3] << "\n";
  o << "supply tokens=" << s.token_supply[0] << "," << s.token_supply[1] << "," << s.token_supply[2]
    << " outposts=" << s.outpost_supply << "\n";
  regions(o, s);
  for (int sq = 0; sq < kSquares; ++sq)
    o << "square " << sq << " revealed=" << (s.landscape[static_cast<std::size_t>(sq)].revealed ? "yes" : "no")
      << " cards=" << keys(s.landscape[static_cast<std::size_t>(sq)].cards) << "\n";
  seats(o, s);
  for (const auto& seal : s.seals)
    o << "seal " << (seal.seat < 0 ? std::string("eve") : std::to_string(seal.seat)) << " "
      << kind_name(static_cast<Kind>(seal.kind)) << " " << seal.month << " " << seal.order << "\n";
  o << "next_order " << s.next_order << "\n";
  for (int k = 0; k < kKinds; ++k) {
    const auto card = [&](int c) { return card_text(s, c); };
    o << "deck " << kind_name(static_cast<Kind>(k)) << " " << joined(s.decks[static_cast<std::size_t>(k)], card) << "\n";
    o << "discard " << kind_name(static_cast<Kind>(k)) << " " << joined(s.discards[static_cast<std::size_t>(k)], card) << "\n";
  }
  turn(o, s);
  if (s.pending == Pending::MoveUnits) o << "move left=" << s.move_left << " moved=" << (s.moved_any ? "yes" : "no") << "\n";
  battle(o, s);
  for (const auto& l : s.losses)
    o << "loss " << map().region(l.region).key << " victim=" << l.victim << " winner=" << l.winner
      << " from=" << map().region(l.from).key << " outpost=" << (l.outpost < 0 ? "none" : kind_name(static_cast<Kind>(l.outpost)))
      << " stage=" << l.stage << "\n";
  o << "pending " << pending_name(s.pending) << " " << s.pending_seat << " " << s.pending_count << "\n";
  if (s.result) {
    o << "result " << s.result->reason << " " << (s.result->draw ? "draw" : "win");
    for (int w : s.result->winners) o << " " << w;
    o << "\n";
  }
  return o.str();
}

std::string save_position(const ConquestsMatch& match) { return save_position(match.state()); }

}  // namespace concord::conquests
