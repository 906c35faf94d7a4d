// The deck text parser (rules::Deck::from_text, the form decks are stored and
// journaled in) and both games' deck rules on whatever it yields:
// - a refusal names its line ("line N: ...");
// - a parsed deck survives its canonical text (to_text, then from_text);
// - both games' validate_deck run on it; a deck a game accepts starts a
//   2-seat match of that game whose prompts and views are well-formed.
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/definition.hpp"
#include "concord/everzone/card_db.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/rules/deck.hpp"
#include "engine_checks.hpp"

namespace {

using concord::fuzz::require;
namespace rules = concord::rules;

void check_match_start(const rules::GameDefinition& game, const rules::Deck& deck, const rules::Deck& other) {
  rules::MatchSetup setup;
  setup.options = rules::resolve_options(game.options, {}).values;
  setup.seats = {{"fuzzed", deck}, {"starter", other}};
  setup.seed.bytes[0] = 1;
  const auto match = game.create(setup);
  require(match != nullptr, game.id + " refused to start with a deck its validate_deck accepts");
  concord::fuzz::check_prompts(*match);
  concord::fuzz::check_views(*match);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto eve_game = concord::eve::definition();
  static const auto everzone_game = concord::everzone::definition();
  static const auto eve_starter = concord::eve::standard_decks().front();
  static const auto everzone_starter = concord::everzone::ready_made_decks().front();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  const auto deck = rules::Deck::from_text(text, &error);
  if (!deck) {
    require(error.rfind("line ", 0) == 0, "a refusal does not name its line: '" + error + "'");
    return 0;
  }
  const auto canonical = deck->to_text();
  const auto again = rules::Deck::from_text(canonical, &error);
  require(again.has_value(), "the canonical text of a parsed deck does not parse: " + error);
  require(*again == *deck, "a parsed deck changes through its canonical text:\n" + canonical);
  if (eve_game.validate_deck(*deck).empty()) check_match_start(eve_game, *deck, eve_starter);
  if (everzone_game.validate_deck(*deck).empty()) check_match_start(everzone_game, *deck, everzone_starter);
  return 0;
}
