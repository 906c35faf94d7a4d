// The game definition of EVE: The Second Genesis (id "eve_genesis"), for the
// game registry: 2-4 seats, a deck per seat (validated by validate_deck).
#pragma once

#include "concord/rules/registry.hpp"

namespace concord::eve {

rules::GameDefinition definition();

}  // namespace concord::eve
