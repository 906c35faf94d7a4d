// The EverZone game definition (id "everzone") for the game registry.
#pragma once

#include "concord/rules/registry.hpp"

namespace concord::everzone {

// 2 to 6 seats; needs a deck; options "command_points" (2 or 3 players: 1 to
// 99, default 20; teams: 30 to 99, default 40) and "teams" (required for 4 and
// 6 seats; see check_room in everzone_match.hpp for the combination errors).
rules::GameDefinition definition();

}  // namespace concord::everzone
