// A stored deck checked against a game (JoinRoom, RegisterEntrant).
#pragma once

#include <optional>
#include <vector>

#include "concord/rules/deck.hpp"
#include "concord/server/game_catalog.hpp"

namespace concord::server {

// The deck's problems for `game` (none: it may be played); an unreadable
// deck (nullopt) is DECK_UNREADABLE. Implemented in dispatcher_rooms.cpp.
std::vector<rules::DeckViolation> deck_problems(const GameEntry& game, const std::optional<rules::Deck>& deck);

}  // namespace concord::server
