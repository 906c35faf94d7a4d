// ConquestsView::to_text: a plain rendering of exactly what the view holds.
#include <sstream>

#include "concord/conquests/view.hpp"

namespace concord::conquests {

namespace {

void dice_text(std::ostringstream& o, const Dice& d) {
  o << d.count[0] << " damage " << d.count[1] << " shield " << d.count[2] << " tactics";
}

void battle_text(std::ostringstream& o, const BattleView& b) {
  o << "battle: seat " << b.seats[0] << " from " << b.regions[0] << " attacks seat " << b.seats[1] << " in "
    << b.regions[1] << "; agent advantage " << b.advantage << "\n";
  for (std::size_t i = 0; i < 2; ++i) {
    o << "  side " << i << ": " << (b.chosen[i] ? "chosen" : "choosing");
    if (b.choice[i]) {
      o << " (";
      dice_text(o, *b.choice[i]);
      o << ")";
    }
    if (b.rolled) o << " rolled " << (*b.rolled)[i][0] << "/" << (*b.rolled)[i][1] << "/" << (*b.rolled)[i][2];
    o << "\n";
  }
  if (!b.question.empty()) {
    o << "  question: how many " << b.question << " dice";
    if (b.answer) o << " -> " << *b.answer;
    o << "\n";
  }
}

}  // namespace

std::string ConquestsView::to_text() const {
  std::ostringstream o;
  o << "EVE: Conquests, " << players << " players, month " << month << " (" << month % 12 + 1 << "), "
    << end_condition << " marker " << eve_marker << (doom_active ? " (impending doom)" : "") << "\n";
  o << "waiting: " << pending << " seat " << pending_seat << "\n";
  for (const auto& r : regions) {
    if (r.owner < 0 && r.agents.empty() && r.marker.empty()) continue;
    o << r.key << ": owner " << r.owner << " units " << r.units;
    if (!r.agents.empty()) {
      o << " agents";
      for (int a : r.agents) o << " " << a;
    }
    if (r.hq >= 0) o << " hq " << r.hq;
    if (!r.outpost.empty()) o << " outpost " << r.outpost;
    if (!r.marker.empty()) o << " marker " << r.marker;
    o << "\n";
  }
  for (int sq = 0; sq < kSquares; ++sq)
    o << "square " << sq << ": " << square_counts[static_cast<std::size_t>(sq)] << " cards"
      << (face_up[static_cast<std::size_t>(sq)].empty() ? "" : ", top " + face_up[static_cast<std::size_t>(sq)]) << "\n";
  for (const auto& seal : seals) o << "seal " << seal.seat << " " << seal.kind << " month " << seal.month << "\n";
  for (const auto& s : seats) {
    o << "seat " << s.seat << ": " << s.victory_points << " VP, schedules " << s.schedule[0] << s.schedule[1]
      << s.schedule[2] << ", reserves " << s.reserves[0] << s.reserves[1] << s.reserves[2] << ", supply "
      << s.units_in_supply << ", hand " << s.hand_count << "\n";
    for (const auto& c : s.in_play) o << "  in play: " << c.name << " (" << c.ref << ")\n";
    for (const auto& r : s.region_cards) o << "  region card: " << r << "\n";
    if (s.hand)
      for (const auto& c : *s.hand) o << "  hand: " << c.name << " (" << c.ref << ")\n";
  }
  if (battle) battle_text(o, *battle);
  if (result) o << "result: " << result->reason << (result->draw ? " (tie)" : "") << "\n";
  return o.str();
}

}  // namespace concord::conquests
