// Parses a card's `ability`, `step` and `static` lines (CardParser only).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "concord/everzone/ability.hpp"

namespace concord::everzone::detail {

// `key` is "ability", "step" or "static", `words` the rest of the line.
// Returns an error message, or "" when the line was added to `ability`.
std::string parse_ability_line(std::string_view key, const std::vector<std::string_view>& words, Ability& ability);
// Checks a finished card's ability (steps need a timing and the reverse).
std::string check_ability(const Ability& ability, bool support);

}  // namespace concord::everzone::detail
