// EverZone, the answer path: a seeded match (2 to 6 seats, teams, command
// points) with the ready-made decks, answered by the input (engine_checks.hpp).
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "engine_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto game = concord::everzone::definition();
  static const auto decks = concord::everzone::ready_made_decks();
  concord::fuzz::fuzz_answers(game, decks, data, size);
  return 0;
}
