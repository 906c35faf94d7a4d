// EveMatch: lingering effects, the one effect layer (issue 12 section 1,
// README "Cards as data"). An effect has a source, what it affects (a card, or
// the friendly ships of its controller in a region), the change and a
// duration; it may hold only while a condition holds.
//  - The value of a characteristic (shield, attack, Jam) is computed in a
//    fixed order: 1. the printed value (or the copied card's, Reflection of
//    Time), 2. the static abilities in play (match_statics.cpp, cards in
//    their zone order), 3. cards lying under the ship (Blood Rogue), 4. the
//    lingering effects in the order they were created. All changes are
//    additions, so the order matters only for the record; a later kind that
//    sets a value would be applied in its place in this order.
//  - "A card that leaves play is a new object": effects on it end, and
//    effects lasting "while <source> remains in play" end with their source.
//  - Durations end: turn at the start of the next turn, phase when a step of
//    another phase (or a new Combat phase) begins, combat_phase when the
//    Combat phase ends (a new one begins, the attack is resolved, the Results
//    step sends the attackers back: match_combat.cpp) or the turn ends. The
//    targets of Jam, Warp Scramble and Sensor Dampen are such effects
//    (match_keywords.cpp: cannot_execute, cannot_withdraw, attack -X).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

void EveMatch::add_effect(LingeringEffect e, Events& ev) {
  const std::string what = e.card >= 0 ? card_name(e.card) + " (" + card_ref(e.card) + ")"
                                       : "friendly ships in " + e.region;
  emit(ev, "effect", what + ": " + to_string(e.change.kind) +
                         (e.change.amount ? " " + std::to_string(e.change.amount) : std::string()) +
                         (e.change.order.empty() ? std::string() : " " + e.change.order) + " until " +
                         to_string(e.until) + " (" + card_name(e.source) + ")");
  state_.effects.push_back(std::move(e));
}

void EveMatch::expire_effects(Duration until) {
  std::erase_if(state_.effects, [until](const LingeringEffect& e) { return e.until == until; });
}

void EveMatch::forget_effects(CardId id) {
  std::erase_if(state_.effects, [id](const LingeringEffect& e) {
    return e.card == id || (e.source == id && e.until == Duration::WhileSourceInPlay);
  });
}

bool EveMatch::effect_applies(const LingeringEffect& e, CardId ship) const {
  const std::string& where = ship_location(ship);
  if (e.card >= 0 && e.card != ship) return false;
  if (e.card < 0 && (where != e.region || !state_.allied(e.controller, state_.cards[ship].owner))) return false;
  return condition_holds(e.condition, ship);
}

bool EveMatch::condition_holds(Condition c, CardId ship) const {
  const Region* r = ship_region(ship);
  switch (c) {
    case Condition::Always: return true;
    case Condition::InRemoteRegion: return r && !r->home;
    case Condition::WithFriendlyCompany: {  // "more than one friendly ship in this region" (allies' too)
      if (!r) return false;
      const auto friends = std::count_if(r->ships.begin(), r->ships.end(), [&](CardId id) {
        return state_.allied(state_.cards[id].owner, state_.cards[ship].owner);
      });
      return friends > 1;
    }
  }
  return false;
}

void EveMatch::add_effects(CardId source, SeatIndex controller, const EffectDef& e, CardId t,
                           const std::string& region, Events& ev) {
  for (const auto& ch : e.changes) {
    add_effect(LingeringEffect{source, controller, t, region, ch, e.duration, e.condition}, ev);
  }
}

void EveMatch::move_target(const PileItem& item, const EffectDef& e, CardId t, Events& ev) {
  if (location_locked(t)) {
    emit(ev, "no_effect", card_name(t) + " cannot leave its region");  // Ginnungagap
    return;
  }
  SeatState& owner = state_.seats[state_.cards[t].owner];
  if (e.to == Zone::OwnerDocks) {
    // The docks are in play: the ship's pilot does not leave with it (take_out
    // would send him to the scrapheap), he gets off in the docks.
    const CardId pilot = state_.cards[t].pilot;
    state_.cards[t].pilot = -1;
    take_out(t);
    state_.cards[t].pilot = pilot;
    put_in_docks(t, ev);
    // FAQ (EMP Minefield): it "will no longer be able to jump during the Management phase".
    if (state_.phase == Phase::Management) {
      add_effect(LingeringEffect{item.card, item.controller, t, "", Change{ChangeKind::CannotJump, 0, ""},
                                 Duration::EndOfPhase},
                 ev);
    }
    emit(ev, "returned_to_docks", card_name(t) + " (" + card_ref(t) + ") returns to its owner's docks");
    return;
  }
  take_out(t);
  if (e.to == Zone::OwnerMarketBottom) {
    owner.market.push_back(t);  // front = top
    emit(ev, "put_on_market", card_name(t) + " (" + card_ref(t) + ") goes to the bottom of its owner's market");
    return;
  }
  owner.hand.push_back(t);
  emit(ev, "returned_to_hand", card_name(t) + " (" + card_ref(t) + ") returns to its owner's hand");
}

bool EveMatch::has_change(CardId ship, ChangeKind kind, const std::string& order) const {
  return std::any_of(state_.effects.begin(), state_.effects.end(), [&](const LingeringEffect& e) {
    return e.change.kind == kind && (e.change.order.empty() || e.change.order == order) && effect_applies(e, ship);
  });
}

// Warp Scramble X: "During this Combat phase the chosen targets cannot
// withdraw" (a lingering effect; a static CHANGE could say it too).
bool EveMatch::cannot_withdraw(CardId ship) const {
  return has_change(ship, ChangeKind::CannotWithdraw) || static_change(ship, ChangeKind::CannotWithdraw);
}

// Step 4 of the layer: lingering effects in the order created (ship_mods calls
// it for ships in a region: nothing modifies a docked ship's numbers).
void EveMatch::apply_lingering(CardId ship, ShipMods& m) const {
  for (const auto& e : state_.effects) {
    if (!effect_applies(e, ship)) continue;
    switch (e.change.kind) {
      case ChangeKind::Shield: m.shield += e.change.amount; break;
      case ChangeKind::Attack: m.attack += e.change.amount; break;
      case ChangeKind::Jam: m.jam += e.change.amount; break;
      default: break;
    }
  }
}

}  // namespace concord::eve
