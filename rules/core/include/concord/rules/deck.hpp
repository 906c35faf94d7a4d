// Decks: named sections of card ids with counts. The same model for every
// game; each game's deck rules decide which sections and cards are legal.
#pragma once

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
  // ("line N: ...") if given.
  static std::optional<Deck> from_text(std::string_view text, std::string* error = nullptr);
  bool operator==(const Deck&) const = default;
};

// One problem with a deck. Validation lists every violation, not just the first.
struct DeckViolation {
  std::string code;     // e.g. "TOO_FEW_CARDS", "UNKNOWN_CARD", "TOO_MANY_COPIES"
  std::string message;  // human readable, names the card/section
};

}  // namespace concord::rules
