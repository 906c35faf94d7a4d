// The clash and the end of the game.
#include <algorithm>

#include "card_abilities.hpp"
#include "engine.hpp"

namespace concord::everzone {

// "The army with the higher TARGET value attacks first (if the values are
// equal, the attack of each army happens simultaneously)."
void Engine::begin_clash() {
  const Values a = army(0).totals();
  const Values b = army(1).totals();
  emit("clash", "clash: seat 0 army " + std::to_string(a.attack) + "/" + std::to_string(a.defense) + "/" +
                    std::to_string(a.target) + "/" + std::to_string(a.resource) + ", seat 1 army " +
                    std::to_string(b.attack) + "/" + std::to_string(b.defense) + "/" +
                    std::to_string(b.target) + "/" + std::to_string(b.resource) +
                    " (ATTACK/DEFENSE/TARGET/RESOURCE)");
  const int a_units = static_cast<int>(player(0).active.size());
  const int b_units = static_cast<int>(player(1).active.size());
  if (a.target == b.target) {
    if (a_units > 0) attack(0, 1, a, b, a_units);
    if (b_units > 0) attack(1, 0, b, a, b_units);
    return end_clash();
  }
  s_.clash_first = a.target > b.target ? 0 : 1;
  const int second = 1 - s_.clash_first;
  const int first_units = s_.clash_first == 0 ? a_units : b_units;
  if (first_units > 0)
    attack(s_.clash_first, second, s_.clash_first == 0 ? a : b, s_.clash_first == 0 ? b : a, first_units);
  // "one (or several) of the Units under my control that had been withdrawn
  // from the battle will be reactivated; I can then counterattack with these forces."
  s_.resume = Resume::ClashSecond;
  settle();
}

// "If the ATTACK value of the attacking army is equal to or exceeds the
// DEFENSE value of the opponent, then all active Units of the opponent are
// considered destroyed ... the opponent receives damage equal to the
// difference". "If you have no active Units on your turn, the ATTACK strength
// of the opponent's army inflicts proportionate damage on you".
void Engine::attack(int attacker, int defender, const Values& a, const Values& d, int attacker_units) {
  auto& p = player(defender);
  int damage = 0;
  if (p.active.empty()) {
    damage = a.attack;
  } else if (a.attack >= d.defense) {
    damage = a.attack - d.defense;
    destroy_active(defender, attacker_units);
  }
  p.cp = std::max(0, p.cp - damage);
  emit("attack", seat_name(attacker) + " attacks with " + std::to_string(a.attack) + ": " +
                     seat_name(defender) + " takes " + std::to_string(damage) + " damage, " +
                     std::to_string(p.cp) + " CP left",
       rules::Visibility::all(), defender, {}, damage);
}

void Engine::destroy_active(int seat, int attacker_units) {
  auto& p = player(seat);
  std::vector<int> dead;
  for (int c : p.active)
    if (!cannot_be_destroyed(db_, s_, c, attacker_units)) dead.push_back(c);
  destroy(dead);
}

// Moves Units to their owner's fallen deck, then applies "when destroyed"
// abilities, which may destroy more Units ("if the DEFENSE value of a Unit
// drops to 0, it is destroyed and moved to that player's fallen deck").
void Engine::destroy(const std::vector<int>& units) {
  if (units.empty()) return;
  int change = 0;
  for (int c : units) {
    auto& p = player(s_.owner_of.at(static_cast<std::size_t>(c)));
    move_card(p.active, p.fallen, c);
    move_card(p.withdrawn, p.fallen, c);
    move_card(p.deployed, p.fallen, c);
    s_.defense_mod.at(static_cast<std::size_t>(c)) = 0;
    if (c == p.leader) p.leader_alive = false;
    change += defense_change_when_destroyed(db_, s_, c);
  }
  emit("units_destroyed", names(units) + " destroyed, to the fallen deck", rules::Visibility::all(), -1, units);
  if (change == 0) return;
  for (auto& p : s_.players)
    for (int c : p.active) s_.defense_mod.at(static_cast<std::size_t>(c)) += change;
  std::string text = "every active Unit receives ";
  text += std::to_string(change);
  text += " DEFENSE";
  emit("defense_changed", text, rules::Visibility::all(), -1, {}, change);
  destroy_zero_defense();
}

void Engine::destroy_zero_defense() {
  std::vector<int> dead;
  for (const auto& p : s_.players)
    for (int c : p.active)
      if (card(c).values.defense + s_.defense_mod.at(static_cast<std::size_t>(c)) <= 0) dead.push_back(c);
  destroy(dead);
}

// "if the ATTACK value is lower than the DEFENSE value of the opponent, the
// opponent's army survives and performs a full counterattack."
void Engine::second_attack() {
  const int first = s_.clash_first, second = 1 - first;
  if (check_cp_end()) return;
  const int units = static_cast<int>(player(second).active.size());
  if (units > 0) attack(second, first, army(second).totals(), army(first).totals(), units);
  end_clash();
}

// "if the DEFENSE value of a Unit drops to 0, it is destroyed" (no effect can
// lower a Unit's DEFENSE yet). Then withdrawn Units reactivate if they fit.
void Engine::end_clash() {
  s_.clash_first = -1;
  if (check_cp_end()) return;
  s_.resume = Resume::EndOfTurn;
  settle();
}

// "When a player ... loses all of their CP, they are eliminated from the game."
bool Engine::check_cp_end() {
  std::vector<int> alive;
  for (int seat = 0; seat < seats(); ++seat)
    if (player(seat).cp > 0) alive.push_back(seat);
  if (static_cast<int>(alive.size()) == seats()) return false;
  if (alive.empty()) finish({}, true, "mutual_destruction");
  else finish(alive, false, "command_points");
  return true;
}

void Engine::finish(std::vector<int> winners, bool draw, const std::string& reason) {
  s_.phase = Phase::Over;
  set_waiting(false);
  std::string text = draw ? "the match ends in a truce" : "the match is won by";
  for (int w : winners) text += " " + seat_name(w);
  text += " (" + reason + ")";
  s_.result = rules::MatchResult{std::move(winners), draw, reason};
  emit("match_ended", text);
}

// "If the Battle deck runs out ... the player with the most CP wins. If
// players are tied on CP, the game ends in a truce between them."
void Engine::end_by_cp(const std::string& reason) {
  int best = -1;
  std::vector<int> top;
  for (int seat = 0; seat < seats(); ++seat) {
    if (player(seat).cp > best) top.clear(), best = player(seat).cp;
    if (player(seat).cp == best) top.push_back(seat);
  }
  if (top.size() > 1) return finish({}, true, reason);
  finish(top, false, reason);
}

void Engine::concede(int seat) {
  std::vector<int> winners;
  for (int other = 0; other < seats(); ++other)
    if (other != seat) winners.push_back(other);
  emit("conceded", seat_name(seat) + " concedes", rules::Visibility::all(), seat);
  finish(winners, false, "conceded");
}

}  // namespace concord::everzone
