// The EVE: Conquests game definition (id "conquests") for the game registry.
#pragma once

#include "concord/rules/registry.hpp"

namespace concord::conquests {

// 2 to 4 seats (the player count is the seat count); no decks; options
// "end_condition" (trinity | revelation), "length" (normal | long | epic) and
// "impending_doom" (boolean).
rules::GameDefinition definition();

}  // namespace concord::conquests
