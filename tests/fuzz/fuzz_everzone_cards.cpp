// EverZone's card file parser (CardDb::parse, rules/everzone/README.md "Card
// files"): it refuses with "line N: ..." errors or yields a db in which every
// card is found by its id at its own index.
#include "concord/everzone/card_db.hpp"
#include "engine_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using concord::fuzz::require;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto loaded = concord::everzone::CardDb::parse(text);
  for (const auto& error : loaded.errors) {
    require(error.rfind("line ", 0) == 0, "a card file error does not name its line: '" + error + "'");
  }
  if (!loaded.ok()) return 0;
  const auto& cards = loaded.db.cards();
  for (std::size_t i = 0; i < cards.size(); ++i) {
    require(loaded.db.index_of(cards[i].id) == static_cast<int>(i), "card '" + cards[i].id + "' is not at its index");
  }
  return 0;
}
