// EVE's position format (load_position, rules/eve_genesis/README.md). The
// input is the position text, optionally followed by a NUL byte and an answer
// script. A position either is refused with a message or loads into a
// match whose canonical text (save_position) loads back to the same
// state_hash and is a fixed point; its prompts and views are well-formed and
// answering it keeps the engine's invariants (engine_checks.hpp).
#include <cstring>

#include "concord/eve/position.hpp"
#include "engine_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using concord::fuzz::require;
  const auto* nul = static_cast<const std::uint8_t*>(std::memchr(data, 0, size));
  const std::size_t text_size = nul ? static_cast<std::size_t>(nul - data) : size;
  const std::string_view text(reinterpret_cast<const char*>(data), text_size);
  std::string error;
  auto match = concord::eve::load_position(text, &error);
  if (!match) {
    require(!error.empty(), "a position was refused without a message");
    return 0;
  }
  const auto canonical = concord::eve::save_position(*match);
  const auto again = concord::eve::load_position(canonical, &error);
  require(again != nullptr, "the canonical text of a loaded position is refused: " + error + "\n" + canonical);
  require(again->state_hash() == match->state_hash(), "a position's canonical text loads to another state_hash");
  require(concord::eve::save_position(*again) == canonical, "a position's canonical text is not a fixed point");
  concord::fuzz::check_prompts(*match);
  concord::fuzz::check_views(*match);
  if (!nul) return 0;
  concord::fuzz::FuzzInput script(nul + 1, size - text_size - 1);
  std::vector<concord::rules::Command> log;
  concord::fuzz::drive(*match, script, log, 200);
  return 0;
}
