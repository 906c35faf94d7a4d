// EveMatch: pending abilities that name targets (Sentry Gun, Scimitar, Scorpion).
//  - FAQ: "You need to name a legal target when the ability or News is placed
//    on the pile. The legality of targets is not checked when the card resolves."
//  - "Unless the card states otherwise, any pending ability that triggers
//    during the Combat phase triggers only for the battle in the region in
//    which the card is also located. Likewise the legal targets ... are in the
//    same region." A structure lies on its controller's base: its region is
//    that home region (Sentry Gun).
//  - Sentry Gun (Errata): "At the start of each Combat phase, if able, Sentry
//    Gun deals 2 damage to target ship located in this region, or 1 damage to
//    each of two target ships located in this region." ("if able": it must
//    name one or two targets when there are any.)
//  - Scimitar (Errata): "When Scimitar enters play, it deals 3 damage to target ship."
//  - Scorpion (Errata): "At the start of the Withdrawal step choose a target
//    ship, and you may force the chosen target to withdraw from the battle."
// The controller chooses the targets (`ability_targets` prompt, option ids cN)
// before the abilities that triggered together are ordered (like keyword
// abilities); an ability without a legal target does not go on the pile.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

// The region a card in play is located in ("" if none): a ship's region, a
// location's region, a structure's home region.
std::string EveMatch::card_region(CardId id) const {
  const CardDef& d = def(id);
  if (d.type == CardType::Structure) return state_.home_of(state_.cards[id].owner);
  if (d.type == CardType::Character) {  // a pilot is located where the ship it pilots is
    const CardId ship = pilot_ship(id);
    return ship >= 0 ? card_region(ship) : "";
  }
  for (const auto& r : state_.regions) {
    if (contains(r.ships, id) || contains(r.locations, id)) return r.key;
  }
  return "";
}

const EffectDef& EveMatch::item_effect(const PileItem& item) const {
  return ability_def(item.card, item.region).effects[item.effect];
}

// Pending abilities of the cards located in the battle region that trigger at
// the start of this Combat step (Sentry Gun, Scorpion).
void EveMatch::trigger_card_abilities(Trigger when, Events& ev) {
  auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  if (!r) return;
  std::vector<CardId> sources = r->ships;
  if (r->home && !state_.home_lost(*r)) {  // alliances: the structures of every base there
    for (SeatIndex m : state_.members(r->owner)) {
      if (state_.seats[m].out) continue;
      const auto& s = state_.seats[m].structures;
      sources.insert(sources.end(), s.begin(), s.end());
    }
  }
  for (CardId id : sources) {
    const auto& effects = def(id).effects;
    for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
      if (effects[i].trigger != when) continue;
      PileItem item{PileItem::Kind::Ability, state_.cards[id].owner, id, "", -1, i};
      if (ability_target_candidates(item).empty()) continue;  // "if able"
      c.triggered.push_back(item);
      emit(ev, "ability_triggered", card_name(id) + " (" + card_ref(id) + "): its ability triggers");
    }
  }
}

// Legal targets of a pending ability: ships in a region (docked ships cannot
// be targeted), in the source's region when the text says "this region".
std::vector<CardId> EveMatch::ability_target_candidates(const PileItem& item) const {
  std::vector<CardId> out;
  const EffectDef& e = item_effect(item);
  const std::string here = e.target_in_region ? card_region(item.card) : "";
  if (e.target_in_region && here.empty()) return out;
  for (const auto& r : state_.regions) {
    if (!here.empty() && r.key != here) continue;
    for (CardId id : r.ships) {
      if (def(id).untargetable) continue;
      if (e.target_friendly && !state_.allied(state_.cards[id].owner, item.controller)) continue;
      out.push_back(id);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Waiting pending abilities that name targets go to their controllers'
// target choice first (true: a prompt is open).
bool EveMatch::ask_pending_targets(Events& ev) {
  auto& t = state_.combat.triggered;
  for (auto it = state_.waiting.begin(); it != state_.waiting.end();) {
    const bool asks = it->kind == PileItem::Kind::Ability && it->targets.empty() && item_effect(*it).pending_targets();
    if (!asks) {
      ++it;
      continue;
    }
    if (!ability_target_candidates(*it).empty()) {
      t.push_back(*it);
    } else {
      emit(ev, "no_target", card_name(it->card) + "'s ability has no legal target");
    }
    it = state_.waiting.erase(it);
  }
  if (t.empty()) return false;
  next_trigger(ev);
  return true;
}

rules::Prompt EveMatch::pending_targets_prompt(const PileItem& item) const {
  const EffectDef& e = item_effect(item);
  const unsigned most = static_cast<unsigned>(e.target_limit());
  const auto candidates = ability_target_candidates(item);
  // Targets are there when it triggers; if they left with an eliminated seat, none may be named.
  const unsigned least = e.optional || candidates.empty() ? 0u : 1u;
  rules::Prompt p{"ability_targets",
                  card_name(item.card) + " (" + card_ref(item.card) + "): " + def(item.card).text +
                      (most > 1 ? " Choose 1 to " + std::to_string(most) + " targets." : " Choose the target.") +
                      (e.optional ? " (none: you do not)" : ""),
                  least, most, {}};
  for (CardId id : candidates) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

// The amount each target gets is fixed when the targets are chosen
// (Sentry Gun: 2 damage to one target, 1 to each of two).
void EveMatch::set_pending_amount(PileItem& item) const {
  if (item.kind != PileItem::Kind::Ability || item.targets.empty()) return;
  const EffectDef& e = item_effect(item);
  item.strength = e.amount / static_cast<int>(item.targets.size());
}

void EveMatch::resolve_targeted_ability(const PileItem& item, const EffectDef& e, Events& ev) {
  const std::string here = card_region(item.card);
  std::vector<DamageEntry> damage;  // dealt to every target at once
  for (CardId t : item.targets) {
    if (ship_location(t).empty() || ship_location(t) == kDocks) {
      emit(ev, "no_effect", card_ref(t) + " is no longer in a region");
      continue;
    }
    if (e.kind == EffectKind::DamageTarget) {
      damage.push_back(DamageEntry{item.card, t, -1, item.strength});
      continue;
    }
    if (e.kind == EffectKind::AddEffect) {
      add_effects(item.card, item.controller, e, t, "", ev);
      continue;
    }
    if (e.kind == EffectKind::MoveTarget) {
      move_target(item, e, t, ev);
      continue;
    }
    if (e.kind != EffectKind::ForceWithdrawTarget) continue;
    // Scorpion: it must still be in the battle with its target; a Warp
    // Scrambled ship "cannot withdraw" (prohibit beats allow).
    if (here.empty() || ship_location(t) != here || cannot_withdraw(t)) {
      emit(ev, "no_effect", card_name(t) + " (" + card_ref(t) + ") cannot be forced to withdraw");
      continue;
    }
    withdraw_ship(t, kDocks, ev);
  }
  deal_effect_damage(item.controller, std::move(damage), ev);
}

}  // namespace concord::eve
