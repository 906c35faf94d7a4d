// High Card Duel (game id "test_highcard"): a small but real card game for two
// to four seats that proves the engine pipe end to end (rules -> wire ->
// server -> clients). It lives only under tests/ and is never shipped.
// The rules are documented at the top of highcard.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/deck.hpp"
#include "concord/rules/registry.hpp"
#include "concord/rules/types.hpp"

namespace concord::testgame {

inline constexpr const char* kHighCardId = "test_highcard";
inline constexpr const char* kCardsSection = "cards";
inline constexpr int kMinDeckCards = 10;
inline constexpr unsigned kMaxCopies = 3;
inline constexpr int kMaxWager = 3;

// Card ids are "c1".."c9"; the value is the number.
std::string card_id(int value);
std::optional<int> card_value(const std::string& id);  // nullopt if not a card of this game

// One seat as a viewer may see it.
struct HighCardSeatView {
  int index = 0;
  std::int64_t score = 0;
  unsigned hand_count = 0;
  unsigned deck_count = 0;
  bool out = false;                               // conceded
  std::optional<std::string> played;              // card played this round (public)
  int wager = 0;                                  // wager placed with `played`
  std::optional<std::vector<std::string>> hand;   // the owner and judges only
  std::optional<std::vector<std::string>> deck;   // judges only, top first
};

struct HighCardView : rules::View {
  rules::Viewer viewer;
  int round = 1;
  int rounds = 1;
  int active_seat = -1;  // -1 once finished
  bool finished = false;
  std::vector<HighCardSeatView> seats;
  std::optional<rules::MatchResult> result;
  std::string to_text() const override;
};

// Payload of every High Card Duel event (which fields are set depends on kind).
struct HighCardEvent : rules::EventData {
  enum class Kind { CardPlayed, CardDrawn, CardDrawnHidden, RoundEnded, SeatConceded, MatchEnded };
  Kind kind = Kind::CardPlayed;
  int seat = -1;                      // CardPlayed, CardDrawn*, SeatConceded
  std::string card;                   // CardPlayed, CardDrawn (never CardDrawnHidden)
  int wager = 0;                      // CardPlayed
  int round = 0;                      // every kind: the round it happened in
  int high_card = 0;                  // RoundEnded: highest value of the trick
  std::vector<std::int64_t> scores;   // RoundEnded, MatchEnded: per seat
  std::vector<int> winners;           // MatchEnded
  bool draw = false;                  // MatchEnded
  std::string reason;                 // MatchEnded
};

// Lists every violation: WRONG_GAME, MISSING_SECTION, UNKNOWN_SECTION,
// UNKNOWN_CARD, TOO_MANY_COPIES, TOO_FEW_CARDS.
std::vector<rules::DeckViolation> validate_highcard_deck(const rules::Deck& deck);

// A legal deck: `copies` (1..3) of each card c1..c9, named "standard".
rules::Deck standard_highcard_deck(unsigned copies = 2);

// The definition to register (id "test_highcard", 2-4 seats, needs a deck,
// options "rounds" 1..20 default 3 and "hand_size" 1..7 default 3).
rules::GameDefinition highcard_definition();

}  // namespace concord::testgame
