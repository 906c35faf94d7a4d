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
// true if an opponent of `seat` has an active Virago.
bool supports_blocked(const CardDb& db, const GameState& state, int seat);

// SEA ARROW (contextual): "cannot be destroyed if the opponent's army has 3
// or fewer active Units" — `opponent_units` is that army's active count.
bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units);

// HANTAL VEXILIUM: "When destroyed, all active Units in the game receive -4
// DEFENSE (both yours and the opponent's)." Returns the DEFENSE change every
// active Unit receives when `instance` is destroyed (0 for other cards).
int defense_change_when_destroyed(const CardDb& db, const GameState& state, int instance);

// Support cards whose single effect needs a choice by their owner (Phase::Effect).
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
};
TargetedEffect targeted_effect(const CardDb& db, const GameState& state, int instance);

// The Units the owner of a targeted effect may choose from: for
// DestroyOwnAndEnemy, own active/withdrawn Units then enemy ones.
std::vector<int> effect_targets(const CardDb& db, const GameState& state, int seat, TargetedEffect effect);
std::vector<int> enemy_units(const GameState& state, int seat);  // active + withdrawn

// A Support with a targeted effect is playable only when it has a target.
bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance);

}  // namespace concord::everzone
