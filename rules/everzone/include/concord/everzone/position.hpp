// The plain-text position format: sets up any mid-battle EverZone state for
// tests (documented in rules/everzone/README.md, "Positions").
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {

struct PositionResult {
  std::optional<GameState> state;
  std::string error;  // "line N: ..." when state is empty
};

PositionResult parse_position(const CardDb& db, std::string_view text);

}  // namespace concord::everzone
