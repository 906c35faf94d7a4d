// EveMatch: damage, shields and destruction.
//  - "If a ship or base is dealt damage equal to or exceeding its total shield
//    strength, or if its shield strength is reduced to zero, the card is destroyed."
//  - FAQ: ships dealt lethal damage are destroyed simultaneously; "damage
//    resolves from the pile like abilities or played cards".
//  - Damage Distribution step (IV): "All ships deal damage to their targets simultaneously."
//  - Results step (V): "If a home region is being attacked, all attacking ships
//    that are still in that region deal damage to the base ... If the damage
//    equals or exceeds the base's total shield strength, the base is destroyed
//    and its owner loses the game."
//  - Multiplayer: "When a player is eliminated from the game ... all of that
//    player's cards, except remote regions and locations in remote regions, are
//    removed from the game. If any player's ships are in the home region of the
//    eliminated player, those ships must withdraw."
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

// Static modifiers come from the one modifier pass (match_statics.cpp).
int EveMatch::shield_of(CardId ship) const { return def(ship).shield + ship_mods(ship).shield; }

int EveMatch::attack_of(CardId ship) const { return combat_numbers(ship).attack; }

EveMatch::CombatNumbers EveMatch::combat_numbers(CardId ship) const {
  const CardDef& d = def(ship);
  // Outside the regions (docks, hand, scrapheap, ...) nothing modifies a ship
  // and it executes no order: its printed numbers (ship_mods, order_strength).
  const std::string& where = ship_location(ship);
  if (where.empty() || where == kDocks) return CombatNumbers{d.shield, std::max(0, d.attack)};
  const ShipMods mods = ship_mods(ship, where);
  // Sniper X (chosen definition, README): "this ship gets [+X attack]" while executed
  // (orders are not executed by attacking ships: "combat-oriented orders are defensive").
  // Sensor Dampen's [-X attack] is a lingering effect (ship_mods, step 4 of the layer).
  const int attack = d.attack + mods.attack + order_strength(ship, OrderKind::Sniper);
  return CombatNumbers{d.shield + mods.shield, std::max(0, attack)};
}

// "Their shield bonus and income bonus are added to the corresponding bonuses of your base."
int EveMatch::base_shield(SeatIndex seat) const {
  const SeatState& s = state_.seats[seat];
  const CardDef* base = db_.find(s.base);
  int shield = s.upgraded ? base->upgrade.shield : base->shield;
  for (CardId id : s.structures) shield += def(id).shield;
  return shield;
}

void EveMatch::deal_damage(const DamageEntry& d, Events& ev) {
  if (d.amount <= 0) return;
  if (d.base >= 0) {
    // Alliances: the bases of a home region take damage together (L203); the
    // counter is the lead's (a member still in the game).
    const SeatIndex holder = state_.lead(d.base);
    state_.seats[holder].base_damage += d.amount;
    emit(ev, "damage", card_name(d.source) + " deals " + std::to_string(d.amount) + " damage to the base" +
                           (state_.variants.alliances ? "s of " + side_name(holder) : " of " + seat_name(d.base)));
    return;
  }
  // Tank X (chosen definition, README): "prevent X of each damage dealt to this ship".
  const int tank = order_strength(d.target, OrderKind::Tank);
  if (tank > 0 && d.amount <= tank) {
    emit(ev, "damage_prevented", card_name(d.target) + " tanks the damage");
    return;
  }
  if (damage_prevented(d)) {
    emit(ev, "damage_prevented", "damage to " + card_name(d.target) + " (" + card_ref(d.target) + ") is prevented");
    return;
  }
  state_.cards[d.target].damage += d.amount - tank;
  emit(ev, "damage", card_name(d.source) + " deals " + std::to_string(d.amount - tank) + " damage to " +
                         card_name(d.target) + " (" + card_ref(d.target) + ")");
}

// The one path of damage dealt by effects (abilities, keyword abilities, News):
// a damage item (no battle region) goes on top of the resolving pile and
// resolves next; before it does, Guardian's controller may redirect it
// (resolve_pile, match_redirect.cpp). Entries are dealt simultaneously.
void EveMatch::deal_effect_damage(SeatIndex controller, std::vector<DamageEntry> entries, Events& ev) {
  std::erase_if(entries, [](const DamageEntry& d) { return d.amount <= 0; });
  if (entries.empty()) return;
  PileItem item{PileItem::Kind::Damage, controller, -1, ""};
  item.damage = std::move(entries);
  state_.pile.push_back(std::move(item));
  emit(ev, "damage_on_pile", "the damage goes on the pile");
}

// Damage of an effect: to a target still in play (or on the pile, FAQ) or a base still in the game.
// Combat damage: a ship deals its damage only if it is still in the battle.
void EveMatch::resolve_damage(const PileItem& item, Events& ev) {
  if (item.region.empty()) {
    for (const auto& d : item.damage) {
      if (d.base >= 0 ? !state_.side_out(d.base) : in_play_or_on_pile(d.target)) deal_damage(d, ev);
    }
    return;
  }
  const Region* r = state_.region(item.region);
  if (!r) return;
  for (const auto& d : item.damage) {
    if (!contains(r->ships, d.source)) continue;
    if (d.base >= 0 ? state_.side_out(d.base) : !contains(r->ships, d.target)) continue;
    deal_damage(d, ev);
  }
}

void EveMatch::check_destroyed(Events& ev) {
  std::vector<CardId> dead;
  // L176: "Cards on the pile may be targeted and destroyed": a ship being
  // played that is dealt lethal damage (Pirate Mercenary) is destroyed on the
  // pile and never enters the docks.
  for (const auto& p : state_.pile) {
    if (p.kind != PileItem::Kind::Card || def(p.card).type != CardType::Ship) continue;
    const int shield = shield_of(p.card);
    if (shield <= 0 || state_.cards[p.card].damage >= shield) dead.push_back(p.card);
  }
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) {
      const int shield = shield_of(id);
      if (shield <= 0 || state_.cards[id].damage >= shield) dead.push_back(id);
    }
  }
  for (CardId id : dead) {
    take_out(id);
    state_.seats[state_.cards[id].owner].scrapheap.push_back(id);
    emit(ev, "destroyed", card_name(id) + " (" + card_ref(id) + ") is destroyed");
  }
  for (CardId id : dead) ship_destroyed(id, state_.cards[id].owner, ev);
  for (SeatIndex s = 0; s < seat_count() && !state_.result; ++s) {
    if (state_.seats[s].out || state_.lead(s) != s) continue;  // alliances: once per alliance, by its lead
    // L203 "Each player has a base, so during the Results step of combat in
    // their home region they add together the shield strengths of the bases."
    // Chosen: an alliance's bases take every damage together (the Results
    // step's and Kamikaze's, "target ship or headquarters in this system"),
    // so they are destroyed together and all the members lose.
    int damage = 0;
    int shield = 0;
    std::vector<SeatIndex> bases;
    for (SeatIndex m : state_.members(s)) {
      if (state_.seats[m].out) continue;
      damage += state_.seats[m].base_damage;
      shield += base_shield(m);
      bases.push_back(m);
    }
    if (damage < shield) continue;
    emit(ev, "base_destroyed", (bases.size() > 1 ? "the bases of " : "the base of ") + side_name(s) +
                                   (bases.size() > 1 ? " are destroyed" : " is destroyed"));
    for (SeatIndex m : bases) {
      if (!state_.result && !state_.seats[m].out) eliminate(m, "base_destroyed", ev);
    }
  }
}

void EveMatch::push_combat_damage(Events& ev) {
  const auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  PileItem item{PileItem::Kind::Damage, state_.active, -1, c.region};
  // L98: a ship with several targets deals to each the damage its controller
  // chose at Target Assignment (`shares`), capped by its attack now, in the
  // order the targets were named; targets with no share (the last one named)
  // divide the rest as evenly as possible, the first named getting the remainder.
  std::vector<CardId> done;
  for (const auto& [ship, first_target] : c.assigned) {
    if (contains(done, ship) || !contains(r->ships, ship)) continue;
    done.push_back(ship);
    int left = attack_of(ship);
    std::vector<CardId> rest;
    for (const auto& assignment : c.assigned) {
      const auto s = assignment.first;  // plain names: clang 14 cannot capture structured bindings
      const auto t = assignment.second;
      if (s != ship || !contains(r->ships, t)) continue;
      const auto share = std::find_if(c.shares.begin(), c.shares.end(),
                                      [&](const CombatState::Share& x) { return x.ship == s && x.target == t; });
      if (share == c.shares.end()) {
        rest.push_back(t);
        continue;
      }
      const int amount = std::min(share->amount, left);
      left -= amount;
      if (amount > 0) item.damage.push_back(DamageEntry{ship, t, -1, amount});
    }
    const int n = static_cast<int>(rest.size());
    for (int i = 0; i < n; ++i) {
      const int amount = left / n + (i < left % n ? 1 : 0);
      if (amount > 0) item.damage.push_back(DamageEntry{ship, rest[static_cast<std::size_t>(i)], -1, amount});
    }
  }
  if (item.damage.empty()) return;
  state_.pile.push_back(item);
  emit(ev, "damage_on_pile", "combat damage goes on the pile");
}

void EveMatch::push_base_damage(Events& ev) {
  const auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  if (!r->home || c.defender < 0 || state_.side_out(c.defender)) return;
  PileItem item{PileItem::Kind::Damage, state_.active, -1, c.region};
  const SeatIndex holder = state_.home_holder(*r);  // alliances: the bases together (L203)
  for (CardId ship : attackers_in(c.region)) {
    const int amount = attack_of(ship);
    if (amount > 0) item.damage.push_back(DamageEntry{ship, -1, holder, amount});
  }
  if (item.damage.empty()) return;
  state_.pile.push_back(item);
  emit(ev, "damage_on_pile", "the attacking ships' damage to the base goes on the pile");
}

// Cards in play of the eliminated seat go to its scrapheap (hand and market
// stay hidden and out of the game); other seats' ships in its home region
// withdraw to their docks; its remote regions and the locations in remote
// regions stay in play. Alliances: the home region is the allies' too and
// stays as it is while one of them is in the game.
void EveMatch::remove_from_game(SeatIndex seat, Events& ev) {
  SeatState& s = state_.seats[seat];
  auto to_heap = [&](CardId id) {
    release_under(id);
    reset_counters(state_.cards[id]);
    forget(id);
    state_.seats[state_.cards[id].owner].scrapheap.push_back(id);
  };
  for (auto* zone : {&s.docks, &s.structures, &s.news, &s.pilots}) {
    for (CardId id : *zone) to_heap(id);
    zone->clear();
  }
  for (auto& r : state_.regions) {
    // Alliances: the home region stays while an ally is in the game; only the
    // seat's own locations there leave with him.
    const bool gone = r.home && state_.allied(r.owner, seat) && state_.home_lost(r);
    if (gone) {
      for (CardId id : r.locations) to_heap(id);
      r.locations.clear();
    } else if (r.home && state_.allied(r.owner, seat)) {
      for (CardId id : std::vector<CardId>(r.locations)) {
        if (state_.cards[id].owner != seat) continue;
        remove_from(r.locations, id);
        to_heap(id);
      }
    }
    for (CardId id : std::vector<CardId>(r.ships)) {
      const SeatIndex owner = state_.cards[id].owner;
      if (owner != seat && !gone) continue;
      remove_from(r.ships, id);
      if (owner == seat) {
        to_heap(id);
      } else {
        put_in_docks(id, ev);
      }
    }
    update_control(r);
  }
  emit(ev, "seat_removed", "the cards of " + seat_name(seat) + " leave the game");
}

}  // namespace concord::eve
