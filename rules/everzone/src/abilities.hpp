// Card abilities read from the card data (Card::ability, cards/everzone.cards;
// the vocabulary is ability.hpp). The engine asks these questions at fixed
// points; no card id appears in the engine. The only named C++ handlers are
// the verbs `duel` (Xenogray, Kraken) and `control` (Vlad): engine_stack.cpp.
#pragma once

#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {

const Ability& ability_of(const CardDb& db, const GameState& state, int instance);
// The seat whose zones hold `instance` (its owner when it is in none).
int controller_of(const GameState& state, int instance);
// Active Units of the army `seat` faces: its target's side, or every opponent.
int facing_units(const CardDb& db, const GameState& state, int seat);

// `static block_supports` (VIRAGO): an opponent of `seat` has such an active
// Unit. One activated by an effect ("say Engagement") does not block the
// answer to it ("the opponent may play a Support card in response").
bool supports_blocked(const CardDb& db, const GameState& state, int seat);
// `static indestructible [few_enemies N]` (SEA ARROW: "cannot be destroyed if
// the opponent's army has 3 or fewer active Units"); `opponent_units` is the
// active count of the army it faces.
bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units);
// `static army|enemy_army ... first_strike` (MORAY, SNIPER): "each case when
// your army attacks first": the attacking army's and the defending army's changes.
struct FirstStrike {
  Values own, enemy;
};
FirstStrike first_strike(const CardDb& db, const GameState& state, const std::vector<int>& seats);
// `static army ...` of the seat's active Units (always, or `kept_effect`: C.B.L.
// and LAK, while their owner keeps a resolved single-effect Support in play).
Values army_bonus(const CardDb& db, const GameState& state, int seat);
// The owner may keep a resolved single effect in play (an active `kept_effect` Unit).
bool wants_kept_effects(const CardDb& db, const GameState& state, int seat);

// GameState::effect_step of the keep/discard question after a single effect.
inline constexpr int kKeepStep = 100;
bool is_single_effect(const CardDb& db, const GameState& state, int instance);
bool has_optional_ability(const CardDb& db, const GameState& state, int instance);  // optional or hybrid
bool is_hybrid(const CardDb& db, const GameState& state, int instance);
bool once_per_turn(const CardDb& db, const GameState& state, int instance);  // hybrid, or `optional turn`
bool needs_upkeep(const CardDb& db, const GameState& state, int instance);   // `ability activation`
bool before_attack(const CardDb& db, const GameState& state, int instance);  // `before_attack`

// A step waits for its owner's choice (otherwise it applies at once).
bool needs_choice(const Step& step);
// The cards a step may act on now (Destroy: only Units that can be destroyed).
std::vector<int> step_targets(const CardDb& db, const GameState& state, int seat, int instance, const Step& step);
std::vector<int> enemy_units(const GameState& state, int seat);  // active + withdrawn
std::vector<int> enemy_active(const GameState& state, int seat);
std::vector<int> target_players(const GameState& state, int seat);  // opposing seats with active Units
// The step has something to act on (markers always do).
bool step_possible(const CardDb& db, const GameState& state, int seat, int instance, const Step& step);
// A Support with an effect is playable only when every step has a target.
bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance);
// At resolution: the entry has something to act on (every step but markers).
bool effect_applies(const CardDb& db, const GameState& state, int seat, int instance);

}  // namespace concord::everzone
