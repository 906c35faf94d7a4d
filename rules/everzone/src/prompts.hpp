// The open prompt of each seat, derived from the state (phase + waiting flags).
#pragma once

#include <optional>

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

// Cards a seat must discard at the Retreat phase: "reducing their number to
// 10 (not counting the Leader)".
int hand_excess(const GameState& state, int seat);

}  // namespace concord::everzone
