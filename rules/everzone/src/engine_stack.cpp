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

#include "abilities.hpp"
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
  run_steps(seat);
}

// The card's steps (cards/everzone.cards) from GameState::effect_step on: a
// step that needs the owner's choice opens the `effect` prompt (Phase::Effect);
// a step with nothing to choose from is skipped; the others apply at once.
void Engine::run_steps(int seat) {
  const int c = s_.effect_card;
  const auto& steps = ability_of(db_, s_, c).steps;
  for (; s_.effect_step < static_cast<int>(steps.size()); ++s_.effect_step) {
    const Step& step = steps[static_cast<std::size_t>(s_.effect_step)];
    if (!needs_choice(step)) {
      apply_step(seat, c, step, step_targets(db_, s_, seat, c, step));
      continue;
    }
    if (!step_possible(db_, s_, seat, c, step)) continue;
    s_.phase = Phase::Effect;
    set_waiting(false);
    player(seat).waiting = true;
    return;
  }
  finish_effect(seat);
}

// One step of `source`'s ability on `cards` (chosen, or every picked card).
void Engine::apply_step(int seat, int source, const Step& step, const std::vector<int>& cards) {
  switch (step.verb) {
    case Verb::Change: return add_change(Effect{source, seat, cards, Change::Add, step.stat, step.amount, step.lasts});
    case Verb::Trade: return trade(seat, source, step, cards);
    case Verb::Activate: return activate_step(seat, step, cards);
    case Verb::Destroy: return destroy(cards);
    case Verb::Redeploy:
      if (!cards.empty()) s_.lingering.push_back(Effect{source, seat, cards, Change::Redeploy, Stat::Defense, 0, Lasts::Turn});
      return;
    case Verb::Duel: return duel(source, cards.at(0));
    case Verb::Control: return take_control(seat, cards.at(0));
  }
}

// "Through the use of effects / abilities, all values of Units ... may be
// changed during a turn; if the DEFENSE value of a Unit drops to 0, it is
// destroyed". The change applies once even if its source has already left
// play (a declared ability "cannot be cancelled"): a Unit it takes to 0
// DEFENSE is destroyed; then, L56, it disappears with its source.
void Engine::add_change(const Effect& e) {
  if (e.cards.empty()) return;
  s_.lingering.push_back(e);
  std::string text = names(e.cards);
  text += " receive ";
  if (e.amount > 0) text += '+';
  text += std::to_string(e.amount);
  text += ' ';
  text += stat_name(e.stat);
  text += e.lasts == Lasts::Turn ? " until the end of the turn" : e.lasts == Lasts::Battle ? " until the Retreat" : "";
  emit(std::string(stat_name(e.stat)) + "_changed", text, Visibility::all(), e.seat, e.cards, e.amount);
  destroy_zero_defense(&e);
}

// "Reduce X to increase Y" (NUMEN SKYBLADE: "I may reduce its TARGET value to
// increase its ATTACK value"): up to `amount`, never below 0. The army's values
// change at once; once the clash has begun, the order of its attacks does not.
void Engine::trade(int seat, int source, const Step& step, const std::vector<int>& cards) {
  for (int c : cards) {
    const Values v = unit_values(db_, s_, c);
    const int have = step.stat == Stat::Attack ? v.attack : step.stat == Stat::Defense ? v.defense : v.target;
    const int amount = std::min(step.amount, std::max(0, have));
    s_.lingering.push_back(Effect{source, seat, {c}, Change::Add, step.stat, -amount, step.lasts});
    s_.lingering.push_back(Effect{source, seat, {c}, Change::Add, step.to, amount, step.lasts});
    emit("values_traded", name(c) + " receives -" + std::to_string(amount) + " " + stat_name(step.stat) + " and +" +
                              std::to_string(amount) + " " + stat_name(step.to),
         Visibility::all(), seat, {c}, amount);
  }
}

void Engine::activate_step(int seat, const Step& step, const std::vector<int>& cards) {
  auto& p = player(seat);
  for (int u : cards) {
    move_card(p.deployed, p.active, u);
    move_card(p.deck, p.active, u);
  }
  activate_effect(seat, cards, step.pick == Pick::DeckUnits ? " from the deck" : "");
  if (!step.shuffle) return;
  s_.rng.shuffle(p.deck);
  emit("deck_shuffled", seat_name(seat) + " shuffles the deck", Visibility::all(), seat);
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

// `step redeploy` (CIEL: "After using this ability, you are forced to
// re-deploy Ciel at the end of the turn"; "To 'deploy' an already activated
// card, turn it face down"): the marked Units still in play turn face down.
void Engine::redeploy_at_end_of_turn() {
  std::vector<int> marked;
  for (const auto& e : s_.lingering)
    if (e.change == Change::Redeploy)
      for (int c : e.cards)
        if (!contains(marked, c)) marked.push_back(c);
  for (int c : marked) {
    auto& p = player(controller(c));
    if (!contains(p.active, c) && !contains(p.withdrawn, c)) continue;
    move_card(p.active, p.deployed, c);
    move_card(p.withdrawn, p.deployed, c);
    std::erase(s_.declared, c);
    emit("unit_redeployed", name(c) + " is turned face down (re-deployed)", Visibility::all(), controller(c), {c});
  }
  release_captured();
  purge_effects(db_, s_);
}

// XENOGRAY / KRAKEN: the Unit and its target fight as two armies of one card:
// the attacker strikes; "if there is no direct counterattack" (the target
// survives and strikes back) the result is as in a clash. Damage goes to the
// losing card's army (every member, as in the clash).
void Engine::duel(int unit, int target) {
  s_.lingering.push_back(Effect{unit, controller(unit), {unit}, Change::OutOfArmy, Stat::Defense, 0, Lasts::Turn});
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
// A Control effect (effects.hpp) while Vlad is active. A Unit another Vlad
// captured may be taken again: the earlier control ends; taken back by its
// owner, it is simply the owner's again (chosen).
void Engine::take_control(int seat, int unit) {
  take_out(unit);
  player(seat).active.push_back(unit);
  if (s_.owner_of.at(static_cast<std::size_t>(unit)) != seat)
    s_.lingering.push_back(Effect{s_.effect_card, seat, {unit}, Change::Control, Stat::Defense, 0, Lasts::Source});
  emit("control_taken", seat_name(seat) + " takes control of " + name(unit), Visibility::all(), seat, {unit});
  withdraw_unfit(seat);
}

// "If Vlad is withdrawn from the battle or re-deployed, the captured Unit
// returns to the opponent's fallen deck" (also when Vlad is destroyed: "If a
// card is withdrawn from the battle or destroyed, all of its effects
// disappear"). A captured Unit turned face down leaves its captor as well.
void Engine::release_captured() {
  std::vector<int> back;
  for (const auto& e : s_.lingering)
    if (e.change == Change::Control)
      for (int c : e.cards)
        if (!effect_applies_now(db_, s_, e) || contains(player_const(controller(c)).deployed, c)) back.push_back(c);
  if (back.empty()) return;
  for (int c : back) {
    auto& owner = player(s_.owner_of.at(static_cast<std::size_t>(c)));
    take_out(c);
    owner.fallen.push_back(c);
    if (c == owner.leader) owner.leader_alive = false;
  }
  purge_effects(db_, s_);
  emit("captured_returned", names(back) + " return to their owner's fallen deck", Visibility::all(), -1, back);
}

// Units an effect activates: the opponent may still answer them (Virago).
void Engine::activate_effect(int seat, const std::vector<int>& units, const std::string& how) {
  for (int c : units) s_.just_activated.push_back(c);
  emit("units_activated", seat_name(seat) + " activates " + names(units) + how, Visibility::all(), seat, units);
}

}  // namespace concord::everzone
