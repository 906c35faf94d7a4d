// The games registered in the shipped concord-server. Each game issue adds its
// engine (rules/<game>) and wire adapter here. The pipe-proving test game lives
// only under tests/ and is never registered here.
#include "concord/server/game_catalog.hpp"

namespace concord::server {

GameCatalog shipped_games() {
  GameCatalog catalog;
  return catalog;
}

}  // namespace concord::server
