// EveMatch: characters as pilots ("Card Types: Characters"; Errata "Several
// characters on one ship?").
//  - "When you jump a ship from the docks into your home region, you may
//    choose a character in your docks and attach him to that ship - now the
//    character pilots that ship. Only one character can pilot one ship at a time."
//  - "The character's orders are passed to the ship he pilots. Treat these
//    additional orders as though the ship owns them (they stay on the same side
//    of the card). The strengths of duplicate orders that are executed
//    simultaneously add together."
//  - "When a ship with a pilot leaves play, the character's owner may pay his
//    clone cost and put him in his docks (in which case the character does not
//    leave play with the ship)." The pilot goes to the scrapheap with the ship;
//    the owner is asked (`clone` prompt) before the next pile forms.
// Agent and pilot abilities: activated abilities with a role (match_abilities.cpp).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kClone = "clone";
constexpr const char* kDecline = "decline";

}  // namespace

std::vector<OrderDef> EveMatch::orders_of(CardId ship) const {
  std::vector<OrderDef> out = def(ship).orders;
  const CardId pilot = state_.cards[ship].pilot;
  if (pilot >= 0) {
    for (const auto& o : def(pilot).orders) out.push_back(o);
  }
  return out;
}

std::optional<rules::Rejection> EveMatch::check_pilot(SeatIndex seat, const Action& a) const {
  if (a.on < 0) return std::nullopt;
  if (state_.cards[a.card].pilot >= 0) {
    return rules::Rejection{"ILLEGAL_TARGET", "only one character can pilot one ship at a time"};
  }
  const auto& docks = state_.seats[seat].docks;
  if (a.on >= static_cast<CardId>(state_.cards.size()) || !contains(docks, a.on) ||
      def(a.on).type != CardType::Character) {
    return rules::Rejection{"ILLEGAL_TARGET", card_ref(a.on) + " is not a character in your docks"};
  }
  for (const auto& p : state_.pile) {
    if (p.kind == PileItem::Kind::Jump && p.target == a.on) {
      return rules::Rejection{"ILLEGAL_TARGET", card_name(a.on) + " already boards another ship"};
    }
  }
  return std::nullopt;
}

// The jump resolves: the character (if still in the docks) pilots the ship.
void EveMatch::board_pilot(CardId ship, CardId pilot, Events& ev) {
  SeatState& s = state_.seats[state_.cards[ship].owner];
  if (state_.cards[ship].pilot >= 0 || !remove_from(s.docks, pilot)) return;
  s.pilots.push_back(pilot);
  state_.cards[ship].pilot = pilot;
  emit(ev, "pilot_boarded", card_name(pilot) + " (" + card_ref(pilot) + ") pilots " + card_name(ship) +
                                " (" + card_ref(ship) + ")");
}

// "Characters in your docks are agents"; a pilot boards only when a ship
// jumps from the docks (L35), so a docked ship carries no pilot. Chosen: the
// pilot gets off in the docks whichever way the ship got there (README).
void EveMatch::put_in_docks(CardId ship, Events& ev) {
  CardInstance& c = state_.cards[ship];
  SeatState& owner = state_.seats[c.owner];
  c.order.clear();
  owner.docks.push_back(ship);
  if (const CardId pilot = c.pilot; pilot >= 0) {
    c.pilot = -1;
    SeatState& po = state_.seats[state_.cards[pilot].owner];
    remove_from(po.pilots, pilot);
    po.docks.push_back(pilot);
    emit(ev, "pilot_left_ship", card_name(pilot) + " (" + card_ref(pilot) + ") gets off " + card_name(ship) +
                                    " (" + card_ref(ship) + ") in the docks");
  }
}

// Opens the clone prompt for the next pilot whose owner can pay; true if open.
bool EveMatch::ask_clone(Events&) {
  auto& clones = state_.clones;
  while (!clones.empty()) {
    const CardId pilot = clones.front();
    const SeatState& owner = state_.seats[state_.cards[pilot].owner];
    if (!owner.out && contains(owner.scrapheap, pilot) && owner.wallet >= def(pilot).clone_cost) {
      state_.pending = Pending::Clone;
      state_.prompt_seat = state_.cards[pilot].owner;
      return true;
    }
    clones.erase(clones.begin());
  }
  return false;
}

rules::Prompt EveMatch::clone_prompt() const {
  const CardId pilot = state_.clones.front();
  const std::string cost = std::to_string(def(pilot).clone_cost);
  return rules::Prompt{"clone",
                       card_name(pilot) + " (" + card_ref(pilot) +
                           ") left play with the ship he piloted: pay the clone cost to put him in your docks?",
                       1, 1,
                       {{kClone, "Pay " + cost + " credit(s): " + card_name(pilot) + " returns to your docks",
                         std::nullopt},
                        {kDecline, card_name(pilot) + " stays on the scrapheap", std::nullopt}}};
}

void EveMatch::apply_clone(const rules::Answer& answer, Events& ev) {
  const CardId pilot = state_.clones.front();
  state_.clones.erase(state_.clones.begin());
  SeatState& owner = state_.seats[state_.cards[pilot].owner];
  if (answer.choices.front().option_id == kClone) {
    owner.wallet -= def(pilot).clone_cost;
    remove_from(owner.scrapheap, pilot);
    owner.docks.push_back(pilot);
    emit(ev, "cloned", card_name(pilot) + " (" + card_ref(pilot) + ") is cloned into the docks");
  }
  form_new_pile(ev);
}

}  // namespace concord::eve
