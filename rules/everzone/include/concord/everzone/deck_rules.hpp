// EverZone deck rules ("Setup", "Leader Card", "Location Cards").
// A deck has two sections:
//   [force]      Unit and Support cards of one race, at least 50, exactly one Leader
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
inline constexpr unsigned kLocationPicks = 3;

// Lists every violation: WRONG_GAME, MISSING_SECTION, UNKNOWN_SECTION,
// UNKNOWN_CARD, WRONG_SECTION, TOO_FEW_CARDS, MIXED_RACES, NO_LEADER,
// TOO_MANY_LEADERS, WRONG_LOCATION_COUNT.
std::vector<rules::DeckViolation> validate_deck(const CardDb& db, const rules::Deck& deck);

// The six ready-made decks (two per race), from rules/everzone/cards/decks/.
std::vector<rules::Deck> ready_made_decks();

}  // namespace concord::everzone
