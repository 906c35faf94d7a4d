// concord-test-server: exactly concord-server (server/main.cpp) plus the
// pipe-proving test game High Card Duel ("test_highcard") and the peer
// benchmark's Counter Duel ("test_counterduel") in its catalog.
// Used by server and load tests; never shipped.
#include "concord/server/app.hpp"
#include "concord/server/shipped_games.hpp"
#include "counterduel/counterduel_adapter.hpp"
#include "testgame/highcard_adapter.hpp"

int main(int argc, char** argv) {
  int exit_code = 0;
  auto config = concord::server::parse_config(argc, argv, &exit_code);
  if (!config) return exit_code;
  auto catalog = concord::server::shipped_games();
  concord::testgame::register_highcard(catalog);
  concord::counterduel::register_counterduel(catalog);
  return concord::server::run_server(*config, std::move(catalog));
}
