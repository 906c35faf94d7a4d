// Runs a whole server process: network, application, persistence.
#pragma once

#include "concord/server/config.hpp"
#include "concord/server/game_catalog.hpp"

namespace concord::server {

// Sets up logging, connects and migrates the database (if configured),
// recovers unfinished matches, serves until SIGINT/SIGTERM, then stops
// accepting, flushes the journal and returns the process exit code.
int run_server(const Config& config, GameCatalog catalog);

}  // namespace concord::server
