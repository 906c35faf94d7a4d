// EveMatch: keyword abilities and keyword orders (Errata 30 October 2006, 1.2:
// "their targets are chosen when they are placed on the pile"). The Glossary
// "Command" lists the orders (Ambush, Haul, Mine Minerals, Patrol, Sniper, Tank,
// Trade); Jam, Kamikaze, Sensor Dampen and Warp Scramble are keyword abilities
// printed on ships (CardDef::keywords) that also attacking ships have (FAQ:
// the attacker's Kamikaze against a ship in ambush, Sentry Gun against an
// attacking Kamikaze ship), or orders where a card's data says so.
//  - Jam X: "At the start of the Combat phase choose up to X target defending
//    ships. During this Combat phase the chosen targets cannot execute orders."
//  - Ambush X: "At the start of the Withdrawal step choose a target attacking
//    ship. This ship may deal X damage to the chosen target."
//  - Warp Scramble X: "At the start of the Withdrawal step choose up to X
//    target defending ships. During this Combat phase the chosen targets cannot withdraw."
//  - Sensor Dampen X: "At the start of the Target Assignment step choose a
//    target enemy ship. For this Combat phase the chosen target gets [-X attack]."
//  - Patrol X: "At the start of the Target Assignment step choose up to X
//    target attacking ships. You may force the chosen target, if it can, to target this ship."
//  - Kamikaze X: "Sacrifice: This ship deals X damage to target ship or
//    headquarters in this system. Play this ability only at the start of the
//    Combat phase." (an activated ability: the sacrifice is its cost)
//  - Mine Minerals: "a pending ability that goes onto the pile at the start of
//    the income step. When the ability resolves from the pile, you choose the
//    location" (FAQ); credits = mineral volume x strength.
// "Unless the card states otherwise, any pending ability that triggers during
// the Combat phase triggers only for the battle in the region in which the
// card is also located. Likewise the legal targets ... are in the same region."
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

std::vector<OrderKind> step_keywords(Step step) {
  switch (step) {
    case Step::StartOfCombat: return {OrderKind::Jam};
    case Step::Withdrawal: return {OrderKind::Ambush, OrderKind::WarpScramble};
    case Step::TargetAssignment: return {OrderKind::SensorDampen, OrderKind::Patrol};
    default: return {};
  }
}

// "choose a target" (exactly one; Ambush's damage is optional: "may") or "up to X".
bool single_target(OrderKind k) { return k == OrderKind::Ambush || k == OrderKind::SensorDampen; }

}  // namespace

// The strength first (from the ship's own data), then whether it executes:
// most ships execute no order, or not this one, and the layer's checks below
// (every lingering effect, every static ability) are the costly part; shown
// ships are asked for Sniper every command (EveMatch::card_key).
int EveMatch::order_strength(CardId ship, OrderKind kind) const {
  const std::string& tab = state_.cards[ship].order;
  if (tab.empty()) return 0;
  const auto orders = orders_of(ship);
  auto it = std::find_if(orders.begin(), orders.end(),
                         [&](const OrderDef& o) { return to_string(o.kind) == tab; });
  if (it == orders.end()) return 0;
  int x = 0;  // "The strengths of duplicate orders that are executed simultaneously add together."
  for (const auto& o : orders) {
    if (o.side == it->side && o.kind == kind) x += o.strength;
  }
  if (x == 0) return 0;
  const std::string& where = ship_location(ship);
  if (where.empty() || where == kDocks || is_attacking(ship)) return 0;
  // Jam (every order, this Combat phase), Depleted Resources (Mine Minerals): the layer.
  if (has_change(ship, ChangeKind::CannotExecute, to_string(kind))) return 0;
  if (static_change(ship, ChangeKind::CannotExecute, to_string(kind))) return 0;  // Cloud Ring
  return x;
}

int EveMatch::keyword_strength(CardId ship, OrderKind kind) const {
  int x = order_strength(ship, kind);
  const std::string& where = ship_location(ship);
  if (where.empty() || where == kDocks) return x;
  for (const auto& k : def(ship).keywords) {
    if (k.kind == kind) x += k.strength;
  }
  if (kind == OrderKind::Jam) x += ship_mods(ship).jam;  // ECM Turret: strengths add
  return x;
}

void EveMatch::trigger_keywords(Events& ev) {
  auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  if (!r) return;
  for (OrderKind k : step_keywords(state_.step)) {
    for (CardId ship : r->ships) {
      const int x = keyword_strength(ship, k);
      if (x <= 0) continue;
      PileItem item{PileItem::Kind::Keyword, state_.cards[ship].owner, ship, c.region};
      item.keyword = k;
      item.strength = x;
      if (keyword_targets(item).empty()) continue;  // needs a legal target
      c.triggered.push_back(item);
      emit(ev, "ability_triggered", card_name(ship) + " (" + card_ref(ship) + "): " + to_string(k) + " " +
                                        std::to_string(x) + " triggers");
    }
  }
  if (state_.step == Step::StartOfCombat) trigger_card_abilities(Trigger::StartOfCombatPhase, ev);
  if (state_.step == Step::Withdrawal) trigger_card_abilities(Trigger::StartOfWithdrawal, ev);
}

std::vector<CardId> EveMatch::keyword_targets(const PileItem& item) const {
  const auto& c = state_.combat;
  std::vector<CardId> out;
  const Region* r = state_.region(item.region);
  if (!r) return out;
  const auto attackers = attackers_in(item.region);
  for (CardId id : r->ships) {
    if (id == item.card || def(id).untargetable) continue;
    const bool attacking = contains(attackers, id);
    const bool defending = c.defender >= 0 && state_.allied(state_.cards[id].owner, c.defender);
    const bool enemy = !state_.allied(state_.cards[id].owner, item.controller);
    bool ok = false;
    switch (item.keyword) {
      case OrderKind::Ambush:
      case OrderKind::Patrol: ok = attacking; break;
      case OrderKind::Jam:
      case OrderKind::WarpScramble: ok = defending; break;
      case OrderKind::SensorDampen: ok = enemy; break;
      case OrderKind::Kamikaze: ok = true; break;
      default: break;
    }
    if (ok) out.push_back(id);
  }
  return out;
}

// Each triggered ability's controller chooses its targets; then they form the
// new pile (the active player orders several).
void EveMatch::next_trigger(Events& ev) {
  const auto& t = state_.combat.triggered;
  if (!t.empty()) {
    state_.pending = Pending::AbilityTargets;
    state_.prompt_seat = t.front().controller;
    return;
  }
  form_new_pile(ev);
}

rules::Prompt EveMatch::ability_targets_prompt() const {
  const PileItem& item = state_.combat.triggered.front();
  if (item.kind == PileItem::Kind::Ability) return pending_targets_prompt(item);
  const bool single = single_target(item.keyword);
  rules::Prompt p{"ability_targets",
                  card_name(item.card) + " (" + card_ref(item.card) + "): " + to_string(item.keyword) + " " +
                      std::to_string(item.strength) + (single ? ": choose a target" : ": choose up to " +
                      std::to_string(item.strength) + " targets") +
                      (item.keyword == OrderKind::SensorDampen ? "." : " (none: the ability does nothing)."),
                  item.keyword == OrderKind::SensorDampen ? 1u : 0u,
                  single ? 1u : static_cast<unsigned>(item.strength), {}};
  for (CardId id : keyword_targets(item)) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_ability_targets(const rules::Answer& answer, Events& ev) {
  auto& t = state_.combat.triggered;
  PileItem item = t.front();
  t.erase(t.begin());
  for (const auto& c : answer.choices) item.targets.push_back(*parse_card_ref(c.option_id));
  set_pending_amount(item);
  if (!item.targets.empty()) state_.waiting.push_back(item);
  next_trigger(ev);
}

void EveMatch::resolve_keyword(const PileItem& item, Events& ev) {
  auto& c = state_.combat;
  const Region* r = state_.region(item.region);
  emit(ev, "ability_resolved", card_name(item.card) + "'s " + to_string(item.keyword) + " resolves");
  if (item.keyword == OrderKind::MineMinerals) {
    if (order_strength(item.card, OrderKind::MineMinerals) <= 0) return;
    open_choice(ResolutionChoice::Kind::MineLocation, item.controller, 1, item.card);
    return;
  }
  if (item.keyword == OrderKind::Kamikaze) {
    std::vector<DamageEntry> damage;
    const bool base_ok = item.base_target >= 0 && !state_.side_out(item.base_target);
    if (base_ok) damage.push_back(DamageEntry{item.card, -1, item.base_target, item.strength});
    for (CardId t : item.targets) {
      if (r && contains(r->ships, t)) damage.push_back(DamageEntry{item.card, t, -1, item.strength});
    }
    deal_effect_damage(item.controller, std::move(damage), ev);
    return;
  }
  // The source must still be in the battle (FAQ: a ship destroyed by
  // Kamikaze "will not be able to deal damage ... using the Ambush order").
  if (!r || !contains(r->ships, item.card)) return;
  std::vector<DamageEntry> damage;
  for (CardId t : item.targets) {
    if (!contains(r->ships, t)) continue;
    switch (item.keyword) {
      case OrderKind::Ambush: damage.push_back(DamageEntry{item.card, t, -1, item.strength}); break;
      case OrderKind::Jam: combat_effect(item, t, Change{ChangeKind::CannotExecute, 0, ""}, ev); break;
      case OrderKind::WarpScramble: combat_effect(item, t, Change{ChangeKind::CannotWithdraw, 0, ""}, ev); break;
      case OrderKind::SensorDampen: combat_effect(item, t, Change{ChangeKind::Attack, -item.strength, ""}, ev); break;
      case OrderKind::Patrol: c.forced.emplace_back(t, item.card); break;
      default: break;
    }
  }
  deal_effect_damage(item.controller, std::move(damage), ev);
}

// Jam, Warp Scramble and Sensor Dampen: a lingering effect on the target that
// lasts "during this Combat phase" (the one effect layer, match_layer.cpp).
// Its source is the ship whose ability it was; the effect stays if that ship
// leaves play (it lasts for the Combat phase, not while its source is in play).
void EveMatch::combat_effect(const PileItem& item, CardId target, Change change, Events& ev) {
  add_effect(LingeringEffect{item.card, item.controller, target, "", std::move(change), Duration::EndOfCombatPhase},
             ev);
}

void EveMatch::kamikaze_options(SeatIndex seat, std::vector<Action>& out) const {
  const auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  if (!r || state_.step != Step::StartOfCombat) return;
  for (CardId ship : r->ships) {
    if (state_.cards[ship].owner != seat || keyword_strength(ship, OrderKind::Kamikaze) <= 0) continue;
    if (r->home) out.push_back(Action{Action::Kind::Kamikaze, ship, r->key, 0});
    for (CardId t : r->ships) {
      if (t != ship) out.push_back(Action{Action::Kind::Kamikaze, ship, "", 0, t});
    }
  }
}

std::optional<rules::Rejection> EveMatch::check_kamikaze(SeatIndex seat, const Action& a) const {
  const auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  auto no = [](std::string m) { return rules::Rejection{"ILLEGAL_ABILITY", std::move(m)}; };
  if (!r || state_.phase != Phase::Combat || state_.step != Step::StartOfCombat) {
    return no("Kamikaze: \"Play this ability only at the start of the Combat phase.\"");
  }
  const bool mine = a.card >= 0 && a.card < static_cast<CardId>(state_.cards.size()) &&
                    contains(r->ships, a.card) && state_.cards[a.card].owner == seat;
  if (!mine || keyword_strength(a.card, OrderKind::Kamikaze) <= 0) {
    return no(card_ref(a.card) + " is not a ship of yours with Kamikaze in the battle");
  }
  if (a.on >= 0) {
    if (a.on == a.card || !contains(r->ships, a.on) || def(a.on).untargetable) {
      return rules::Rejection{"ILLEGAL_TARGET", "target a ship in this region"};
    }
    return std::nullopt;
  }
  if (!r->home || a.target != r->key) return rules::Rejection{"ILLEGAL_TARGET", "no base in this region"};
  return std::nullopt;
}

// The sacrifice is the cost: the ship leaves play when the ability goes on the pile.
void EveMatch::play_kamikaze(SeatIndex seat, const Action& a, Events& ev) {
  const Region* r = state_.region(state_.combat.region);
  PileItem item{PileItem::Kind::Keyword, seat, a.card, r->key};
  item.keyword = OrderKind::Kamikaze;
  item.strength = keyword_strength(a.card, OrderKind::Kamikaze);
  if (a.on >= 0) item.targets.push_back(a.on);
  if (a.on < 0) item.base_target = state_.home_holder(*r);  // alliances: the bases there together
  take_out(a.card);
  state_.seats[state_.cards[a.card].owner].scrapheap.push_back(a.card);
  state_.pile.push_back(item);
  emit(ev, "sacrificed", seat_name(seat) + " sacrifices " + card_name(a.card) + " (" + card_ref(a.card) +
                             ") for Kamikaze " + std::to_string(item.strength));
}

// Mine Minerals: "a pending ability that goes onto the pile at the start of the income step".
void EveMatch::queue_mining(SeatIndex seat) {
  for (const auto& r : state_.regions) {
    for (CardId ship : r.ships) {
      if (state_.cards[ship].owner != seat) continue;
      const int x = order_strength(ship, OrderKind::MineMinerals);
      if (x <= 0) continue;
      PileItem item{PileItem::Kind::Keyword, seat, ship, r.key};
      item.keyword = OrderKind::MineMinerals;
      item.strength = x;
      state_.waiting.push_back(item);
    }
  }
}

}  // namespace concord::eve
