// The open prompt of each seat, derived from the state (phase + waiting flags).
#pragma once

#include <optional>
#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"
#include "concord/rules/types.hpp"

namespace concord::everzone {

std::optional<rules::Prompt> build_prompt(const CardDb& db, const GameState& state, int seat);

// The timing window for Support cards: "no more than one Support card" per
// turn, except that "during the last turn of the battle you may play
// additional Support cards, bringing the total number of Support cards played
// to the maximum for that battle"; and "only if you have enough resources".
bool can_play_support(const CardDb& db, const GameState& state, int seat, int instance);

// The active Units of `seat` whose optional or hybrid ability may be declared
// now. "Some effects ... (as well as the abilities of Unit cards) trigger at
// the moment of activation/play; other effects trigger only when the player
// chooses to use them": once Units are active ("Support cards may be played
// only after activation, that is, when cards are already active with their
// ability") until the end of the turn, in the Support windows and, during the
// clash, before each attack ("Resolving an ability / effect takes priority
// over an action in the course of the game (for example, a clash between
// armies), except when that action has already ended"). Xenogray/Kraken "may
// attack one Unit of the opponent's army before your other Units": only while
// their army has not attacked yet this turn.
std::vector<int> declarable_abilities(const CardDb& db, const GameState& state, int seat);

// Whether the seat has anything to do in a clash window: an ability to
// declare or a Support card it may play (L34).
bool has_clash_action(const CardDb& db, const GameState& state, int seat);

// Cards a seat must discard at the Retreat phase: "reducing their number to
// 10 (not counting the Leader)".
int hand_excess(const GameState& state, int seat);

}  // namespace concord::everzone
