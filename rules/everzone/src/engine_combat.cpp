// COMBAT PHASE: activation, withdrawal, reactivation, Support window, surrender.
#include <algorithm>

#include "engine.hpp"

namespace concord::everzone {

using rules::Visibility;

// "Each player simultaneously indicates the number of deployed Units they plan
// to activate" — here each seat secretly chooses which deployed Units; a seat
// with nothing deployed (public knowledge) has nothing to choose.
void Engine::begin_turn() {
  for (auto& p : s_.players) p.supports_turn = 0;
  s_.phase = Phase::Activate;
  set_waiting(false);
  for (auto& p : s_.players) p.waiting = !p.deployed.empty();
  emit("turn_started", "turn " + std::to_string(s_.turn) + " of " +
                           std::to_string(db_.at(s_.location).turns()) + ": RESOURCE limit " +
                           std::to_string(army(0).limit()));
  if (!anyone_waiting()) reveal_activation();
}

// "Then the players simultaneously activate their cards by turning them face up."
void Engine::reveal_activation() {
  for (int seat = 0; seat < seats(); ++seat) {
    auto& p = player(seat);
    for (int c : p.secret) move_card(p.deployed, p.active, c);
    emit("units_activated", seat_name(seat) + " activates " + names(p.secret), Visibility::all(), seat, p.secret);
  }
  for (int seat = 0; seat < seats(); ++seat) withdraw_unfit(seat);
  set_waiting(false);
  s_.resume = Resume::Support;
  settle();
}

// "If you mistakenly activated a card that cannot be used in the current
// location, withdraw it from the battle."
void Engine::withdraw_unfit(int seat) {
  auto& p = player(seat);
  const Terrain where = db_.at(s_.location).terrain;
  std::vector<int> unfit;
  for (int c : p.active)
    if (!card(c).can_fight(where)) unfit.push_back(c);
  for (int c : unfit) move_card(p.active, p.withdrawn, c);
  if (!unfit.empty())
    emit("units_withdrawn", seat_name(seat) + " withdraws " + names(unfit) + ": cannot fight here", Visibility::all(),
         seat, unfit);
}

bool Engine::needs_withdrawal(int seat) const { return army(seat).resource() > army(seat).limit(); }

// Withdrawal and reactivation "are automatic mechanisms that depend exclusively
// on the conditions of the game": ask only when the owner has a real choice.
void Engine::settle() {
  bool ask = false;
  for (int seat = 0; seat < seats(); ++seat) {
    player(seat).waiting = needs_withdrawal(seat);
    ask = ask || player(seat).waiting;
  }
  if (ask) {
    s_.phase = Phase::Withdraw;
    return;
  }
  for (int seat = 0; seat < seats(); ++seat) {
    player(seat).waiting = reactivate_or_ask(seat);
    ask = ask || player(seat).waiting;
  }
  if (ask) {
    s_.phase = Phase::Reactivate;
    return;
  }
  resume();
}

// "If I have two withdrawn Units but the RESOURCE limit allows only one of
// them to be reactivated, I may choose which of them to reactivate; otherwise
// both are reactivated automatically." Returns true if the owner must choose.
bool Engine::reactivate_or_ask(int seat) {
  auto& p = player(seat);
  const Terrain where = db_.at(s_.location).terrain;
  const int room = army(seat).limit() - army(seat).resource();
  std::vector<int> fit;
  int total = 0;
  for (int c : p.withdrawn)
    if (card(c).can_fight(where)) {
      fit.push_back(c);
      total += card(c).values.resource;
    }
  if (fit.empty() || total > room) {
    return std::any_of(fit.begin(), fit.end(), [&](int c) { return card(c).values.resource <= room; });
  }
  for (int c : fit) move_card(p.withdrawn, p.active, c);
  emit("units_reactivated", seat_name(seat) + " reactivates " + names(fit), Visibility::all(), seat, fit);
  return false;
}

void Engine::resume() {
  set_waiting(false);
  switch (s_.resume) {
    case Resume::Support: return open_support();
    case Resume::ClashSecond: return second_attack();
    case Resume::EndOfTurn: return end_of_turn();
  }
}

// "Each turn you may play no more than one Support card from your hand at any
// time before the end of the turn."
void Engine::open_support() {
  s_.phase = Phase::Support;
  set_waiting(true);
}

// "After the end of each clash turn (at least one clash turn must take place),
// a player may choose to surrender".
void Engine::end_of_turn() {
  if (s_.turn < db_.at(s_.location).turns()) {
    s_.phase = Phase::Surrender;
    set_waiting(true);
    return;
  }
  begin_retreat();
}

// "A player who surrenders takes damage equal to half of the opponent's army's
// unmodified ATTACK value (rounded down). A player who has surrendered more
// than twice immediately loses the game."
void Engine::resolve_surrender() {
  std::vector<int> damage(static_cast<std::size_t>(seats()), 0);
  bool any = false;
  for (int seat = 0; seat < seats(); ++seat) {
    if (!player(seat).surrender) continue;
    any = true;
    damage[static_cast<std::size_t>(seat)] = army(opponent(seat)).unmodified_attack() / 2;
  }
  for (int seat = 0; seat < seats(); ++seat) {
    auto& p = player(seat);
    if (!p.surrender) {
      emit("surrender_revealed", seat_name(seat) + " fights on", Visibility::all(), seat);
      continue;
    }
    p.surrenders += 1;
    p.cp = std::max(0, p.cp - damage[static_cast<std::size_t>(seat)]);
    emit("surrender_revealed", seat_name(seat) + " surrenders (" + std::to_string(p.surrenders) +
                                   ") and takes " + std::to_string(damage[static_cast<std::size_t>(seat)]) +
                                   " damage: " + std::to_string(p.cp) + " CP left",
         Visibility::all(), seat, {}, damage[static_cast<std::size_t>(seat)]);
  }
  set_waiting(false);
  for (int seat = 0; seat < seats(); ++seat)
    if (player(seat).surrenders > 2) return finish({opponent(seat)}, false, "surrendered_three_times");
  if (check_cp_end()) return;
  if (any) return begin_retreat();
  s_.turn += 1;
  begin_turn();
}

}  // namespace concord::everzone
