// The position format: plain text that sets up any board, landscape,
// calendar, Empire cards, turn and battle state (README.md, "Position format").
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "concord/conquests/conquests_match.hpp"

namespace concord::conquests {

// A match in the position's state, or nullptr with *error = "line N: ..." (or
// "position: ..." for whole-position problems).
std::unique_ptr<ConquestsMatch> load_position(std::string_view text, std::string* error = nullptr);

// The canonical text of a match's state; loads back to the same state_hash().
std::string save_position(const ConquestsMatch& match);
std::string save_position(const GameState& state);

}  // namespace concord::conquests
