// The EverZone game definition (id "everzone") for the game registry.
#pragma once

#include "concord/rules/registry.hpp"

namespace concord::everzone {

// Two seats; needs a deck; option "command_points" (1-vs-1: 10, 20 or 30).
rules::GameDefinition definition();

}  // namespace concord::everzone
