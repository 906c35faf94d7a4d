// definition(): registry entry for "eve_genesis".
#include "concord/eve/definition.hpp"

#include "concord/eve/deck_rules.hpp"
#include "concord/eve/eve_match.hpp"

namespace concord::eve {

rules::GameDefinition definition() {
  rules::GameDefinition def;
  def.id = kGameId;
  def.name = "EVE: The Second Genesis";
  def.min_seats = 2;
  def.max_seats = 4;
  def.needs_deck = true;
  def.validate_deck = [](const rules::Deck& deck) { return validate_deck(deck); };
  def.create = [](const rules::MatchSetup& setup) -> std::unique_ptr<rules::Match> {
    std::vector<rules::Deck> decks;
    for (const auto& seat : setup.seats) {
      if (!seat.deck || !validate_deck(*seat.deck).empty()) return nullptr;
      decks.push_back(*seat.deck);
    }
    if (decks.size() < 2 || decks.size() > 4) return nullptr;
    return std::make_unique<EveMatch>(CardDb::standard(), decks, setup.seed);
  };
  return def;
}

}  // namespace concord::eve
