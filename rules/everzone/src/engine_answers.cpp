// Applying a well-formed answer (its shape was checked against the prompt).
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::everzone {
namespace {

rules::Rejection reject(const char* code, std::string message) { return {code, std::move(message)}; }

// "target_2" -> 2
int target_option_seat(const std::string& id) {
  return id.rfind("target_", 0) == 0 ? std::stoi(id.substr(7)) : -1;
}

std::vector<int> chosen_instances(const rules::Answer& answer) {
  std::vector<int> out;
  for (const auto& c : answer.choices)
    if (auto i = parse_instance(c.option_id)) out.push_back(*i);
  return out;
}

}  // namespace

std::optional<rules::Rejection> Engine::answer(int seat, const rules::Answer& answer) {
  const std::string first = answer.choices.empty() ? std::string() : answer.choices.front().option_id;
  switch (s_.phase) {
    case Phase::Refresh: return on_refresh(seat, first);
    case Phase::Deploy:
    case Phase::Activate:
    case Phase::Target:
    case Phase::Surrender: return on_secret(seat, answer);
    case Phase::Withdraw: return on_withdraw(seat, chosen_instances(answer));
    case Phase::Reactivate: return on_reactivate(seat, chosen_instances(answer));
    case Phase::Support: return on_support(seat, first);
    case Phase::Retreat: return on_retreat(seat, chosen_instances(answer));
    case Phase::Effect: return on_effect(seat, answer);
    case Phase::Clash: return on_clash(seat, first);
    case Phase::Over: break;
  }
  return reject("WINDOW_CLOSED", "the match is over");
}

std::optional<rules::Rejection> Engine::on_refresh(int seat, const std::string& id) {
  if (id == "refresh") {
    refresh_hand(seat);
    return std::nullopt;
  }
  player(seat).waiting = false;
  emit("proceeds", seat_name(seat) + " proceeds to deployment", rules::Visibility::all(), seat);
  if (!anyone_waiting()) begin_deploy();
  return std::nullopt;
}

// A simultaneous hidden decision: record it; tell everyone only that the seat
// has chosen; reveal all choices together once every required seat has chosen.
std::optional<rules::Rejection> Engine::on_secret(int seat, const rules::Answer& answer) {
  auto& p = player(seat);
  p.answered = true;
  p.secret = chosen_instances(answer);
  const std::string first = answer.choices.empty() ? std::string() : answer.choices.front().option_id;
  p.surrender = first == "surrender";
  if (s_.phase == Phase::Target) p.secret_target = target_option_seat(first);
  emit("seat_chose", seat_name(seat) + " has chosen", rules::Visibility::all(), seat);
  std::string chose = names(p.secret);
  if (s_.phase == Phase::Surrender) chose = p.surrender ? "surrender" : "continue";
  if (s_.phase == Phase::Target) chose = seat_name(p.secret_target) + " as target";
  emit("own_choice", seat_name(seat) + " chose " + chose, rules::Visibility::only({seat}), seat, p.secret, 0,
       s_.phase == Phase::Target ? std::vector<int>{p.secret_target} : std::vector<int>{});
  const bool all_in = std::none_of(s_.players.begin(), s_.players.end(),
                                   [](const auto& q) { return q.waiting && !q.answered; });
  if (all_in) all_secrets_in();
  return std::nullopt;
}

void Engine::all_secrets_in() {
  switch (s_.phase) {
    case Phase::Deploy: return reveal_deployment();
    case Phase::Activate: return reveal_activation();
    case Phase::Surrender: return resolve_surrender();
    case Phase::Target: return reveal_targets();
    default: return;
  }
}

// "A player may withdraw troops only if it is necessary": the rest must fit,
// and putting back any one withdrawn card would break the limit again. An ally
// sharing the limit who withdraws everything of their own may leave the rest
// to the other ally.
std::optional<rules::Rejection> Engine::on_withdraw(int seat, const std::vector<int>& chosen) {
  auto& p = player(seat);
  const Army a = limit_army(seat);
  int remaining = a.resource();
  for (int c : chosen) remaining -= card(c).values.resource;
  const bool all_own = chosen.size() == p.active.size() + p.supports.size();
  if (remaining > a.limit() && !all_own)
    return reject("OVER_RESOURCE_LIMIT", "the army would still exceed the RESOURCE limit");
  for (int c : chosen)
    if (remaining + card(c).values.resource <= a.limit())
      return reject("UNNECESSARY_WITHDRAWAL", name(c) + " could stay: withdraw only what is necessary");
  for (int c : chosen) {
    if (contains(p.active, c)) move_card(p.active, p.withdrawn, c);
    else move_card(p.supports, p.retreated, c);
  }
  emit("units_withdrawn", seat_name(seat) + " withdraws " + names(chosen) + " to fit the RESOURCE limit",
       rules::Visibility::all(), seat, chosen);
  p.waiting = false;
  if (!anyone_waiting()) settle();
  return std::nullopt;
}

// Reactivate as many as fit: the chosen Units fit, and no other candidate would.
std::optional<rules::Rejection> Engine::on_reactivate(int seat, const std::vector<int>& chosen) {
  auto& p = player(seat);
  const Army a = limit_army(seat);
  int room = a.limit() - a.resource();
  for (int c : chosen) room -= card(c).values.resource;
  if (room < 0) return reject("OVER_RESOURCE_LIMIT", "these Units do not all fit in the RESOURCE limit");
  const Terrain where = db_.at(s_.location).terrain;
  for (int c : p.withdrawn)
    if (!contains(chosen, c) && card(c).can_fight(where) && card(c).values.resource <= room)
      return reject("MUST_REACTIVATE", name(c) + " also fits: reactivation is automatic when the limit allows");
  for (int c : chosen) move_card(p.withdrawn, p.active, c);
  emit("units_reactivated", seat_name(seat) + " reactivates " + names(chosen), rules::Visibility::all(), seat, chosen);
  p.waiting = false;
  if (!anyone_waiting()) settle();
  return std::nullopt;
}

std::optional<rules::Rejection> Engine::on_support(int seat, const std::string& id) {
  auto& p = player(seat);
  if (id == "done") {
    p.waiting = false;
    if (!anyone_waiting()) support_closed();
    return std::nullopt;
  }
  if (id.rfind("discard_", 0) == 0) {
    // "A Support card remains in play until the end of phase 4, unless you
    // discard it earlier"; discarded Support cards go to the retreated pile.
    const int c = *parse_instance(id.substr(8));
    move_card(p.supports, p.retreated, c);
    emit("support_discarded", seat_name(seat) + " discards " + name(c), rules::Visibility::all(), seat, {c});
    purge_effects(db_, s_);  // L56: its effects end with it
    destroy_zero_defense();
    for (auto& other : s_.players) other.waiting = !other.eliminated;
    return std::nullopt;
  }
  if (id.rfind("ability_", 0) == 0) {
    declare(seat, *parse_instance(id.substr(8)), false);
    return std::nullopt;
  }
  play_support(seat, *parse_instance(id));  // the prompt offered only playable cards
  return std::nullopt;
}

// A Support card is played (in a Support window or, L34, during the clash):
// a single effect is declared on the effects stack; the others may answer.
void Engine::play_support(int seat, int c) {
  auto& p = player(seat);
  move_card(p.hand, p.supports, c);
  p.supports_turn += 1;
  p.supports_battle += 1;
  emit("support_played", seat_name(seat) + " plays " + name(c), rules::Visibility::all(), seat, {c});
  if (is_single_effect(db_, s_, c)) return declare(seat, c, true);
  reopen_windows();  // others may answer it
}

// Every seat has answered "done": the stacks resolve, or the turn moves on.
void Engine::support_closed() {
  if (!s_.effects.empty() || !s_.abilities.empty()) resolve_next();
  else if (s_.after_clash) end_of_turn();
  else begin_clash();
}

// The window before an attack of the clash: declare an ability, or done.
std::optional<rules::Rejection> Engine::on_clash(int seat, const std::string& id) {
  if (id == "done") player(seat).waiting = false;
  else if (id.rfind("ability_", 0) == 0) declare(seat, *parse_instance(id.substr(8)), false);  // "ability_c<N>"
  else play_support(seat, *parse_instance(id));  // L34: a Support card during the clash
  if (!anyone_waiting()) clash_window_closed();
  return std::nullopt;
}

void Engine::clash_window_closed() {
  if (!s_.effects.empty() || !s_.abilities.empty()) resolve_next();
  else strike();
}

// The owner's choice for the current step of a resolving effect or ability;
// the next steps follow. Units it activates are withdrawn at once if they
// cannot fight here or do not fit.
std::optional<rules::Rejection> Engine::on_effect(int seat, const rules::Answer& answer) {
  const bool keep_step = s_.effect_step == kKeepStep;
  if (auto bad = apply_choice(seat, answer)) return bad;
  if (s_.phase != Phase::Effect || s_.effect_card < 0) return std::nullopt;  // the duel ended the game or battle
  if (keep_step) {
    finish_effect(seat);
    return std::nullopt;
  }
  ++s_.effect_step;
  run_steps(seat);
  return std::nullopt;
}

std::optional<rules::Rejection> Engine::apply_choice(int seat, const rules::Answer& answer) {
  const auto chosen = chosen_instances(answer);
  const std::string first = answer.choices.empty() ? std::string() : answer.choices.front().option_id;
  const int c = s_.effect_card;
  if (s_.effect_step == kKeepStep) {  // "keep" or "discard"
    if (first == "keep") {
      s_.kept.push_back(c);
      emit("support_kept", seat_name(seat) + " keeps " + name(c) + " in play", rules::Visibility::all(), seat, {c});
    }
    return std::nullopt;
  }
  const Step& step = ability_of(db_, s_, c).steps.at(static_cast<std::size_t>(s_.effect_step));
  if (step.pick == Pick::OwnAndEnemy) return destroy_own_and_enemy(seat, chosen);
  if (step.or_redeploy && first == "redeploy") {
    redeploy_now(seat, c);
    return std::nullopt;
  }
  if (step.pick == Pick::PlayerActive) {
    const int target = target_option_seat(first);
    if (step.verb == Verb::Destroy) destroy_active(target, enemy_army_units(target));
    else apply_step(seat, c, step, player(target).active);
    return std::nullopt;
  }
  apply_step(seat, c, step, chosen);
  return std::nullopt;
}

// JEHRAH: "To keep the card Jehrah active you must destroy one Unit under your
// control": without one, it is turned face down.
void Engine::redeploy_now(int seat, int unit) {
  move_card(player(seat).active, player(seat).deployed, unit);
  emit("unit_redeployed", name(unit) + " is turned face down: no Unit destroyed to keep it active",
       rules::Visibility::all(), seat, {unit});
  purge_effects(db_, s_);
}

// FINAL PROTOCOL: exactly one enemy Unit, plus one of your own if you have any;
// an own Unit that cannot be destroyed survives ("you may destroy only an enemy Unit").
std::optional<rules::Rejection> Engine::destroy_own_and_enemy(int seat, const std::vector<int>& chosen) {
  const auto enemies = enemy_units(s_, seat);
  std::vector<int> own, enemy;
  for (int c : chosen) (contains(enemies, c) ? enemy : own).push_back(c);
  const auto& p = player(seat);
  // "Under your control" counts deployed Units too (ENGAGEMENT: "active, withdrawn or deployed").
  const bool has_own = !p.active.empty() || !p.withdrawn.empty() || !p.deployed.empty();
  if (enemy.size() != 1) return reject("ILLEGAL_TARGET", "choose exactly one enemy Unit");
  if (own.size() != (has_own ? 1u : 0u))
    return reject("ILLEGAL_TARGET", "choose one Unit under your control as well");
  std::vector<int> dead = enemy;
  const int opponent_units = enemy_army_units(seat);
  if (!enemy.empty() && cannot_be_destroyed(db_, s_, enemy[0], enemy_army_units(controller(enemy[0])))) dead.clear();
  for (int c : own)
    if (!cannot_be_destroyed(db_, s_, c, opponent_units)) dead.push_back(c);
  destroy(dead);
  return std::nullopt;
}

std::optional<rules::Rejection> Engine::on_retreat(int seat, const std::vector<int>& chosen) {
  auto& p = player(seat);
  for (int c : chosen) move_card(p.hand, p.retreated, c);
  if (!chosen.empty())
    emit("cards_discarded", seat_name(seat) + " discards " + names(chosen), rules::Visibility::all(), seat, chosen);
  p.waiting = false;
  if (!anyone_waiting()) finish_retreat();
  return std::nullopt;
}

}  // namespace concord::everzone
