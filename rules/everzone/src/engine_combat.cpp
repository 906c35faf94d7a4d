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
  for (auto& p : s_.players) p.waiting = !p.deployed.empty() && !p.eliminated;
  emit("turn_started", "turn " + std::to_string(s_.turn) + " of " +
                           std::to_string(db_.at(s_.location).turns()) + ": RESOURCE limit " +
                           std::to_string(army(0).limit()));
  if (!anyone_waiting()) reveal_activation();
}

// "Then the players simultaneously activate their cards by turning them face up."
void Engine::reveal_activation() {
  for (int seat : alive_seats(s_)) {
    auto& p = player(seat);
    for (int c : p.secret) move_card(p.deployed, p.active, c);
    emit("units_activated", seat_name(seat) + " activates " + names(p.secret), Visibility::all(), seat, p.secret);
  }
  for (int seat : alive_seats(s_)) withdraw_unfit(seat);
  // JEHRAH: "This ability can be used only during activation": its upkeep
  // triggers when it is revealed active.
  for (int seat : alive_seats(s_))
    for (int c : player(seat).secret)
      if (needs_upkeep(db_, s_, c) && contains(player(seat).active, c)) s_.abilities.push_back(c);
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

// Over the limit, `seat` withdraws if it has cards in play that count; in a
// three-player alliance (one shared limit) the allies withdraw one after the
// other, lowest seat first, each only from their own cards.
bool Engine::must_withdraw(int seat) const {
  if (player_const(seat).eliminated || limit_army(seat).resource() <= limit_army(seat).limit()) return false;
  for (int member : limit_group(s_, seat)) {
    const auto& p = player_const(member);
    if (!p.active.empty() || !p.supports.empty()) return member == seat;
  }
  return false;
}

// Withdrawal and reactivation "are automatic mechanisms that depend exclusively
// on the conditions of the game": ask only when the owner has a real choice.
void Engine::settle() {
  // Effects whose source left play end (L56); a Unit their end takes to 0 DEFENSE is destroyed.
  release_captured();
  purge_effects(db_, s_);
  destroy_zero_defense();
  bool ask = false;
  for (int seat = 0; seat < seats(); ++seat) {
    player(seat).waiting = must_withdraw(seat);
    ask = ask || player(seat).waiting;
  }
  if (ask) {
    s_.phase = Phase::Withdraw;
    return;
  }
  for (int seat = 0; seat < seats(); ++seat) {
    player(seat).waiting = !player(seat).eliminated && reactivate_or_ask(seat);
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
// both are reactivated automatically." Returns true if the owner must choose
// (allies sharing a limit choose one after the other, lowest seat first).
bool Engine::reactivate_or_ask(int seat) {
  auto& p = player(seat);
  const Terrain where = db_.at(s_.location).terrain;
  const int room = limit_army(seat).limit() - limit_army(seat).resource();
  auto fitting = [&](int member) {
    std::vector<int> out;
    for (int c : player(member).withdrawn)
      if (card(c).can_fight(where)) out.push_back(c);
    return out;
  };
  int total = 0;
  for (int member : limit_group(s_, seat))
    for (int c : fitting(member)) total += card(c).values.resource;
  const std::vector<int> fit = fitting(seat);
  if (fit.empty()) return false;
  if (total > room) {
    for (int member : limit_group(s_, seat))
      for (int c : fitting(member))
        if (card(c).values.resource <= room) return member == seat;
    return false;
  }
  for (int c : fit) move_card(p.withdrawn, p.active, c);
  emit("units_reactivated", seat_name(seat) + " reactivates " + names(fit), Visibility::all(), seat, fit);
  return false;
}

void Engine::resume() {
  set_waiting(false);
  switch (s_.resume) {
    case Resume::Support: return open_support();
    case Resume::Stack: return resolve_next();
    case Resume::ClashNext: return next_attack();
    case Resume::EndOfTurn: return after_the_clash();
  }
}

// "Each turn you may play no more than one Support card from your hand at any
// time before the end of the turn."
// Declared effects and abilities resolve before the window opens again.
// During the clash the window is the one before the next attack.
void Engine::open_support() {
  if (!s_.effects.empty() || !s_.abilities.empty()) return resolve_next();
  if (s_.in_clash) return next_attack();
  s_.phase = Phase::Support;
  set_waiting(true);
}

// "After the end of each clash turn (at least one clash turn must take place),
// a player may choose to surrender".
// "Each turn you may play no more than one Support card from your hand at any
// time before the end of the turn": the window opens again after the clash.
void Engine::after_the_clash() {
  s_.after_clash = true;
  open_support();
}

// Teams: "only a team, not a single player, may surrender (twice per game)":
// members of a team that has surrendered twice are not asked.
void Engine::end_of_turn() {
  s_.after_clash = false;
  redeploy_at_end_of_turn();
  // Hybrid (and once-per-turn) abilities may be used again next turn; a
  // duelist rejoins its army; effects that last the turn end.
  std::erase_if(s_.declared, [&](int c) { return once_per_turn(db_, s_, c); });
  end_effects(s_, Lasts::Turn);
  if (s_.turn < db_.at(s_.location).turns()) {
    s_.phase = Phase::Surrender;
    set_waiting(true);
    for (auto& p : s_.players)
      if (s_.teams && p.surrenders >= 2) p.waiting = false;
    if (!anyone_waiting()) resolve_surrender();
    return;
  }
  begin_retreat();
}

// "A player who surrenders takes damage equal to half of the opponent's army's
// unmodified ATTACK value (rounded down). A player who has surrendered more
// than twice immediately loses the game." The opponent's army is every army
// that attacks the surrendering one. A team surrenders when all its members
// choose to; its damage and count are the team's (kept on every member).
void Engine::resolve_surrender() {
  const auto all = sides(s_);
  bool any = false;
  for (std::size_t i = 0; i < all.size(); ++i) {
    const int damage = surrender_damage(all, static_cast<int>(i));
    for (int seat : all[i].seats) {
      auto& p = player(seat);
      const bool gives_up = s_.teams ? surrenders_now(all[i]) : p.surrender;
      if (!gives_up) {
        emit("surrender_revealed", seat_name(seat) + " fights on", Visibility::all(), seat);
        continue;
      }
      any = true;
      p.surrenders += 1;
      p.cp = std::max(0, p.cp - damage);
      emit("surrender_revealed", seat_name(seat) + " surrenders (" + std::to_string(p.surrenders) + ") and takes " +
                                     std::to_string(damage) + " damage: " + std::to_string(p.cp) + " CP left",
           Visibility::all(), seat, {}, damage);
    }
  }
  set_waiting(false);
  std::vector<int> losers;
  for (int seat : alive_seats(s_))
    if (player(seat).surrenders > 2) losers.push_back(seat);
  if (!losers.empty()) return lose_surrenders(losers);
  if (check_cp_end()) return;
  if (any) return begin_retreat();
  s_.turn += 1;
  begin_turn();
}

bool Engine::surrenders_now(const Side& side) const {
  return std::all_of(side.seats.begin(), side.seats.end(), [&](int seat) { return player_const(seat).surrender; });
}

int Engine::surrender_damage(const std::vector<Side>& all, int side) const {
  int attack = 0;
  for (const auto& other : all)
    if (other.target == side) attack += army(other).unmodified_attack();
  return attack / 2;
}

// Players over two surrenders lose; with three players the others play on.
void Engine::lose_surrenders(const std::vector<int>& losers) {
  std::vector<int> rest;
  for (int seat : alive_seats(s_))
    if (!contains(losers, seat)) rest.push_back(seat);
  if (rest.size() <= 1) return finish(rest, rest.empty(), "surrendered_three_times");
  for (int seat : losers) eliminate(seat);
  if (check_cp_end()) return;
  begin_retreat();
}

}  // namespace concord::everzone
