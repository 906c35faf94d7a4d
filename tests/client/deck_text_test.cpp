#include "client/deck_text.hpp"

#include <gtest/gtest.h>

#include "concord/rules/deck.hpp"

namespace concord::client {
namespace {

const char* const kDeck =
    "# a comment\n"
    "game eve_genesis\n"
    "name My  first deck\n"
    "\n"
    "[base]\n"
    "3 frigate_a\n"
    "  1   cruiser_b  \r\n"
    "[regions]\n"
    "2 region_x\n";

TEST(DeckText, ParsesGameNameSectionsAndCounts) {
  std::string error;
  const auto deck = parse_deck_text(kDeck, &error);
  ASSERT_TRUE(deck) << error;
  EXPECT_EQ(deck->game(), "eve_genesis");
  EXPECT_EQ(deck->name(), "My  first deck");
  ASSERT_EQ(deck->sections_size(), 2);
  EXPECT_EQ(deck->sections(0).name(), "base");
  ASSERT_EQ(deck->sections(0).cards_size(), 2);
  EXPECT_EQ(deck->sections(0).cards(0).card(), "frigate_a");
  EXPECT_EQ(deck->sections(0).cards(0).count(), 3u);
  EXPECT_EQ(deck->sections(0).cards(1).card(), "cruiser_b");
  EXPECT_EQ(deck->sections(1).cards(0).count(), 2u);
}

TEST(DeckText, RoundTripsThroughTheCanonicalForm) {
  const auto deck = parse_deck_text(kDeck);
  ASSERT_TRUE(deck);
  const auto again = parse_deck_text(deck_to_text(*deck));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->SerializeAsString(), deck->SerializeAsString());
}

TEST(DeckText, CanonicalFormIsReadByTheRulesDeckParser) {
  const auto deck = parse_deck_text(kDeck);
  ASSERT_TRUE(deck);
  std::string error;
  const auto rules_deck = rules::Deck::from_text(deck_to_text(*deck), &error);
  ASSERT_TRUE(rules_deck) << error;
  EXPECT_EQ(rules_deck->game, "eve_genesis");
  EXPECT_EQ(rules_deck->name, "My  first deck");
  EXPECT_EQ(rules_deck->card_count(), 6u);
  EXPECT_EQ(deck_to_text(*parse_deck_text(rules_deck->to_text())), deck_to_text(*deck));
}

struct BadDeck {
  const char* text;
  const char* error;
};

class DeckTextErrors : public ::testing::TestWithParam<BadDeck> {};

TEST_P(DeckTextErrors, ReportsTheLine) {
  std::string error;
  EXPECT_FALSE(parse_deck_text(GetParam().text, &error));
  EXPECT_EQ(error, GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DeckTextErrors,
    ::testing::Values(BadDeck{"game g\nname n\n3 card\n", "line 3: card before any [section] header"},
                      BadDeck{"game g\nname n\n[s]\n0 card\n", "line 4: count must be at least 1"},
                      BadDeck{"game g\nname n\n[s]\nx card\n",
                              "line 4: expected 'game', 'name', '[section]' or '<count> <card>', got 'x'"},
                      BadDeck{"game g\nname n\n[s]\n2 two words\n",
                              "line 4: expected exactly one card id after the count"},
                      BadDeck{"game g\nname n\n[s\n", "line 3: section header must look like [name]"},
                      BadDeck{"game g\nname n\n[s]\n[s]\n", "line 4: section [s] appears twice"},
                      BadDeck{"game g\ngame h\n", "line 2: 'game' given twice"},
                      BadDeck{"name n\n[s]\n1 c\n", "missing 'game <id>' line"},
                      BadDeck{"game g\n[s]\n1 c\n", "missing 'name <name>' line"},
                      BadDeck{"game\n", "line 1: 'game' needs a value"}));

}  // namespace
}  // namespace concord::client
