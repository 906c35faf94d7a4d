// The game definition of EVE: The Second Genesis (id "eve_genesis"), for the
// game registry: 2-4 seats, a deck per seat (validated by validate_deck).
#pragma once

#include <optional>
#include <string>

#include "concord/eve/state.hpp"
#include "concord/rules/registry.hpp"

namespace concord::eve {

rules::GameDefinition definition();

// Room options -> the optional variants (`range` off|1|2, `hunter_and_prey`,
// `destroying_prey`, `alliances`); missing options are off.
Variants variants_from_options(const rules::OptionValues& options);
// What a room must fix: the variants need 3-4 seats; destroying_prey needs
// hunter_and_prey; alliances need 4 seats and no free-for-all variant.
// nullopt = the room can start.
std::optional<std::string> check_room(const rules::OptionValues& options, int seats);

}  // namespace concord::eve
