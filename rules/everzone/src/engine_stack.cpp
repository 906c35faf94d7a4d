// The two stacks ("Useful Tips", ABILITIES / EFFECTS): "two stacks should be
// created: one for abilities and one for effects; and the effects stack takes
// priority over the abilities stack ... the last declared effect is resolved
// first. Then you do the same with the abilities". Declared entries resolve
// once every seat has passed its Support window ("Resolving an ability /
// effect takes priority over an action in the course of the game (for
// example, a clash between armies)"); the owner makes its choices then.
// "Once an ability / effect has been declared it cannot be cancelled": an
// entry resolves even if its card has left play meanwhile; it only does
// nothing when nothing is left to act on.
#include <algorithm>

#include "card_abilities.hpp"
#include "engine.hpp"
#include "prompts.hpp"

namespace concord::everzone {

using rules::Visibility;

void Engine::declare(int seat, int instance, bool effect) {
  (effect ? s_.effects : s_.abilities).push_back(instance);
  if (!effect) s_.declared.push_back(instance);
  emit(effect ? "effect_declared" : "ability_declared",
       seat_name(seat) + " declares " + (effect ? "the effect of " : "the ability of ") + name(instance),
       Visibility::all(), seat, {instance});
  reopen_windows();
}

// Every declaration lets the others respond: in a Support window every seat;
// during the clash, the seats that have an ability to declare.
void Engine::reopen_windows() {
  for (int seat = 0; seat < seats(); ++seat) {
    auto& p = player(seat);
    p.waiting = !p.eliminated && (s_.phase != Phase::Clash || has_clash_action(db_, s_, seat));
  }
}

void Engine::resolve_next() {
  set_waiting(false);
  auto& stack = s_.effects.empty() ? s_.abilities : s_.effects;
  if (stack.empty()) return open_support();
  const int instance = stack.back();
  stack.pop_back();
  resolve(instance);
}

void Engine::resolve(int instance) {
  const int seat = controller(instance);
  s_.effect_card = instance;
  s_.effect_step = 0;
  emit("resolving", name(instance) + " resolves", Visibility::all(), seat, {instance});
  if (player(seat).eliminated || !effect_applies(db_, s_, seat, instance)) {
    emit("effect_without_target", name(instance) + " has nothing to act on", Visibility::all(), seat, {instance});
    return finish_effect(seat);
  }
  const auto kind = targeted_effect(db_, s_, instance);
  if (kind == TargetedEffect::EnemiesDefenseDown || kind == TargetedEffect::TargetToAttack)
    return apply_without_choice(seat);
  s_.phase = Phase::Effect;
  set_waiting(false);
  player(seat).waiting = true;
}

// ORBITAL VOID: every active enemy Unit -1 DEFENSE (then keep it or not).
// NUMEN SKYBLADE: its TARGET turns into ATTACK (never below 0 TARGET).
void Engine::apply_without_choice(int seat) {
  if (targeted_effect(db_, s_, s_.effect_card) == TargetedEffect::TargetToAttack) target_to_attack(seat);
  else change_defense(enemy_active(s_, seat), -1);
  finish_effect(seat);
}

// "I may reduce its TARGET value to increase its ATTACK value": the army's
// values change at once; once the clash has begun, the order of its attacks
// does not (begin_clash fixed it).
void Engine::target_to_attack(int seat) {
  const int c = s_.effect_card;
  const int amount = std::min(kTargetToAttack, std::max(0, unit_values(db_, s_, c).target));
  s_.target_to_attack.at(static_cast<std::size_t>(c)) += amount;
  emit("target_to_attack", name(c) + " receives -" + std::to_string(amount) + " TARGET and +" +
                               std::to_string(amount) + " ATTACK until the end of the turn",
       Visibility::all(), seat, {c}, amount);
}

// Every single-effect Support (Tribe Recall, Final Protocol, Engagement,
// Orbital Void), once resolved, "must be discarded, unless you want to keep it
// in play for some special reason (for example, for a combo with C.B.L. or LAK
// Units)": asked only when keeping it can matter (an active C.B.L. or LAK).
bool Engine::offers_keep(int seat) const {
  const int c = s_.effect_card;
  const auto& p = player_const(seat);
  return s_.effect_step != kKeepStep && is_single_effect(db_, s_, c) && contains(p.supports, c) &&
         !p.eliminated && !contains(s_.kept, c) && wants_kept_effects(db_, s_, seat);
}

void Engine::finish_effect(int seat) {
  const int c = s_.effect_card;
  if (offers_keep(seat)) {
    s_.effect_step = kKeepStep;
    s_.phase = Phase::Effect;
    set_waiting(false);
    player(seat).waiting = true;
    return;
  }
  if (card(c).kind == CardKind::Support && !contains(s_.kept, c)) discard_resolved(seat);
  if (targeted_effect(db_, s_, c) == TargetedEffect::EnemyDefenseDown) s_.redeploy.push_back(c);  // CIEL
  s_.effect_card = -1;
  s_.effect_step = 0;
  withdraw_unfit(seat);
  set_waiting(false);
  s_.resume = Resume::Stack;
  settle();
}

// A single effect "once the effect has been resolved, the card becomes
// irrelevant and must be discarded".
void Engine::discard_resolved(int seat) {
  auto& p = player(seat);
  const int c = s_.effect_card;
  if (!contains(p.supports, c)) return;
  move_card(p.supports, p.retreated, c);
  emit("support_discarded", seat_name(seat) + " discards " + name(c) + ": its effect is resolved", Visibility::all(),
       seat, {c});
}

// "Through the use of effects / abilities, all values of Units ... may be
// changed during a turn; if the DEFENSE value of a Unit drops to 0, it is destroyed".
void Engine::change_defense(const std::vector<int>& units, int change) {
  if (units.empty()) return;
  for (int c : units) s_.defense_mod.at(static_cast<std::size_t>(c)) += change;
  std::string text = names(units);
  text += " receive ";
  if (change > 0) text += '+';
  text += std::to_string(change);
  text += " DEFENSE";
  emit("defense_changed", text, Visibility::all(), -1, units, change);
  destroy_zero_defense();
}

// CIEL: "After using this ability, you are forced to re-deploy Ciel at the end
// of the turn" ("To 'deploy' an already activated card, turn it face down").
void Engine::redeploy_at_end_of_turn() {
  for (int c : s_.redeploy) {
    auto& p = player(controller(c));
    if (!contains(p.active, c) && !contains(p.withdrawn, c)) continue;
    move_card(p.active, p.deployed, c);
    move_card(p.withdrawn, p.deployed, c);
    clear_changes(c);
    std::erase(s_.declared, c);
    emit("unit_redeployed", name(c) + " is turned face down (re-deployed)", Visibility::all(),
         controller(c), {c});
  }
  s_.redeploy.clear();
  release_captured();
}

// XENOGRAY / KRAKEN: the Unit and its target fight as two armies of one card:
// the attacker strikes; "if there is no direct counterattack" (the target
// survives and strikes back) the result is as in a clash. Damage goes to the
// losing card's army (every member, as in the clash).
void Engine::duel(int unit, int target) {
  s_.dueled.push_back(unit);
  const Values a = unit_values(db_, s_, unit), d = unit_values(db_, s_, target);
  emit("duel", name(unit) + " attacks " + name(target) + " alone", Visibility::all(),
       controller(unit), {unit, target});
  const int owner = controller(target);
  const int attacker = controller(unit);
  if (a.attack >= d.defense) {
    if (!cannot_be_destroyed(db_, s_, target, 1)) destroy({target});
    damage_side_of(owner, a.attack - d.defense, name(unit));
  } else if (d.attack >= a.defense) {
    destroy({unit});
    damage_side_of(attacker, d.attack - a.defense, name(target));
  }
  if (check_cp_end()) return;
}

void Engine::damage_side_of(int seat, int amount, const std::string& why) {
  const auto all = sides(s_);
  const int i = side_of(all, seat);
  if (i < 0 || amount <= 0) return;
  const auto& side = all[static_cast<std::size_t>(i)];
  for (int member : side.seats) player(member).cp = std::max(0, player(member).cp - amount);
  emit("damage", side_name(side) + " takes " + std::to_string(amount) + " damage from " + why + ", " +
                     std::to_string(player(side.seats[0]).cp) + " CP left",
       Visibility::all(), side.seats[0], {}, amount, side.seats);
}

// VLAD (chosen: optional, once per battle): take control of one enemy active
// Unit; "you may use it as if it were your own, that is, you may use all of its
// values, restrictions and abilities" (it counts against your RESOURCE limit).
void Engine::take_control(int seat, int unit) {
  take_out(unit);
  player(seat).active.push_back(unit);
  s_.captured.push_back(unit);
  emit("control_taken", seat_name(seat) + " takes control of " + name(unit), Visibility::all(), seat, {unit});
  withdraw_unfit(seat);
}

// "If Vlad is withdrawn from the battle or re-deployed, the captured Unit
// returns to the opponent's fallen deck" (also when Vlad is destroyed: "If a
// card is withdrawn from the battle or destroyed, all of its effects disappear").
void Engine::release_captured() {
  std::vector<int> back;
  for (int c : s_.captured) {
    const auto& p = player_const(controller(c));
    const bool vlad = std::any_of(p.active.begin(), p.active.end(), [&](int x) { return holds_captives(db_, s_, x); });
    // A captured Unit turned face down (re-deployed) leaves its captor as well.
    if (!vlad || contains(p.deployed, c)) back.push_back(c);
  }
  if (back.empty()) return;
  for (int c : back) {
    auto& owner = player(s_.owner_of.at(static_cast<std::size_t>(c)));
    take_out(c);
    owner.fallen.push_back(c);
    clear_changes(c);
    if (c == owner.leader) owner.leader_alive = false;
  }
  emit("captured_returned", names(back) + " return to their owner's fallen deck", Visibility::all(), -1, back);
}

// Units an effect activates: the opponent may still answer them (Virago).
void Engine::activate_effect(int seat, const std::vector<int>& units, const std::string& how) {
  for (int c : units) s_.just_activated.push_back(c);
  emit("units_activated", seat_name(seat) + " activates " + names(units) + how, Visibility::all(), seat, units);
}

}  // namespace concord::everzone
