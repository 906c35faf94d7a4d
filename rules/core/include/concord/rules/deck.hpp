// Decks: named sections of card ids with counts. The same model for every
// game; each game's deck rules decide which sections and cards are legal.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::rules {

struct DeckCard {
  std::string card;
  unsigned count = 1;
  bool operator==(const DeckCard&) const = default;
};

struct DeckSection {
  std::string name;
  std::vector<DeckCard> cards;
  bool operator==(const DeckSection&) const = default;
};

struct Deck {
  std::string game;
  std::string name;
  std::vector<DeckSection> sections;

  const DeckSection* section(std::string_view name) const;  // null if absent
  unsigned card_count() const;                               // sum of all counts
  // Canonical text form (stored in the database and the match record):
  //   game <id>\nname <name>\n[section]\n<count> <card>\n...
  // Card ids and section names may not contain whitespace.
  std::string to_text() const;
  // Parses to_text() output. On failure returns nullopt and sets *error
  // ("line N: ...") if given. Counts up to kMaxParsedCount are read (decks
  // saved before the caps below still read back); check_deck_limits is stricter.
  static std::optional<Deck> from_text(std::string_view text, std::string* error = nullptr);
  bool operator==(const Deck&) const = default;
};

// One problem with a deck. Validation lists every violation, not just the first.
struct DeckViolation {
  std::string code;     // e.g. "TOO_FEW_CARDS", "UNKNOWN_CARD", "TOO_MANY_COPIES"
  std::string message;  // human readable, names the card/section
};

// Absolute caps on every deck of every game, checked before any game's own
// rules (see validate_deck in registry.hpp), so that no deck a game's rules
// might accept can make a match unboundedly large.
inline constexpr unsigned kMaxDeckCards = 1000;     // all counts of the deck summed
inline constexpr unsigned kMaxDeckLines = 200;      // [section] lines + card lines
inline constexpr unsigned kMaxCardCount = 1000;     // the count of one card line
inline constexpr std::size_t kMaxDeckIdLength = 64;  // card ids and section names
inline constexpr unsigned kMaxParsedCount = 100000;  // what from_text reads

// Checks the caps above and that the deck survives its text form: section
// names and card ids are 1..kMaxDeckIdLength printable ASCII characters other
// than blanks, '[' and ']'; no section twice; counts >= 1. Codes:
// BAD_SECTION_NAME, DUPLICATE_SECTION, BAD_CARD_ID, ZERO_COUNT,
// COUNT_TOO_LARGE, TOO_MANY_LINES, DECK_TOO_LARGE. Empty = within the caps.
std::vector<DeckViolation> check_deck_limits(const Deck& deck);

}  // namespace concord::rules
