// Deck rules ("Game Setup", standard format): one base, three different
// remote regions, a market of at least 52 cards (at most 104: chosen), no more than four copies of
// each card, and only cards the base's race may play.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/eve/card.hpp"
#include "concord/eve/card_db.hpp"
#include "concord/rules/deck.hpp"

namespace concord::eve {

inline constexpr const char* kGameId = "eve_genesis";
inline constexpr const char* kBaseSection = "base";
inline constexpr const char* kRegionsSection = "regions";
inline constexpr const char* kMarketSection = "market";
inline constexpr unsigned kMinMarket = 52;
// Chosen (the rulebook sets no maximum; README "Decks"): twice the standard
// format's minimum.
inline constexpr unsigned kMaxMarket = 104;
inline constexpr unsigned kMaxCopies = 4;
inline constexpr unsigned kRemoteRegions = 3;

// Lists every violation: WRONG_GAME, UNKNOWN_SECTION, MISSING_SECTION,
// UNKNOWN_CARD, BASE_COUNT, NOT_A_BASE, REGION_COUNT, DUPLICATE_REGION,
// NOT_A_REGION, NOT_A_MARKET_CARD, TOO_MANY_COPIES, TOO_FEW_CARDS, TOO_MANY_CARDS,
// WRONG_RACE.
std::vector<rules::DeckViolation> validate_deck(const rules::Deck& deck,
                                                const CardDb& db = CardDb::standard());

// The largest legal deck of a race (tests, benchmarks, load tests): the
// race's ready-made deck with its market topped up to kMaxMarket cards, each
// card the race may play raised to kMaxCopies in card-id order.
rules::Deck largest_deck(Race race, const CardDb& db = CardDb::standard());

// The four ready-made legal decks (rules/eve_genesis/decks/<race>.deck).
rules::Deck standard_deck(Race race);
std::vector<rules::Deck> standard_decks();  // Amarr, Caldari, Gallente, Minmatar

}  // namespace concord::eve
