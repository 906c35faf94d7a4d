// EveMatch: the decisions of a Combat phase, "the attacking player always
// makes his decision first":
//  - Withdrawal step (II): "Players may withdraw any number of their ships
//    from the battle by jumping them to their docks or to any regions in which
//    there are no enemy ships. The attacking player is the first to announce
//    which ships he withdraws." Both announce, then all withdrawals go on the
//    pile at once as jumps (L187 "Ships may withdraw from battle by jumping",
//    L239 "Dock/undock a ship: Counts as a jump", L136 jumping a ship creates
//    a pile): every player gets priority (the attacking player first) and may
//    answer them before they resolve; a ship stays in the battle until its
//    withdrawal resolves.
//  - Target Assignment step (III): "Players assign targets for each of their
//    ships. The attacking player announces targets first. You may leave a ship
//    without a target". One prompt per ship (attackers first).
//  - Forced withdrawals: after a Combat phase in which all defending ships
//    survived, and at the end of the turn ("You may not end your turn
//    controlling a ship that is in another player's region ... you must withdraw it").
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kDone = "done";
constexpr const char* kNone = "none";

std::string move_id(CardId ship, const std::string& to) { return card_ref(ship) + "@" + to; }

}  // namespace

void EveMatch::start_decisions(Events& ev) {
  auto& c = state_.combat;
  if (state_.step == Step::Withdrawal) {
    open_withdrawal(deciders().front(), ev);
    return;
  }
  c.queue = attackers_in(c.region);
  if (c.defender >= 0) {
    for (CardId id : defending_ships()) c.queue.push_back(id);
  }
  next_assignment(ev);
}

// Who announces withdrawals, in order: "the attacking player always makes his
// decision first", then the defender. Alliances: the members of the attacking
// alliance left to right, then those of the defending alliance (chosen: the
// order priority goes in, L200).
std::vector<SeatIndex> EveMatch::deciders() const {
  std::vector<SeatIndex> out = state_.members(state_.active);
  if (state_.combat.defender >= 0) {
    for (SeatIndex s : state_.members(state_.combat.defender)) out.push_back(s);
  }
  return out;
}

// The next seat after `seat` to announce withdrawals, or -1.
SeatIndex EveMatch::next_decider(SeatIndex seat) const {
  const auto d = deciders();
  auto it = std::find(d.begin(), d.end(), seat);
  return it == d.end() || it + 1 == d.end() ? -1 : *(it + 1);
}

void EveMatch::after_decisions(Events&) {
  state_.combat.stage = CombatState::Stage::After;
  state_.combat.queue.clear();
  state_.pending = Pending::Priority;
  state_.prompt_seat = state_.active;
  state_.passes = 0;
}

std::vector<std::string> EveMatch::withdraw_destinations(CardId ship) const {
  const SeatIndex owner = state_.cards[ship].owner;
  const std::string from = ship_location(ship);
  std::vector<std::string> out = {kDocks};
  for (const auto& r : state_.regions) {
    if (r.key == from || state_.home_lost(r) || jumps_prohibited_into(r.key)) continue;
    // An enemy home region holds the enemy base: withdrawing there would be a new attack.
    if (r.controller && !state_.allied(*r.controller, owner)) continue;
    const bool enemy = std::any_of(r.ships.begin(), r.ships.end(),
                                   [&](CardId id) { return !state_.allied(state_.cards[id].owner, owner); });
    if (!enemy) out.push_back(r.key);
  }
  return out;
}

// Ships of the seat in the battle that may still announce a withdrawal
// (Warp Scramble: "the chosen targets cannot withdraw").
std::vector<CardId> EveMatch::may_withdraw(SeatIndex seat) const {
  const auto& c = state_.combat;
  std::vector<CardId> out;
  if (seat < 0 || state_.seats[seat].out) return out;
  const auto ships = state_.allied(seat, state_.active) ? attackers_in(c.region) : ships_of(c.region, seat);
  for (CardId id : ships) {
    if (state_.cards[id].owner != seat || cannot_withdraw(id)) continue;
    if (std::any_of(c.withdrawals.begin(), c.withdrawals.end(),
                    [id](const auto& w) { return w.first == id; })) {
      continue;
    }
    out.push_back(id);
  }
  return out;
}

// The attacker announces first, then the defender (deciders(), from `seat`
// on; -1: nobody else); then all withdrawals go on the pile at once.
void EveMatch::open_withdrawal(SeatIndex seat, Events& ev) {
  while (seat >= 0 && may_withdraw(seat).empty()) seat = next_decider(seat);
  if (seat >= 0) {
    state_.pending = Pending::Withdraw;
    state_.prompt_seat = seat;
    return;
  }
  withdrawals_to_pile(ev);
  after_decisions(ev);
}

// L97 "withdraw ... by jumping them", L187 "Ships may withdraw from battle by
// jumping to other regions or to the base's docks", L239 "Dock/undock a ship:
// Counts as a jump", L136 "jumping a ship" creates a pile: each withdrawal is
// a jump item on the pile, controlled by the ship's owner. Chosen: they go on
// in the order announced (the attacking player's first), so the last one
// announced resolves first; they were announced together and nothing can be
// added while the pile resolves, so the order matters only for who takes
// control of a region two withdrawals enter.
void EveMatch::withdrawals_to_pile(Events& ev) {
  auto& c = state_.combat;
  for (const auto& [ship, to] : c.withdrawals) {
    const std::string from = ship_location(ship);
    if (from.empty() || from == kDocks) continue;
    PileItem item{PileItem::Kind::Jump, state_.cards[ship].owner, ship, to};
    item.from = from;
    state_.pile.push_back(std::move(item));
    emit(ev, "withdrawal_on_pile", card_name(ship) + " (" + card_ref(ship) + ") withdraws from " + from + " to " +
                                       to + ": the jump goes on the pile");
  }
  c.withdrawals.clear();
}

// The forced withdrawals of every ship in the queue are chosen: they go on
// the pile together and the active player gets priority. When every player
// passed on the empty pile again, the step ends as before: the Results step
// decides again (finish_combat_phase: the attackers have left, the attack is
// resolved), the End of Turn checks again for ships in enemy regions.
void EveMatch::forced_withdrawals_chosen(Events& ev) {
  auto& c = state_.combat;
  c.must_withdraw = false;
  withdrawals_to_pile(ev);
  if (state_.pile.empty()) {  // nothing left to withdraw (ships left play, their seat left)
    if (state_.phase == Phase::EndOfTurn) {
      end_step(ev);
    } else {
      resolve_attack(ev);
    }
    return;
  }
  c.stage = CombatState::Stage::After;
  c.queue.clear();
  state_.pending = Pending::Priority;
  state_.prompt_seat = state_.active;
  state_.passes = 0;
}

rules::Prompt EveMatch::withdraw_prompt() const {
  const auto& c = state_.combat;
  if (c.must_withdraw) {
    const CardId ship = c.queue.front();
    rules::Prompt p{"withdraw", card_name(ship) + " (" + card_ref(ship) + ") must withdraw: choose where it jumps.",
                    1, 1, {}};
    for (const auto& to : withdraw_destinations(ship)) {
      p.options.push_back({move_id(ship, to), "Withdraw to " + to, std::nullopt});
    }
    return p;
  }
  rules::Prompt p{"withdraw", "Withdrawal step: announce a ship to withdraw from the battle, or done.",
                  1, 1, {{kDone, "Done announcing withdrawals", std::nullopt}}};
  for (CardId ship : may_withdraw(state_.prompt_seat)) {
    for (const auto& to : withdraw_destinations(ship)) {
      p.options.push_back({move_id(ship, to), "Withdraw " + card_name(ship) + " to " + to, std::nullopt});
    }
  }
  return p;
}

void EveMatch::apply_withdraw(const rules::Answer& answer, Events& ev) {
  auto& c = state_.combat;
  const std::string& id = answer.choices.front().option_id;
  if (id == kDone) {
    open_withdrawal(next_decider(state_.prompt_seat), ev);
    return;
  }
  const auto at = id.find('@');
  const CardId ship = *parse_card_ref(id.substr(0, at));
  const std::string to = id.substr(at + 1);
  c.withdrawals.emplace_back(ship, to);
  emit(ev, "withdrawal_announced", seat_name(state_.prompt_seat) + " withdraws " + card_name(ship) +
                                       " (" + card_ref(ship) + ") to " + to);
  if (!c.must_withdraw) return;
  c.queue.erase(c.queue.begin());
  if (!c.queue.empty()) {
    state_.prompt_seat = state_.cards[c.queue.front()].owner;  // alliances: that ship's owner
    return;
  }
  forced_withdrawals_chosen(ev);
}

// "Withdraw > Ships may withdraw from battle by jumping to other regions or to the base's docks."
void EveMatch::withdraw_ship(CardId ship, const std::string& to, Events& ev) {
  const std::string from = ship_location(ship);
  Region* r = state_.region(from);
  if (!r) return;
  remove_from(r->ships, ship);
  CardInstance& c = state_.cards[ship];
  c.order.clear();
  if (to == kDocks) {
    put_in_docks(ship, ev);
  } else {
    state_.region(to)->ships.push_back(ship);
    update_control(*state_.region(to));
  }
  update_control(*state_.region(from));
  emit(ev, "withdrew", card_name(ship) + " (" + card_ref(ship) + ") withdraws from " + from + " to " + to);
}

// "When choosing targets for your ships during the Target Assignment step of
// the Combat phase, legal targets are enemy ships that are in the same region."
// Patrol: "You may force the chosen target, if it can, to target this ship."
std::vector<CardId> EveMatch::assignable_targets(CardId ship) const {
  const auto& c = state_.combat;
  std::vector<CardId> out;
  const Region* r = state_.region(c.region);
  for (CardId id : r->ships) {
    if (!state_.allied(state_.cards[id].owner, state_.cards[ship].owner) && !def(id).untargetable) out.push_back(id);
  }
  // FAQ (Rupture): "The Rupture must target the ship patrolling it, but it can
  // still name any number of other ships as well."
  if (def(ship).has_static(StaticKind::MultiTarget)) return out;
  for (const auto& [attacker, patroller] : c.forced) {
    if (attacker == ship && contains(out, patroller)) return {patroller};
  }
  return out;
}

void EveMatch::next_assignment(Events& ev) {
  auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  while (!c.queue.empty() &&
         (!contains(r->ships, c.queue.front()) || assignable_targets(c.queue.front()).empty())) {
    c.queue.erase(c.queue.begin());
  }
  if (c.queue.empty()) {
    after_decisions(ev);
    return;
  }
  state_.pending = Pending::AssignTarget;
  state_.prompt_seat = state_.cards[c.queue.front()].owner;
}

// L98: the targets of `ship` still to be given a share of its damage (all
// assigned targets without a share but the last): the distribution stage of
// Target Assignment while two or more are left.
std::vector<CardId> EveMatch::unshared_targets(CardId ship) const {
  const auto& c = state_.combat;
  std::vector<CardId> out;
  for (const auto& assignment : c.assigned) {
    const auto s = assignment.first;  // plain names: clang 14 cannot capture structured bindings
    const auto t = assignment.second;
    if (s != ship) continue;
    const bool shared = std::any_of(c.shares.begin(), c.shares.end(),
                                    [&](const CombatState::Share& x) { return x.ship == s && x.target == t; });
    if (!shared) out.push_back(t);
  }
  return out;
}

int EveMatch::unshared_damage(CardId ship) const {
  int left = attack_of(ship);
  for (const auto& x : state_.combat.shares) {
    if (x.ship == ship) left -= x.amount;
  }
  return std::max(0, left);
}

rules::Prompt EveMatch::assign_prompt() const {
  const CardId ship = state_.combat.queue.front();
  if (const auto rest = unshared_targets(ship); rest.size() >= 2) {
    // "distribute_damage": the damage dealt to the next target named; the last
    // target gets what is left.
    const int left = unshared_damage(ship);
    rules::Prompt p{"distribute_damage",
                    "Target Assignment step: " + card_name(ship) + " (" + card_ref(ship) + ") has " +
                        std::to_string(left) + " damage left for " + std::to_string(rest.size()) +
                        " targets: how much does " + card_name(rest.front()) + " (" + card_ref(rest.front()) +
                        ") get? (the last target gets the rest)",
                    1, 1, {}};
    p.options.push_back({card_ref(rest.front()), card_name(rest.front()), rules::ValueRange{0, left}});
    return p;
  }
  const auto targets = assignable_targets(ship);
  const bool forced = std::any_of(state_.combat.forced.begin(), state_.combat.forced.end(),
                                  [&](const auto& f) { return f.first == ship && f.second == targets.front(); });
  rules::Prompt p{"assign_target", "Target Assignment step: choose the target of " + card_name(ship) +
                                       " (" + card_ref(ship) + ", attack " + std::to_string(attack_of(ship)) + ")" +
                                       (forced ? "; Patrol forces its target" : ""),
                  1, 1, {}};
  if (def(ship).has_static(StaticKind::MultiTarget)) return multi_target_prompt(ship, std::move(p));
  if (!forced) p.options.push_back({kNone, "No target (deals no damage)", std::nullopt});
  for (CardId id : targets) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_assign(const rules::Answer& answer, Events& ev) {
  auto& c = state_.combat;
  const CardId ship = c.queue.front();
  if (const auto rest = unshared_targets(ship); rest.size() >= 2) {  // distribute_damage
    const int amount = static_cast<int>(answer.choices.front().value);
    c.shares.push_back(CombatState::Share{ship, rest.front(), amount});
    emit(ev, "damage_distributed", card_name(ship) + " (" + card_ref(ship) + ") will deal " + std::to_string(amount) +
                                       " damage to " + card_name(rest.front()) + " (" + card_ref(rest.front()) + ")");
    if (unshared_targets(ship).size() < 2) c.queue.erase(c.queue.begin());
    next_assignment(ev);
    return;
  }
  std::vector<rules::Choice> picks = answer.choices;
  const CardId patroller = def(ship).has_static(StaticKind::MultiTarget) ? patrolled_by(ship) : -1;
  if (patroller >= 0) picks.insert(picks.begin(), {card_ref(patroller), 0});
  for (const auto& choice : picks) {
    if (choice.option_id == kNone) continue;
    const CardId target = *parse_card_ref(choice.option_id);
    c.assigned.emplace_back(ship, target);
    emit(ev, "target_assigned", card_name(ship) + " (" + card_ref(ship) + ") targets " + card_name(target) +
                                    " (" + card_ref(target) + ")");
  }
  // Several targets and damage to share: the distribution stage follows.
  if (unshared_targets(ship).size() < 2 || attack_of(ship) <= 0) c.queue.erase(c.queue.begin());
  next_assignment(ev);
}

// Errata: "Enemy home regions: You may not end your turn controlling a ship
// that is in another player's region. If such a ship remains in an enemy
// region, you must withdraw it." True if a withdrawal prompt opened.
// Alliances (L205): ships in friendly regions (an ally's) stay; every member's
// ships in enemy regions withdraw, each chosen by its owner.
bool EveMatch::end_of_turn_withdrawal(Events&) {
  auto& c = state_.combat;
  std::vector<CardId> ships;
  for (const auto& r : state_.regions) {
    if (!r.controller || state_.allied(*r.controller, state_.active)) continue;
    for (CardId id : r.ships) {
      if (state_.allied(state_.cards[id].owner, state_.active)) ships.push_back(id);
    }
  }
  if (ships.empty()) return false;
  c.queue = ships;
  c.must_withdraw = true;
  state_.pending = Pending::Withdraw;
  state_.prompt_seat = state_.cards[ships.front()].owner;
  return true;
}

}  // namespace concord::eve


namespace concord::eve {

// The patrolling ship a ship must target (Patrol), if it can; else -1.
CardId EveMatch::patrolled_by(CardId ship) const {
  const auto& c = state_.combat;
  const Region* r = state_.region(c.region);
  for (const auto& [attacker, patroller] : c.forced) {
    if (attacker == ship && r && contains(r->ships, patroller) && !def(patroller).untargetable) return patroller;
  }
  return -1;
}

// Rupture: "may be assigned any number of target ships". FAQ: "The Rupture must
// target the ship patrolling it, but it can still name any number of other
// ships as well": the patrolling ship is assigned and the prompt offers the rest
// (0..all of them; choosing none means no target).
rules::Prompt EveMatch::multi_target_prompt(CardId ship, rules::Prompt p) const {
  const CardId patroller = patrolled_by(ship);
  p.text += patroller >= 0 ? "; it targets " + card_ref(patroller) + " and any number of these" : "; any number of targets";
  p.min_choices = 0;
  for (CardId id : assignable_targets(ship)) {
    if (id != patroller) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  }
  p.max_choices = static_cast<unsigned>(p.options.size());
  return p;
}

}  // namespace concord::eve
