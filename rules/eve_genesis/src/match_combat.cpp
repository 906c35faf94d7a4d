// EveMatch: "4. Combat Phase" — attacks and the series of Combat phases.
//  - "If your ship jumps into a region that is controlled by an opponent, your
//    ship attacks that region" (the attack is recorded when the jump resolves).
//  - "All attacks must be resolved separately, region by region and
//    sequentially. The attacking player chooses which attack to resolve first
//    ... All attacks on home regions are resolved before attacks on remote regions."
//  - Five steps per Combat phase (timing.cpp); at the end of the Results step
//    the rulebook decides what happens next (finish_combat_phase).
//  - "All shields recharge at the end of each phase - damage is not carried
//    over from one Combat phase to another."
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kNewPhase = "new_phase";
constexpr const char* kEndAttack = "end_attack";

void clear_phase(CombatState& c) {
  c.stage = CombatState::Stage::Start;
  c.defenders.clear();
  c.assigned.clear();
  c.shares.clear();
  c.forced.clear();
  c.withdrawals.clear();
  c.queue.clear();
  c.triggered.clear();
  c.must_withdraw = false;
  c.defender_left = false;
}

}  // namespace

bool EveMatch::is_attacking(CardId ship) const {
  const auto& a = state_.combat.attackers;
  return std::any_of(a.begin(), a.end(), [ship](const auto& p) { return p.first == ship; });
}

// The ships of the defending seat's alliance in the battle region (free-for-all: the defender's).
std::vector<CardId> EveMatch::defending_ships() const {
  const auto& c = state_.combat;
  std::vector<CardId> out;
  const Region* r = state_.region(c.region);
  if (!r || c.defender < 0) return out;
  for (CardId id : r->ships) {
    if (state_.allied(state_.cards[id].owner, c.defender)) out.push_back(id);
  }
  return out;
}

std::vector<CardId> EveMatch::ships_of(const std::string& region, SeatIndex seat) const {
  std::vector<CardId> out;
  const Region* r = state_.region(region);
  if (!r) return out;
  for (CardId id : r->ships) {
    if (state_.cards[id].owner == seat) out.push_back(id);
  }
  return out;
}

// Attacking ships of this attack that are still in the attacked region.
std::vector<CardId> EveMatch::attackers_in(const std::string& region) const {
  std::vector<CardId> out;
  const Region* r = state_.region(region);
  if (!r) return out;
  for (const auto& [ship, where] : state_.combat.attackers) {
    if (where == region && contains(r->ships, ship)) out.push_back(ship);
  }
  return out;
}

void EveMatch::record_attack(CardId ship, const std::string& region, Events& ev) {
  auto& c = state_.combat;
  if (std::find(c.attacks.begin(), c.attacks.end(), region) == c.attacks.end()) {
    c.attacks.push_back(region);
  }
  c.attackers.emplace_back(ship, region);
  emit(ev, "attack", card_name(ship) + " (" + card_ref(ship) + ") attacks " + region);
}

void EveMatch::start_combat(Events& ev) { next_attack(ev); }

// The attacking player chooses the next attack (home regions first).
void EveMatch::next_attack(Events& ev) {
  auto& c = state_.combat;
  std::erase_if(c.attacks, [&](const std::string& r) { return attackers_in(r).empty(); });
  std::erase_if(c.attackers, [&](const auto& p) {
    return std::find(c.attacks.begin(), c.attacks.end(), p.second) == c.attacks.end();
  });
  if (c.attacks.empty()) {
    enter(window(Phase::EndOfTurn, Step::End), ev);
    return;
  }
  state_.phase = Phase::Combat;
  state_.step = Step::StartOfCombat;
  const auto p = choose_attack_prompt();
  if (p.options.size() == 1) {
    begin_attack(p.options.front().id.substr(7), ev);
    return;
  }
  state_.pending = Pending::ChooseAttack;
  state_.prompt_seat = state_.active;
}

rules::Prompt EveMatch::choose_attack_prompt() const {
  rules::Prompt p{"choose_attack",
                  "Choose the attack to resolve next (attacks on home regions first).", 1, 1, {}};
  const auto& attacks = state_.combat.attacks;
  const bool home = std::any_of(attacks.begin(), attacks.end(),
                                [&](const std::string& r) { return state_.region(r)->home; });
  for (const auto& r : attacks) {
    if (state_.region(r)->home != home) continue;
    p.options.push_back({"attack:" + r, "Resolve the attack on " + db_.find(state_.region(r)->card)->name,
                         std::nullopt});
  }
  return p;
}

void EveMatch::apply_choose_attack(const rules::Answer& answer, Events& ev) {
  begin_attack(answer.choices.front().option_id.substr(7), ev);
}

// The defender: a home region's owner, else the other seat with ships there.
// Alliances: the defending alliance, named by a member (a home region: the
// lead of its alliance); every ship of that alliance there defends
// (Glossary "Defending Ship": "all your ships in that region").
void EveMatch::begin_attack(const std::string& region, Events& ev) {
  auto& c = state_.combat;
  const Region* r = state_.region(region);
  c.region = region;
  c.defender = -1;
  if (r->home) {
    c.defender = state_.home_holder(*r);
  } else {
    for (CardId id : r->ships) {
      if (!state_.allied(state_.cards[id].owner, state_.active)) c.defender = state_.cards[id].owner;
    }
  }
  emit(ev, "attack_resolving", "the attack on " + region + " is resolved");
  begin_combat_phase(ev);
}

void EveMatch::begin_combat_phase(Events& ev) {
  auto& c = state_.combat;
  clear_phase(c);
  expire_effects(Duration::EndOfCombatPhase);  // Jam, Warp Scramble, Sensor Dampen: "during this Combat phase"
  if (c.defender >= 0) c.defenders = defending_ships();
  enter(window(Phase::Combat, Step::StartOfCombat), ev);
}

// At the start of each step: the keyword abilities that trigger now, the
// damage of the Damage Distribution step and the base damage of the Results step.
void EveMatch::enter_combat_step(Events& ev) {
  state_.combat.stage = CombatState::Stage::Start;
  if (state_.step == Step::DamageDistribution) {
    push_combat_damage(ev);
    if (ask_redirect(0, ev)) return;  // Guardian
  }
  if (state_.step == Step::Results) push_base_damage(ev);
  trigger_keywords(ev);
  next_trigger(ev);
}

// Every player passed on an empty pile in a Combat step.
void EveMatch::end_combat_step(Events& ev) {
  auto& c = state_.combat;
  const bool decisions = state_.step == Step::Withdrawal || state_.step == Step::TargetAssignment;
  if (decisions && c.stage == CombatState::Stage::Start) {
    c.stage = CombatState::Stage::Decide;
    start_decisions(ev);
    return;
  }
  if (state_.step == Step::Results) {
    finish_combat_phase(ev);
    return;
  }
  const auto& seq = turn_sequence();
  for (std::size_t i = 0; i + 1 < seq.size(); ++i) {
    if (seq[i].phase == Phase::Combat && seq[i].step == state_.step) {
      enter(seq[i + 1], ev);
      return;
    }
  }
}

// "Based on the results of steps I, II, III and IV it is decided what happens next".
void EveMatch::finish_combat_phase(Events& ev) {
  auto& c = state_.combat;
  recharge_shields();
  const auto attackers = attackers_in(c.region);
  const bool defender_out = c.defender >= 0 && state_.side_out(c.defender);
  if (attackers.empty() || defender_out) {
    resolve_attack(ev);
    return;
  }
  const auto now = c.defender >= 0 ? defending_ships() : std::vector<CardId>{};
  const bool left = c.defender_left || std::any_of(c.defenders.begin(), c.defenders.end(),
                                                   [&](CardId id) { return !contains(now, id); });
  // "If at least one defending ship left the battle during the Combat phase, the next Combat phase begins."
  if (left && !now.empty()) {
    emit(ev, "combat_continues", "a defending ship left the battle: the next Combat phase begins");
    begin_combat_phase(ev);
    return;
  }
  // "If the ship that left the battle was the last ship in that region, the
  // attacking player may begin a new Combat phase in that region and use it to withdraw his ships."
  if (left) {
    state_.pending = Pending::ContinueCombat;
    state_.prompt_seat = state_.active;
    return;
  }
  // "If all defending ships survived the Combat phase, the attacking ships
  // must immediately withdraw from that region." Each ship's owner chooses
  // where (alliances: the members of the attacking alliance); the withdrawals
  // then go on the pile as jumps (forced_withdrawals_chosen). The defenders
  // are kept: when every player has passed on the empty pile again, this
  // step ends once more and decides again (normally: no attacker left, the
  // attack is resolved).
  if (!c.defenders.empty()) {
    const auto defenders = c.defenders;
    clear_phase(c);
    expire_effects(Duration::EndOfCombatPhase);  // the Combat phase is over
    c.defenders = defenders;
    c.must_withdraw = true;
    c.queue = attackers;
    state_.pending = Pending::Withdraw;
    state_.prompt_seat = state_.cards[c.queue.front()].owner;
    return;
  }
  resolve_attack(ev);
}

rules::Prompt EveMatch::continue_prompt() const {
  return rules::Prompt{"continue_combat",
                       "The last defending ship left " + state_.combat.region +
                           ": begin a new Combat phase there (to withdraw ships), or end the attack.",
                       1, 1,
                       {{kNewPhase, "Begin a new Combat phase", std::nullopt},
                        {kEndAttack, "End the attack (your ships stay)", std::nullopt}}};
}

void EveMatch::apply_continue(const rules::Answer& answer, Events& ev) {
  if (answer.choices.front().option_id == kNewPhase) {
    begin_combat_phase(ev);
  } else {
    resolve_attack(ev);
  }
}

// The attack is over: its ships are no longer attacking ships.
void EveMatch::resolve_attack(Events& ev) {
  auto& c = state_.combat;
  const std::string region = c.region;
  std::erase(c.attacks, region);
  std::erase_if(c.attackers, [&](const auto& p) { return p.second == region; });
  c.region.clear();
  c.defender = -1;
  clear_phase(c);
  expire_effects(Duration::EndOfCombatPhase);
  emit(ev, "attack_resolved", "the attack on " + region + " is resolved");
  next_attack(ev);
}

}  // namespace concord::eve
