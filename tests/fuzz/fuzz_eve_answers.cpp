// EVE: The Second Genesis, the answer path: a seeded match with the
// ready-made decks, answered by the input (engine_checks.hpp).
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/definition.hpp"
#include "engine_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto game = concord::eve::definition();
  static const auto decks = concord::eve::standard_decks();
  concord::fuzz::fuzz_answers(game, decks, data, size);
  return 0;
}
