// The clash, eliminations and the end of the game.
#include <algorithm>

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::everzone {
namespace {

std::string values_text(const Values& v) {
  return std::to_string(v.attack) + "/" + std::to_string(v.defense) + "/" + std::to_string(v.target) + "/" +
         std::to_string(v.resource);
}

}  // namespace

// "The army with the higher TARGET value attacks first (if the values are
// equal, the attack of each army happens simultaneously)." The order is fixed
// when the clash begins: "the fact that my army attacks does not change".
void Engine::new_circumstance() {
  std::erase_if(s_.declared, [&](int c) { return is_hybrid(db_, s_, c); });
}

void Engine::begin_clash() {
  s_.just_activated.clear();
  std::string text = "clash:";
  for (const auto& side : sides(s_)) {
    const Values v = army(side).totals();
    text += ' ';
    text += side_name(side);
    text += " army ";
    text += values_text(v);
    text += ';';
    for (int seat : side.seats) player(seat).clash_rank = v.target;
  }
  emit("clash", text + " (ATTACK/DEFENSE/TARGET/RESOURCE)");
  s_.in_clash = true;
  s_.resume = Resume::ClashNext;
  new_circumstance();
  next_attack();
}

// "Resolving an ability / effect takes priority over an action in the course
// of the game (for example, a clash between armies), except when that action
// has already ended": before each attack, seats with an ability they may
// declare get a window (Phase::Clash); declared entries resolve before the
// attack. The order of attacks stays as fixed when the clash began.
void Engine::next_attack() {
  if (check_cp_end()) return;
  if (next_rank() < 0) return end_clash();
  open_clash_window();
}

int Engine::next_rank() const {
  int best = -1;
  for (int seat : alive_seats(s_)) best = std::max(best, player_const(seat).clash_rank);
  return best;
}

void Engine::open_clash_window() {
  if (!s_.effects.empty() || !s_.abilities.empty()) return resolve_next();
  set_waiting(false);
  bool any = false;
  for (int seat : alive_seats(s_)) {
    player(seat).waiting = has_clash_action(db_, s_, seat);
    any = any || player(seat).waiting;
  }
  if (!any) return strike();
  s_.phase = Phase::Clash;
}

// The armies with the highest TARGET that have not attacked yet attack now,
// together, each against the army it targets ("Each player may attack only
// once per turn"). After their attacks withdrawn Units may reactivate:
// "I can then counterattack with these forces."
void Engine::strike() {
  const auto all = sides(s_);
  const int best = next_rank();
  std::vector<Strike> strikes;
  int ranked = 0, at_best = 0;  // sides still to attack; sides attacking now
  for (const auto& side : all) {
    int rank = -1;
    for (int seat : side.seats) rank = std::max(rank, player(seat).clash_rank);
    ranked += rank >= 0 ? 1 : 0;
    at_best += rank == best ? 1 : 0;
    if (rank != best || side.target < 0) continue;
    const Side& target = all[static_cast<std::size_t>(side.target)];
    strikes.push_back({side, target, army(side).totals(), army(target).totals(), army(side).active_units(),
                       army(target).active_units()});
  }
  // SNIPER and MORAY: "each case when your army attacks first".
  if (at_best == 1 && ranked == static_cast<int>(all.size()) && all.size() > 1)
    for (auto& strike : strikes) {
      const auto bonus = first_strike(db_, s_, strike.attacker.seats);
      strike.a.attack = std::max(0, strike.a.attack + bonus.own.attack);
      strike.d.defense = std::max(0, strike.d.defense + bonus.enemy.defense);
    }
  for (int seat : alive_seats(s_))
    if (player(seat).clash_rank == best) player(seat).clash_rank = -1;
  for (const auto& strike : strikes)
    if (strike.attacker_units > 0) attack(strike);
  s_.resume = Resume::ClashNext;
  new_circumstance();  // the next window (before the next attack, or after the clash) is a new one
  set_waiting(false);
  settle();
}

// "If the ATTACK value of the attacking army is equal to or exceeds the
// DEFENSE value of the opponent, then all active Units of the opponent are
// considered destroyed ... the opponent receives damage equal to the
// difference". "If you have no active Units on your turn, the ATTACK strength
// of the opponent's army inflicts proportionate damage on you". Against an
// alliance "it is distributed to each ally" (each receives the difference:
// ATTACK 12 against DEFENSE 8, "each ally receives 4 points of damage"); a
// team loses its team CP once (kept on every member).
void Engine::attack(const Strike& st) {
  int damage = 0;
  if (st.defender_units == 0) {
    damage = st.a.attack;
  } else if (st.a.attack >= st.d.defense) {
    damage = st.a.attack - st.d.defense;
    for (int seat : st.defender.seats) destroy_active(seat, st.attacker_units);
  }
  for (int seat : st.defender.seats) player(seat).cp = std::max(0, player(seat).cp - damage);
  emit("attack", side_name(st.attacker) + " attacks " + side_name(st.defender) + " with " +
                     std::to_string(st.a.attack) + ": " + side_name(st.defender) + " takes " + std::to_string(damage) +
                     " damage, " + std::to_string(player(st.defender.seats[0]).cp) + " CP left",
       rules::Visibility::all(), st.defender.seats[0], {}, damage, st.defender.seats);
}

void Engine::destroy_active(int seat, int attacker_units) {
  auto& p = player(seat);
  std::vector<int> dead;
  for (int c : p.active)  // a duelist fought as its own army this turn
    if (!cannot_be_destroyed(db_, s_, c, attacker_units) && !has_marker(db_, s_, c, Change::OutOfArmy))
      dead.push_back(c);
  destroy(dead);
}

// Moves Units to their owner's fallen deck; their effects disappear (L56);
// then "when destroyed" abilities apply, which may destroy more Units ("if the
// DEFENSE value of a Unit drops to 0, it is destroyed and moved to that
// player's fallen deck").
void Engine::destroy(const std::vector<int>& units) {
  if (units.empty()) return;
  std::vector<std::pair<int, int>> triggered;  // (controller, unit)
  for (int c : units) {
    const int seat = controller(c);
    auto& p = player(s_.owner_of.at(static_cast<std::size_t>(c)));
    take_out(c);  // a captured Unit goes to its owner's fallen deck
    p.fallen.push_back(c);
    if (c == p.leader) p.leader_alive = false;
    if (ability_of(db_, s_, c).timing == Timing::Destroyed) triggered.emplace_back(seat, c);
  }
  emit("units_destroyed", names(units) + " destroyed, to the fallen deck", rules::Visibility::all(), -1, units);
  release_captured();
  purge_effects(db_, s_);
  for (const auto& [seat, c] : triggered) fire_destroyed(seat, c);
  destroy_zero_defense();
}

// `ability destroyed` (HANTAL VEXILIUM: "When destroyed, all active Units in
// the game receive -4 DEFENSE"): its steps apply at once, without a choice.
void Engine::fire_destroyed(int seat, int unit) {
  for (const auto& step : ability_of(db_, s_, unit).steps)
    if (!needs_choice(step)) apply_step(seat, unit, step, step_targets(db_, s_, seat, unit, step));
}

void Engine::destroy_zero_defense(const Effect* fresh) {
  std::vector<int> dead;
  const bool extra = fresh && fresh->stat == Stat::Defense && !effect_applies_now(db_, s_, *fresh);
  for (const auto& p : s_.players)
    for (int c : p.active) {
      int defense = unit_values(db_, s_, c).defense;
      if (extra && contains(fresh->cards, c)) defense += fresh->amount;
      if (defense <= 0) dead.push_back(c);
    }
  destroy(dead);
}

// After the last attack of the clash, withdrawn Units reactivate if they fit.
void Engine::end_clash() {
  for (auto& p : s_.players) p.clash_rank = -1;
  s_.in_clash = false;
  if (check_cp_end()) return;
  s_.resume = Resume::EndOfTurn;
  settle();
}

// "When a player — or a faction, if playing with 4 players — loses all of
// their CP, they are eliminated from the game. The last player (or faction)
// remaining in the game wins." Three players: "When one player is eliminated,
// the remaining two fight under the standard rules in a 1-vs-1 format", but
// "when a player who is not part of the two-player alliance is eliminated, the
// battle ends immediately and the players proceed to the Retreat phase".
// Returns true when the flow moved on (match over or battle interrupted).
bool Engine::check_cp_end() {
  if (s_.teams) return check_teams_end();
  std::vector<int> out, alive;
  for (int seat : alive_seats(s_)) (player(seat).cp == 0 ? out : alive).push_back(seat);
  if (out.empty()) return false;
  if (alive.empty()) return finish({}, true, "mutual_destruction"), true;
  if (alive.size() == 1) return finish(alive, false, "command_points"), true;
  return eliminate_all(out);
}

// Three players, one left behind by the others: "when a player who is not part
// of the two-player alliance is eliminated, the battle ends immediately and the
// players proceed to the Retreat phase". Returns true if it did.
bool Engine::eliminate_all(const std::vector<int>& out) {
  const auto before = sides(s_);
  const bool lone_out = before.size() == 2 && (before[0].shared_limit || before[1].shared_limit) &&
                        side_of(before, out[0]) == (before[0].shared_limit ? 1 : 0);
  for (int seat : out) eliminate(seat);
  if (!lone_out || s_.phase == Phase::Retreat) return false;
  emit("battle_interrupted", "the player outside the alliance is eliminated: the battle ends");
  begin_retreat();
  return true;
}

bool Engine::check_teams_end() {
  std::vector<int> alive;
  for (int seat = 0; seat < seats(); ++seat)
    if (player(seat).cp > 0) alive.push_back(seat);
  if (static_cast<int>(alive.size()) == seats()) return false;
  if (alive.empty()) finish({}, true, "mutual_destruction");
  else finish(alive, false, "command_points");
  return true;
}

// An eliminated player's cards in play leave the battle (to the retreated
// pile; the Leader to hand) and the player has no more prompts.
void Engine::eliminate(int seat) {
  for (int c : captured_units(s_)) {  // captives go back to their owners' retreated piles
    const int owner = s_.owner_of.at(static_cast<std::size_t>(c));
    if (controller(c) != seat && owner != seat) continue;
    take_out(c);
    (c == player(owner).leader ? player(owner).hand : player(owner).retreated).push_back(c);
  }
  auto& p = player(seat);
  for (auto* zone : {&p.deployed, &p.active, &p.withdrawn, &p.supports}) {
    for (int c : *zone) (c == p.leader ? p.hand : p.retreated).push_back(c);
    zone->clear();
  }
  purge_effects(db_, s_);
  p.eliminated = true;
  p.waiting = false;
  p.clash_rank = -1;
  end_entries_in_hands();
  for (auto& q : s_.players) q.target = -1;  // the two left fight 1-vs-1
  emit("player_eliminated", seat_name(seat) + " is eliminated", rules::Visibility::all(), seat);
}

void Engine::finish(std::vector<int> winners, bool draw, const std::string& reason) {
  s_.phase = Phase::Over;
  set_waiting(false);
  std::string text = draw ? "the match ends in a truce" : "the match is won by";
  for (int w : winners) {
    text += ' ';
    text += seat_name(w);
  }
  text += " (";
  text += reason;
  text += ')';
  s_.result = rules::MatchResult{std::move(winners), draw, reason};
  emit("match_ended", text);
}

// "If the Battle deck runs out ... the player (or faction) with the most CP
// wins. If players are tied on CP, the game ends in a truce between them."
// Teams keep their team CP on every member. Three players: a tie between two
// of three is a truce between those two (winners = them, draw set).
void Engine::end_by_cp(const std::string& reason) {
  int best = -1;
  std::vector<int> top;
  const auto alive = alive_seats(s_);
  for (int seat : alive) {
    if (player(seat).cp > best) top.clear(), best = player(seat).cp;
    if (player(seat).cp == best) top.push_back(seat);
  }
  if (s_.teams) {
    const bool split =
        std::any_of(top.begin(), top.end(), [&](int x) { return player(x).team != player(top[0]).team; });
    return split ? finish({}, true, reason) : finish(team_seats(s_, top[0]), false, reason);
  }
  if (top.size() == alive.size() && top.size() > 1) return finish({}, true, reason);
  finish(top, top.size() > 1, reason);
}

// Concession. Three players: the conceding player is eliminated "as when
// their CP reach zero" and the two others play on (a 1-vs-1, or the battle
// ends at once if the conceding player was alone against an alliance); when
// only one other player is left, that player wins. Teams share CP and "only a
// team, not a single player, may surrender": a player's concession is the
// team's, and every seat of the other team wins.
void Engine::concede(int seat) {
  emit("conceded", seat_name(seat) + " concedes", rules::Visibility::all(), seat);
  const auto mine = team_seats(s_, seat);
  std::vector<int> rest;
  for (int other : alive_seats(s_))
    if (!contains(mine, other)) rest.push_back(other);
  if (s_.teams || rest.size() <= 1) return finish(rest, false, "conceded");
  if (eliminate_all({seat})) return;
  carry_on(seat);
}

// A Leader that went back to a hand (its player eliminated) is hidden again:
// its declared entries end now, named while the card is still public (its
// player is out: they would have resolved as "nothing to act on").
void Engine::end_entries_in_hands() {
  for (auto* stack : {&s_.effects, &s_.abilities})
    std::erase_if(*stack, [&](int c) {
      const auto& hand = player_const(s_.owner_of.at(static_cast<std::size_t>(c))).hand;
      if (!contains(hand, c)) return false;
      emit("effect_without_target", name(c) + " has nothing to act on: back in its owner's hand",
           rules::Visibility::all(), s_.owner_of.at(static_cast<std::size_t>(c)), {c});
      return true;
    });
}

// `gone` left while the others may have been waiting for it: the phase goes on
// as if it had answered.
void Engine::carry_on(int gone) {
  const bool simultaneous =
      s_.phase == Phase::Deploy || s_.phase == Phase::Activate || s_.phase == Phase::Surrender;
  if (simultaneous) {
    if (std::none_of(s_.players.begin(), s_.players.end(), [](const auto& q) { return q.waiting && !q.answered; }))
      all_secrets_in();
    return;
  }
  // Withdrawal/reactivation are recomputed: an alliance's shared limit ends with it.
  if (s_.phase == Phase::Withdraw || s_.phase == Phase::Reactivate) return settle();
  if (anyone_waiting() && s_.phase != Phase::Target && s_.phase != Phase::Effect) return;
  switch (s_.phase) {
    case Phase::Refresh: return begin_deploy();
    case Phase::Deploy:
    case Phase::Activate:
    case Phase::Surrender: return;
    case Phase::Target:  // "the remaining two fight under the standard rules in a 1-vs-1 format"
      set_waiting(false);
      return begin_turn();
    case Phase::Withdraw:
    case Phase::Reactivate: return;
    case Phase::Support: return support_closed();
    case Phase::Clash: return clash_window_closed();
    case Phase::Retreat: return finish_retreat();
    case Phase::Effect: {  // a choice whose targets left with `gone` resolves without them
      const int owner = controller(s_.effect_card);
      const bool resolving = s_.effect_step == 0;  // not a later step nor the keep step
      if (owner != gone && (!resolving || effect_applies(db_, s_, owner, s_.effect_card))) return;
      if (owner != gone)
        emit("effect_without_target", name(s_.effect_card) + " has nothing left to act on", rules::Visibility::all(),
             owner, {s_.effect_card});
      return finish_effect(owner);
    }
    case Phase::Over: return;
  }
}

}  // namespace concord::everzone
