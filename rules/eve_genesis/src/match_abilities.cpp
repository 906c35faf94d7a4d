// EveMatch: activated abilities ("Advanced Rules", Abilities):
//  - "Activated abilities are played by you, as many times as you want and are
//    able. Such abilities consist of two parts, separated by the sign ':' in
//    their text. The cost stands to the left of this sign, and the ability's
//    effect to the right."
//  - Played whenever the controller has priority, like News ("everyone gets the
//    chance to play a News card or an activated ability"); they go on the pile.
//  - "Docked ships cannot be targeted ... while ships are docked their
//    abilities do not apply"; an attacking ship "cannot use its activated
//    abilities" (Management phase rule, FAQ EMP Minefield).
//  - Characters: "Agent" abilities in the docks, "Pilot" abilities while piloting.
//  - FAQ (EMP Minefield): "To play an ability that names a target, there must
//    be a legal target in play."
//  - FAQ (Ginnungagap): prohibit beats allow - a location in Ginnungagap cannot
//    be sacrificed ("locations cannot leave that region").
// Option ids: "ability:<source>:<effect>" or "ability:<source>:<effect>><cN>",
// <source> a card (cN) or a remote region key (Ginnungagap).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

rules::Rejection reject(const char* code, std::string message) {
  return rules::Rejection{code, std::move(message)};
}

}  // namespace

const CardDef& EveMatch::ability_def(CardId card, const std::string& region) const {
  if (card >= 0) return def(card);
  return *db_.find(state_.region(region)->card);
}

// Remote regions whose locations cannot leave (Ginnungagap, "even if uncontrolled").
bool EveMatch::location_locked(CardId location) const {
  for (const auto& r : state_.regions) {
    if (!r.home && contains(r.locations, location) && db_.find(r.card)->locations_locked) return true;
  }
  return false;
}

// Whether the source's activated abilities apply now for the seat (role: characters).
bool EveMatch::ability_applies(SeatIndex seat, const Action& a, const EffectDef& e) const {
  if (a.card < 0) {
    const Region* r = state_.region(a.target);
    return r && !r->home && r->controller == seat;
  }
  const CardDef& d = def(a.card);
  const SeatState& s = state_.seats[seat];
  if (d.type == CardType::Character) {
    if (state_.cards[a.card].owner != seat) return false;
    if (contains(s.docks, a.card)) return e.role != AbilityRole::Pilot;
    return contains(s.pilots, a.card) && e.role != AbilityRole::Agent;
  }
  if (d.type == CardType::Ship) {
    const std::string& where = ship_location(a.card);
    return state_.cards[a.card].owner == seat && !where.empty() && where != kDocks && !is_attacking(a.card);
  }
  if (d.type == CardType::Location) {
    for (const auto& r : state_.regions) {
      if (contains(r.locations, a.card)) return state_.location_controller(r, a.card) == seat;
    }
    return false;
  }
  return contains(s.structures, a.card) || contains(s.news, a.card);
}

// The region an ability's "this region" means: the source's region (a ship's or
// a location's), a structure's home region, a region itself.
std::string EveMatch::ability_region(SeatIndex seat, const Action& a) const {
  if (a.card < 0) return a.target;
  const CardDef& d = def(a.card);
  if (d.type == CardType::Ship) return ship_location(a.card);
  if (d.type == CardType::Location) {
    for (const auto& r : state_.regions) {
      if (contains(r.locations, a.card)) return r.key;
    }
  }
  return state_.home_of(seat);
}

std::optional<rules::Rejection> EveMatch::check_ability_target(SeatIndex seat, const Action& a,
                                                               const EffectDef& e) const {
  const CardId t = a.on;
  if (e.target == TargetKind::None || e.target == TargetKind::PilotedShip) {
    if (t >= 0) return reject("ILLEGAL_TARGET", "this ability names no target");
    return std::nullopt;
  }
  if (t < 0 || t >= static_cast<CardId>(state_.cards.size())) {
    return reject("ILLEGAL_TARGET", "this ability needs a target");
  }
  if (e.target == TargetKind::ScrapheapLocation) {
    if (!contains(state_.seats[seat].scrapheap, t) || def(t).type != CardType::Location) {
      return reject("ILLEGAL_TARGET", card_ref(t) + " is not a location in your scrapheap");
    }
    return std::nullopt;
  }
  if (e.target == TargetKind::Ship) {
    const std::string& where = ship_location(t);
    if (def(t).type != CardType::Ship || where.empty() || where == kDocks) {
      return reject("ILLEGAL_TARGET", card_ref(t) + " is not a ship in a region (docked ships cannot be targeted)");
    }
    if (e.target_in_region && where != ability_region(seat, a)) {
      return reject("ILLEGAL_TARGET", card_name(t) + " is not in this region");
    }
    if (e.target_attacking && !is_attacking(t)) {
      return reject("ILLEGAL_TARGET", card_name(t) + " is not an attacking ship");
    }
  } else if (!in_play_or_on_pile(t)) {
    return reject("ILLEGAL_TARGET", card_ref(t) + " is not in play (undocked) or on the pile");
  }
  if (def(t).untargetable) return reject("ILLEGAL_TARGET", def(t).name + " cannot be targeted");
  return std::nullopt;
}

std::optional<rules::Rejection> EveMatch::check_ability(SeatIndex seat, const Action& a) const {
  const bool valid_card = a.card >= 0 && a.card < static_cast<CardId>(state_.cards.size());
  const Region* region = a.card < 0 ? state_.region(a.target) : nullptr;
  if (!valid_card && !region) return reject("ILLEGAL_ABILITY", "no such ability source");
  const CardDef& d = ability_def(a.card, a.target);
  if (a.effect < 0 || a.effect >= static_cast<int>(d.effects.size()) ||
      d.effects[a.effect].trigger != Trigger::Activated) {
    return reject("ILLEGAL_ABILITY", d.name + " has no activated ability " + std::to_string(a.effect));
  }
  const EffectDef& e = d.effects[a.effect];
  if (!ability_applies(seat, a, e)) {
    return reject("ILLEGAL_ABILITY", d.name + "'s ability does not apply for you now");
  }
  if (!window(state_.phase, state_.step).news) return reject("WINDOW_CLOSED", "no abilities in the Draw phase");
  if (e.cost == AbilityCost::SacrificeSelf && d.type == CardType::Location && location_locked(a.card)) {
    return reject("LOCATION_LOCKED", d.name + " cannot leave its region (prohibit beats allow)");
  }
  if (e.target == TargetKind::PilotedShip && pilot_ship(a.card) < 0) {
    return reject("ILLEGAL_ABILITY", d.name + " pilots no ship");
  }
  if (auto r = check_ability_target(seat, a, e)) return r;
  if (e.cost_credits > state_.seats[seat].wallet) {
    return reject("CANNOT_AFFORD", d.name + "'s ability costs " + std::to_string(e.cost_credits));
  }
  return std::nullopt;
}

CardId EveMatch::pilot_ship(CardId character) const {
  for (const auto& r : state_.regions) {
    for (CardId s : r.ships) {
      if (state_.cards[s].pilot == character) return s;
    }
  }
  return -1;
}

void EveMatch::ability_options(SeatIndex seat, std::vector<Action>& out) const {
  std::vector<Action> sources;
  // controlled_in_play already lists the seat's pilots (once each).
  for (CardId id : controlled_in_play(seat)) sources.push_back(Action{Action::Kind::Ability, id, "", 0});
  for (const auto& r : state_.regions) {
    if (!r.home && r.controller == seat) sources.push_back(Action{Action::Kind::Ability, -1, r.key, 0});
  }
  for (Action a : sources) {
    const CardDef& d = ability_def(a.card, a.target);
    for (int i = 0; i < static_cast<int>(d.effects.size()); ++i) {
      const EffectDef& e = d.effects[i];
      if (e.trigger != Trigger::Activated) continue;
      a.effect = i;
      if (e.target == TargetKind::None || e.target == TargetKind::PilotedShip) {
        out.push_back(a);
        continue;
      }
      std::vector<CardId> targets = e.target == TargetKind::ScrapheapLocation ? state_.seats[seat].scrapheap
                                                                             : targetable_cards();
      std::sort(targets.begin(), targets.end());
      targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
      for (CardId t : targets) {
        a.on = t;
        out.push_back(a);
      }
      a.on = -1;
    }
  }
}

// Pay the cost (credits, the card itself) and put the ability on the pile.
void EveMatch::play_ability(SeatIndex seat, const Action& a, Events& ev) {
  const CardDef& d = ability_def(a.card, a.target);
  const EffectDef& e = d.effects[a.effect];
  PileItem item{PileItem::Kind::Ability, seat, a.card, a.card < 0 ? a.target : "", a.on, a.effect};
  if (e.target == TargetKind::PilotedShip) item.target = pilot_ship(a.card);
  state_.seats[seat].wallet -= e.cost_credits;
  if (e.cost == AbilityCost::SacrificeSelf) {
    pay_by_leaving(a.card, false);
    emit(ev, "sacrificed", seat_name(seat) + " sacrifices " + d.name);
  } else if (e.cost == AbilityCost::ReturnSelfToHand) {
    pay_by_leaving(a.card, true);
    emit(ev, "returned_to_hand", d.name + " returns to " + seat_name(seat) + "'s hand");
  }
  state_.pile.push_back(item);
  emit(ev, "ability_played", seat_name(seat) + " plays the ability of " + d.name +
                                 (item.target >= 0 ? " targeting " + card_ref(item.target) : ""));
}

// A card leaving play to pay a cost: to the scrapheap (sacrifice) or the hand.
void EveMatch::pay_by_leaving(CardId id, bool to_hand) {
  SeatState& owner = state_.seats[state_.cards[id].owner];
  if (remove_from(owner.pilots, id)) {  // a pilot leaves the ship it pilots
    for (auto& c : state_.cards) {
      if (c.pilot == id) c.pilot = -1;
    }
    reset_counters(state_.cards[id]);
    forget(id);
  } else {
    take_out(id);
  }
  (to_hand ? owner.hand : owner.scrapheap).push_back(id);
}

// An activated ability resolves; a target that left means no effect.
void EveMatch::resolve_activated(const PileItem& item, const EffectDef& e, Events& ev) {
  const CardId t = item.target;
  const bool needs_target = e.target != TargetKind::None;
  const bool gone = t < 0 || (e.target == TargetKind::ScrapheapLocation
                                  ? !contains(state_.seats[item.controller].scrapheap, t)
                                  : !in_play_or_on_pile(t));
  if (needs_target && gone) {
    emit(ev, "no_effect", "the ability's target no longer exists");
    return;
  }
  switch (e.kind) {
    case EffectKind::DrawCards:
      for (int i = 0; i < e.amount && !state_.result; ++i) draw(item.controller, ev);
      break;
    case EffectKind::DamageTarget:
      deal_effect_damage(item.controller, {DamageEntry{item.card, t, -1, e.amount}}, ev);
      break;
    case EffectKind::MoveTarget: move_target(item, e, t, ev); break;
    case EffectKind::PutLocationFromScrapheap: {
      remove_from(state_.seats[item.controller].scrapheap, t);
      state_.region(item.region)->locations.push_back(t);
      emit(ev, "location_put_into_play", card_name(t) + " (" + card_ref(t) + ") is put into " + item.region);
      queue_enters_play(t);
      break;
    }
    case EffectKind::AddEffect: add_effects(item.card, item.controller, e, t, "", ev); break;
    default: break;
  }
}

}  // namespace concord::eve
