// Named C++ handlers for card abilities the data vocabulary cannot express
// (DESIGN.md: "A card that the vocabulary cannot express gets a named C++
// handler beside the data"). The engine asks these questions at fixed points;
// no card is special-cased in the core loop. Only cards marked implemented
// in cards/everzone.cards have handlers (or are plain army bonuses).
#pragma once

#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {

// VIRAGO (continuous): "does not allow the opponent to play Support cards" —
// true if an opponent of `seat` has an active Virago. A Virago activated by an
// effect ("say Engagement") does not block the answer to it: "the opponent may
// play a Support card in response that destroys Virago".
bool supports_blocked(const CardDb& db, const GameState& state, int seat);

// SEA ARROW (contextual): "cannot be destroyed if the opponent's army has 3
// or fewer active Units" — `opponent_units` is that army's active count.
bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units);

// HANTAL VEXILIUM: "When destroyed, all active Units in the game receive -4
// DEFENSE (both yours and the opponent's)." Returns the DEFENSE change every
// active Unit receives when `instance` is destroyed (0 for other cards).
int defense_change_when_destroyed(const CardDb& db, const GameState& state, int instance);

// SNIPER and MORAY (contextual): "in each case when your army attacks first,
// their abilities may be performed". Chosen numbers: each active Moray gives
// the attacking army +2 ATTACK, each active Sniper gives the defending army
// -2 DEFENSE, for that first attack.
struct FirstStrike {
  int attack = 0;
  int defense = 0;
};
FirstStrike first_strike(const CardDb& db, const GameState& state, const std::vector<int>& seats);

// C.B.L. and LAK (continuous): combo "with single-effect Support cards kept
// in play": while their owner keeps a resolved single-effect Support in play
// (Orbital Void), each active C.B.L. gives +2 ATTACK and each LAK +2 DEFENSE
// to the owner's army (chosen numbers).
Values army_bonus(const CardDb& db, const GameState& state, int seat);
// The owner may keep a resolved single effect in play (has C.B.L. or LAK active).
bool wants_kept_effects(const CardDb& db, const GameState& state, int seat);

// What a declared effect or ability does when it resolves (the owner's
// choices, if any, are asked then: Phase::Effect).
enum class TargetedEffect {
  None,
  // TRIBE RECALL: "allows you to activate a Unit after a player's action":
  // choose one of your deployed Units; it is activated.
  ActivateDeployed,
  // FINAL PROTOCOL: destroy a Unit under your control and an enemy Unit; "If
  // you have no Units under your control, or if the selected Unit under your
  // control cannot be destroyed, you may destroy only an enemy Unit."
  DestroyOwnAndEnemy,
  // ENGAGEMENT: "destroy any two combat units under your control (active,
  // withdrawn or deployed) in order to activate a Unit of your choice from the
  // deck. The deck must be shuffled after this." Step 0: the two Units; step 1:
  // the Unit from the deck.
  DestroyTwoActivateFromDeck,
  // ORBITAL VOID (single effect, chosen): every active enemy Unit receives -1
  // DEFENSE; then discarded "unless you want to keep it in play ... for a combo
  // with C.B.L. or LAK Units" (asked only when you have one active).
  EnemiesDefenseDown,
  // MERAUD (optional, "at any time", chosen): one of your active Units
  // receives +2 DEFENSE until the Retreat phase.
  OwnDefenseUp,
  // CIEL (optional, chosen): one enemy active Unit receives -2 DEFENSE ("if
  // their DEFENSE value drops to 0, they are destroyed"); Ciel is re-deployed
  // at the end of the turn.
  EnemyDefenseDown,
  // ZARKENDRA (optional, chosen: once per battle): destroys all active Units
  // of one opposing player, chosen by the owner ("In team games ... of only
  // one player, chosen by the owner").
  DestroyPlayersActive,
  // JEHRAH: "To keep the card Jehrah active you must destroy one Unit under
  // your control. This ability can be used only during activation": choose a
  // Unit to destroy, or Jehrah is re-deployed face down.
  KeepActive,
  // XENOGRAY and KRAKEN (hybrid, once per turn): "may attack one Unit of the
  // opponent's army before your other Units ... The attacking and target Units
  // should be treated as separate armies: if there is no direct counterattack,
  // the clash proceeds normally, but the values of Xenogray or Kraken cannot be
  // added to the rest of the army" (this turn).
  Duel,
  // MEDUSA (hybrid, chosen: once per turn): one enemy active Unit receives -1 DEFENSE.
  Gaze,
  // VLAD (optional, chosen: once per battle): take control of one enemy active Unit.
  TakeControl,
  // NUMEN SKYBLADE (optional, chosen: once per turn): reduce this Unit's
  // TARGET by kTargetToAttack to increase its ATTACK as much, until the end of
  // the turn ("I may reduce its TARGET value to increase its ATTACK value").
  // No choice at resolution; nothing happens if the Unit is no longer active.
  TargetToAttack,
};
inline constexpr int kTargetToAttack = 2;
TargetedEffect targeted_effect(const CardDb& db, const GameState& state, int instance);

// GameState::effect_step of the last step of a single-effect Support: "once the
// effect has been resolved, the card becomes irrelevant and must be discarded,
// unless you want to keep it in play for some special reason (for example, for
// a combo with C.B.L. or LAK Units)" — asked (keep/discard) when the owner has
// an active C.B.L. or LAK.
inline constexpr int kKeepStep = 100;
// Support cards with a single effect (resolved once, then discarded or kept).
bool is_single_effect(const CardDb& db, const GameState& state, int instance);

// Units with an optional or hybrid ability their owner may declare while they
// are active (optional: once per battle, Ciel once per activation; hybrid:
// once per turn, "each time the appropriate circumstances arise").
bool has_optional_ability(const CardDb& db, const GameState& state, int instance);
bool is_hybrid(const CardDb& db, const GameState& state, int instance);
// Abilities that may be declared again next turn (hybrid ones and NUMEN SKYBLADE).
bool once_per_turn(const CardDb& db, const GameState& state, int instance);
// VLAD: keeps the Units it captured while it is active.
bool holds_captives(const CardDb& db, const GameState& state, int instance);
// Units that must pay the Jehrah upkeep when revealed at activation.
bool needs_upkeep(const CardDb& db, const GameState& state, int instance);

// The Units the owner of a targeted effect may choose from: for
// DestroyOwnAndEnemy, own active/withdrawn Units then enemy ones.
std::vector<int> effect_targets(const CardDb& db, const GameState& state, int seat, TargetedEffect effect);
std::vector<int> enemy_units(const GameState& state, int seat);  // active + withdrawn
std::vector<int> enemy_active(const GameState& state, int seat);
// DestroyPlayersActive: opposing seats with active Units.
std::vector<int> target_players(const GameState& state, int seat);

// A Support with a targeted effect is playable only when it has a target.
bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance);
// At resolution: whether the effect still has something to choose or act on.
bool effect_applies(const CardDb& db, const GameState& state, int seat, int instance);

}  // namespace concord::everzone
