// EveMatch: static abilities, applied by one modifier pass.
//  - "Static abilities produce their effect while they are in play. For
//    example, 'All your ships get [+1 shield].'"
//  - "while ships are docked their abilities do not apply": a ship's static
//    abilities count only while it is in a region.
//  - "'You' ... always refer to the player who controls those cards": a
//    location's controller is its region's controller (none: no "friendly").
//  - ECM Turret (Errata): "The added strength of the Jam order is added to any
//    existing Jam abilities ... the effects of several ECM Turret structures accumulate."
//  - FAQ (Guardian): "It receives no damage from ships except damage that was
//    redirected to it. Damage dealt by cards other than ships is dealt in the normal way."
//  - FAQ (Insurance Fraud): "a static ability that applies while Insurance Fraud is in play."
//  - FAQ: "An effect that prohibits an action always takes priority over an
//    effect that allows that same action" (Censor Office over Holder Tower).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

// Every card whose static abilities apply now, with its controller and region
// (no allocation: this runs for every shield and attack the engine reads).
template <typename F>
void EveMatch::for_each_static(F&& f) const {
  auto has = [&](CardId id) { return !def(id).statics.empty(); };
  for (SeatIndex s = 0; s < seat_count(); ++s) {
    const SeatState& seat = state_.seats[s];
    if (seat.out) continue;
    for (CardId id : seat.structures) {
      if (has(id)) f(StaticSource{id, s, state_.home_of(s)});
    }
    for (CardId id : seat.news) {
      if (has(id)) f(StaticSource{id, s, ""});
    }
  }
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) {
      if (has(id)) f(StaticSource{id, state_.cards[id].owner, r.key});
    }
    for (CardId id : r.locations) {
      if (has(id)) f(StaticSource{id, state_.location_controller(r, id), r.key});
    }
  }
}

template <typename F>
void EveMatch::for_each_region_change(CardId ship, F&& f) const {
  const Region* r = ship_region(ship);
  if (!r) return;
  for (const auto& st : db_.find(r->card)->statics) {
    if (st.kind != StaticKind::Change || st.scope != StaticScope::AllShipsInRegion) continue;
    if (!condition_holds(st.condition, ship)) continue;
    for (const auto& ch : st.changes) f(ch);
  }
}

bool EveMatch::in_scope(const StaticSource& src, StaticScope scope, CardId ship, const std::string& where) const {
  const SeatIndex owner = state_.cards[ship].owner;
  switch (scope) {
    case StaticScope::Self: return ship == src.card;
    case StaticScope::EnemyShipsInRegion:
      return where == src.region && src.controller >= 0 && !state_.allied(owner, src.controller);
    case StaticScope::OtherFriendlyShipsInRegion:
      return where == src.region && state_.allied(owner, src.controller) && ship != src.card;
    case StaticScope::FriendlyShipsInRegion: return where == src.region && state_.allied(owner, src.controller);
    case StaticScope::FriendlyShipsInHomeRegion:
      return src.controller >= 0 && where == state_.home_of(src.controller) && state_.allied(owner, src.controller);
    case StaticScope::AllShipsInRegion: return where == src.region;
  }
  return false;
}

// "Friendly ships in this region get [+X attack], where X equals the excess of
// your ships over enemy ships in this region" (Scimitar, Errata).
int EveMatch::excess_ships(SeatIndex seat, const std::string& region) const {
  const Region* r = state_.region(region);
  if (!r) return 0;
  int mine = 0;
  int enemy = 0;
  // "your ships over enemy ships": an ally's ships are neither (alliances).
  for (CardId id : r->ships) {
    const SeatIndex owner = state_.cards[id].owner;
    if (owner == seat) ++mine;
    else if (!state_.allied(owner, seat)) ++enemy;
  }
  return std::max(0, mine - enemy);
}

EveMatch::ShipMods EveMatch::ship_mods(CardId ship) const { return ship_mods(ship, ship_location(ship)); }

EveMatch::ShipMods EveMatch::ship_mods(CardId ship, const std::string& where) const {
  ShipMods m;
  if (where.empty() || where == kDocks) return m;  // docked ships: nothing applies to them in a region
  auto add = [&m](const Change& ch) {
    if (ch.kind == ChangeKind::Shield) m.shield += ch.amount;
    if (ch.kind == ChangeKind::Attack) m.attack += ch.amount;
    if (ch.kind == ChangeKind::Jam) m.jam += ch.amount;
  };
  for_each_region_change(ship, add);  // the region card's own statics ("All ships in this region")
  for_each_static([&](const StaticSource& src) {
    for (const auto& st : def(src.card).statics) {
      if (!in_scope(src, st.scope, ship, where)) continue;
      if (st.kind == StaticKind::AttackPerExcessShips) m.attack += excess_ships(src.controller, src.region);
      if (st.kind != StaticKind::Change || !condition_holds(st.condition, ship)) continue;
      for (const auto& ch : st.changes) add(ch);
    }
  });
  // Blood Rogue: "This ship gets [+1 attack] and [+1 shield] for each card lying face down under it."
  for (const auto& [card, holder] : state_.under) {
    if (holder == ship) {
      m.attack += 1;
      m.shield += 1;
    }
  }
  apply_lingering(ship, m);  // Field Supply Router, Stubborn Mechanic, ... (match_layer.cpp)
  return m;
}

// Damage prevention: Guardian (damage from ships), Oneiros (with company),
// lingering effects (Ahremen Arkah: this turn, while in remote regions).
bool EveMatch::damage_prevented(const DamageEntry& d) const {
  const CardId t = d.target;
  const std::string& where = ship_location(t);
  const Region* r = state_.region(where);
  if (has_change(t, ChangeKind::PreventDamage)) return true;
  if (!r) return false;  // statics of a ship apply only in a region
  if (static_change(t, ChangeKind::PreventDamage)) return true;  // Oneiros "with company"
  const bool from_ship = d.source >= 0 && def(d.source).type == CardType::Ship;
  return def(t).has_static(StaticKind::PreventDamageFromShips) && from_ship && !d.redirected;
}

bool EveMatch::static_change(CardId ship, ChangeKind kind, const std::string& order) const {
  const std::string& where = ship_location(ship);
  if (where.empty() || where == kDocks) return false;
  bool found = false;
  auto match = [&](const Change& ch) {
    found = found || (ch.kind == kind && (ch.order.empty() || ch.order == order));
  };
  for_each_region_change(ship, match);
  for_each_static([&](const StaticSource& src) {
    for (const auto& st : def(src.card).statics) {
      if (st.kind != StaticKind::Change || !in_scope(src, st.scope, ship, where)) continue;
      if (!condition_holds(st.condition, ship)) continue;
      for (const auto& ch : st.changes) match(ch);
    }
  });
  return found;
}

// "All players' income is increased by 1" (Market Fluctuations).
std::int64_t EveMatch::income_bonus() const {
  std::int64_t bonus = 0;
  for_each_static([&](const StaticSource& src) {
    for (const auto& st : def(src.card).statics) {
      if (st.kind == StaticKind::IncomeAllPlayers) bonus += st.amount;
    }
  });
  return bonus;
}

// "When a friendly ship is destroyed, gain credits equal to its cost" (Insurance
// Fraud): its controller gains them (alliances: an ally's ship is friendly too).
void EveMatch::ship_destroyed(CardId ship, SeatIndex controller, Events& ev) {
  queue_when_destroyed(ship);
  std::vector<std::pair<CardId, SeatIndex>> frauds;
  for_each_static([&](const StaticSource& src) {
    if (state_.allied(src.controller, controller) && def(src.card).has_static(StaticKind::GainCostOfDestroyedFriendly)) {
      frauds.emplace_back(src.card, src.controller);
    }
  });
  for (const auto& fraud : frauds) {
    const int credits = def(ship).cost;
    state_.seats[fraud.second].wallet += credits;
    emit(ev, "credits_gained", seat_name(fraud.second) + " gains " + std::to_string(credits) + " credit(s) (" +
                                   def(fraud.first).name + ")");
  }
}

// Censor Office: "Opponents cannot play cards or upgrade their bases during
// your turn, except News" - a prohibition, so it beats Holder Tower's permission.
// Alliances: the turn is every member's, and allies are no opponents.
bool EveMatch::censored(SeatIndex seat) const {
  if (state_.allied(seat, state_.active)) return false;
  bool prohibited = false;
  for_each_static([&](const StaticSource& src) {
    prohibited = prohibited ||
                 (state_.allied(src.controller, state_.active) && def(src.card).has_static(StaticKind::OpponentsOnlyNews));
  });
  return prohibited;
}

}  // namespace concord::eve
