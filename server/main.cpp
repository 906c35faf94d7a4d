// concord-server: the shipped server with the real games registered.
#include "concord/server/app.hpp"
#include "concord/server/shipped_games.hpp"

int main(int argc, char** argv) {
  int exit_code = 0;
  auto config = concord::server::parse_config(argc, argv, &exit_code);
  if (!config) return exit_code;
  return concord::server::run_server(*config, concord::server::shipped_games());
}
