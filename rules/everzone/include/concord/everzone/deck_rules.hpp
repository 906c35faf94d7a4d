// EverZone deck rules ("Setup", "Leader Card", "Location Cards").
// A deck has two sections:
//   [force]      Unit and Support cards of one race, at least 50 and at most 100
//                (chosen), at most 11 copies of a card (chosen), exactly one Leader
//   [locations]  exactly three Location cards (shuffled with Earth, Sea, Space)
#pragma once

#include <string>
#include <vector>

#include "concord/everzone/card_db.hpp"
#include "concord/rules/deck.hpp"

namespace concord::everzone {

inline constexpr const char* kGameId = "everzone";
inline constexpr const char* kForceSection = "force";
inline constexpr const char* kLocationsSection = "locations";
inline constexpr unsigned kMinForceCards = 50;
// Chosen (the rulebook gives no maximum and no copy limit; README "Decks"):
// twice the recommended 50 cards, and a copy limit above the ready-made
// decks' 7 that still lets a 100-card deck be built from one race's cards.
inline constexpr unsigned kMaxForceCards = 100;
inline constexpr unsigned kMaxCopies = 11;
inline constexpr unsigned kLocationPicks = 3;

// Lists every violation: WRONG_GAME, MISSING_SECTION, UNKNOWN_SECTION,
// UNKNOWN_CARD, WRONG_SECTION, TOO_FEW_CARDS, TOO_MANY_CARDS, TOO_MANY_COPIES,
// MIXED_RACES, NO_LEADER, TOO_MANY_LEADERS, WRONG_LOCATION_COUNT.
std::vector<rules::DeckViolation> validate_deck(const CardDb& db, const rules::Deck& deck);

// The largest legal deck of a race (tests, benchmarks, load tests): its first
// Leader, then each of its other cards kMaxCopies times in card-file order up
// to kMaxForceCards, and the first three non-base Location cards.
rules::Deck largest_deck(const CardDb& db, Race race);

// The six ready-made decks (two per race), from rules/everzone/cards/decks/.
std::vector<rules::Deck> ready_made_decks();

}  // namespace concord::everzone
