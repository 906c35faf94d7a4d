// EverZone's position format (parse_position, rules/everzone/README.md
// "Positions"). The input is the position text, optionally followed by a NUL
// byte and an answer script. A position either is refused with a message
// or becomes a match whose prompts and views are well-formed and whose
// answers keep the engine's invariants (engine_checks.hpp).
#include <cstring>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/position.hpp"
#include "engine_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using concord::fuzz::require;
  const auto& db = concord::everzone::CardDb::builtin();
  const auto* nul = static_cast<const std::uint8_t*>(std::memchr(data, 0, size));
  const std::size_t text_size = nul ? static_cast<std::size_t>(nul - data) : size;
  auto parsed = concord::everzone::parse_position(db, std::string_view(reinterpret_cast<const char*>(data), text_size));
  if (!parsed.state) {
    require(!parsed.error.empty(), "a position was refused without a message");
    return 0;
  }
  concord::everzone::EverZoneMatch match(db, std::move(*parsed.state), false);
  concord::fuzz::check_prompts(match);
  concord::fuzz::check_views(match);
  if (!nul) return 0;
  concord::fuzz::FuzzInput script(nul + 1, size - text_size - 1);
  std::vector<concord::rules::Command> log;
  concord::fuzz::drive(match, script, log, 200);
  return 0;
}
