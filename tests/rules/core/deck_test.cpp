// Decks: lookup, counting, canonical text round trip, line-numbered errors.
#include <gtest/gtest.h>

#include "concord/rules/deck.hpp"

namespace concord::rules {
namespace {

Deck sample() {
  return Deck{"test_highcard",
              "My deck name",
              {DeckSection{"cards", {{"c1", 3}, {"c9", 2}}}, DeckSection{"extra", {{"x", 1}}}}};
}

TEST(Deck, SectionLookup) {
  const Deck d = sample();
  ASSERT_NE(d.section("cards"), nullptr);
  EXPECT_EQ(d.section("cards")->cards.size(), 2u);
  EXPECT_EQ(d.section("nope"), nullptr);
}

TEST(Deck, CardCountSumsAllSections) { EXPECT_EQ(sample().card_count(), 6u); }

TEST(Deck, CanonicalText) {
  EXPECT_EQ(sample().to_text(),
            "game test_highcard\nname My deck name\n[cards]\n3 c1\n2 c9\n[extra]\n1 x\n");
}

TEST(Deck, TextRoundTrip) {
  std::string error;
  const auto back = Deck::from_text(sample().to_text(), &error);
  ASSERT_TRUE(back.has_value()) << error;
  EXPECT_EQ(*back, sample());
}

TEST(Deck, RoundTripEmptyNameAndEmptySection) {
  const Deck d{"g", "", {DeckSection{"empty", {}}}};
  const auto back = Deck::from_text(d.to_text());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, d);
}

TEST(Deck, ParseToleratesBlankLinesAndCrLf) {
  const auto d = Deck::from_text("game g\r\nname n\r\n\r\n[s]\r\n  2   c1  \r\n");
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->sections[0].cards[0], (DeckCard{"c1", 2}));
}

struct BadDeck {
  const char* text;
  const char* error;
};

class DeckParseError : public ::testing::TestWithParam<BadDeck> {};

TEST_P(DeckParseError, ReportsTheLine) {
  std::string error;
  EXPECT_FALSE(Deck::from_text(GetParam().text, &error).has_value());
  EXPECT_EQ(error, GetParam().error);
}

INSTANTIATE_TEST_SUITE_P(
    Errors, DeckParseError,
    ::testing::Values(
        BadDeck{"", "line 1: missing 'game <id>' line"},
        BadDeck{"name x\n", "line 1: expected 'game <id>'"},
        BadDeck{"game a b\n", "line 1: expected 'game <id>'"},
        BadDeck{"game g\n", "line 2: missing 'name <name>' line"},
        BadDeck{"game g\n[s]\n", "line 2: expected 'name <name>'"},
        BadDeck{"game g\nname n\n1 c1\n", "line 3: card 'c1' before any [section]"},
        // Found by tests/fuzz (deck_text): "n\r" would come back from to_text() as "n".
        BadDeck{"game g\nname n\r\r\n", "line 2: the name may not contain a carriage return"},
        BadDeck{"game g\nname n\n[s]\n0 c1\n", "line 4: bad count '0' (expected 1..100000)"},
        BadDeck{"game g\nname n\n[s]\nx c1\n", "line 4: bad count 'x' (expected 1..100000)"},
        BadDeck{"game g\nname n\n[s]\n-1 c1\n", "line 4: bad count '-1' (expected 1..100000)"},
        BadDeck{"game g\nname n\n[s]\n1\n", "line 4: expected '<count> <card>' or '[section]'"},
        BadDeck{"game g\nname n\n[s]\n1 c1 c2\n",
                "line 4: expected '<count> <card>' or '[section]'"},
        BadDeck{"game g\nname n\n[s]\n\n[s]\n", "line 5: duplicate section 's'"},
        BadDeck{"game g\nname n\n[]\n", "line 3: expected '[section]'"},
        BadDeck{"game g\nname n\n[a b]\n", "line 3: section name may not contain whitespace"},
        BadDeck{"game g\nname n\n[s\n", "line 3: expected '[section]'"}));

TEST(Deck, ErrorPointerIsOptional) { EXPECT_FALSE(Deck::from_text("junk").has_value()); }

}  // namespace
}  // namespace concord::rules
