// The catalog of games the shipped concord-server hosts (server/games/).
#pragma once

#include "concord/server/game_catalog.hpp"

namespace concord::server {

GameCatalog shipped_games();

}  // namespace concord::server
