// Helpers shared by the High Card Duel tests.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "botplay/bot_play.hpp"
#include "concord/rules/match.hpp"
#include "testgame/highcard.hpp"

namespace concord::testgame::testing {

inline rules::Deck deck_of(std::vector<std::pair<std::string, unsigned>> cards) {
  rules::DeckSection section{kCardsSection, {}};
  for (auto& [id, n] : cards) section.cards.push_back({id, n});
  return rules::Deck{kHighCardId, "d", {section}};
}

// Cards c6..c9 only (10 cards) and c1..c4 only (10 cards): seat with the high
// deck always wins the trick against the low deck.
inline rules::Deck high_deck() { return deck_of({{"c9", 3}, {"c8", 3}, {"c7", 3}, {"c6", 1}}); }
inline rules::Deck low_deck() { return deck_of({{"c1", 3}, {"c2", 3}, {"c3", 3}, {"c4", 1}}); }

inline rules::MatchSetup setup_of(std::vector<rules::Deck> decks, int rounds = 3, int hand = 3,
                                  std::uint64_t seed = 7) {
  rules::MatchSetup setup;
  setup.options = {{"rounds", std::to_string(rounds)}, {"hand_size", std::to_string(hand)}};
  for (auto& d : decks) setup.seats.push_back({"player", d});
  setup.seed = testsupport::seed_from_number(seed);
  return setup;
}

inline std::unique_ptr<rules::Match> create(const rules::MatchSetup& setup) {
  return highcard_definition().create(setup);
}

inline std::unique_ptr<HighCardView> view_of(const rules::Match& m, const rules::Viewer& viewer) {
  auto base = m.view(viewer);
  auto* v = dynamic_cast<HighCardView*>(base.get());
  if (!v) return nullptr;
  base.release();
  return std::unique_ptr<HighCardView>(v);
}

inline std::vector<std::string> hand_of(const rules::Match& m, rules::SeatIndex seat) {
  return *view_of(m, rules::Viewer::judge())->seats[seat].hand;
}

inline rules::Answer play(const std::string& card) { return {{{"play:" + card, 0}}}; }
inline rules::Answer play(const std::string& card, int wager) {
  return {{{"play:" + card, 0}, {"wager", wager}}};
}

inline const HighCardEvent& data_of(const rules::Event& e) {
  return dynamic_cast<const HighCardEvent&>(*e.data);
}

inline std::vector<std::string> kinds(const rules::Outcome& o) {
  std::vector<std::string> out;
  for (const auto& e : o.events) out.push_back(e.kind);
  return out;
}

}  // namespace concord::testgame::testing
