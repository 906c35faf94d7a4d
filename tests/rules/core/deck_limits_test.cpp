// The absolute deck caps of rules/core (check_deck_limits) and the one deck
// check of every game (rules::validate_deck: caps first, then the game's rules).
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>

#include "concord/rules/deck.hpp"
#include "concord/rules/registry.hpp"

namespace concord::rules {
namespace {

std::vector<std::string> codes(const std::vector<DeckViolation>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.code);
  return out;
}

bool has(const std::vector<DeckViolation>& v, const std::string& code) {
  const auto c = codes(v);
  return std::find(c.begin(), c.end(), code) != c.end();
}

Deck one_line(unsigned count) { return Deck{"g", "n", {DeckSection{"s", {{"card", count}}}}}; }

// A deck of exactly kMaxDeckLines lines and kMaxDeckCards cards.
Deck at_the_caps() {
  Deck d{"g", "at the caps", {DeckSection{"s", {}}}};
  const unsigned lines = kMaxDeckLines - 1;
  for (unsigned i = 0; i < lines; ++i) d.sections[0].cards.push_back({"c" + std::to_string(i), 1});
  d.sections[0].cards[0].count += kMaxDeckCards - lines;
  return d;
}

TEST(DeckLimits, ADeckAtTheCapsIsWithinThemAndReadsBack) {
  const Deck d = at_the_caps();
  ASSERT_EQ(d.card_count(), kMaxDeckCards);
  EXPECT_TRUE(check_deck_limits(d).empty());
  const auto back = Deck::from_text(d.to_text());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, d);
}

TEST(DeckLimits, CountsAboveThePerLineCapAreRefused) {
  EXPECT_TRUE(check_deck_limits(one_line(kMaxCardCount)).empty());
  EXPECT_EQ(codes(check_deck_limits(one_line(kMaxCardCount + 1))),
            (std::vector<std::string>{"COUNT_TOO_LARGE", "DECK_TOO_LARGE"}));
  // The counts that reached the server: 2^31-1 (UNAVAILABLE) and 200,000
  // (saved, but from_text cannot read it back).
  EXPECT_TRUE(has(check_deck_limits(one_line(INT_MAX)), "COUNT_TOO_LARGE"));
  EXPECT_TRUE(has(check_deck_limits(one_line(200000)), "COUNT_TOO_LARGE"));
  EXPECT_TRUE(has(check_deck_limits(one_line(UINT_MAX)), "COUNT_TOO_LARGE"));
}

TEST(DeckLimits, TheTotalIsCappedAcrossLinesWithoutWrappingAround) {
  Deck d{"g", "n", {DeckSection{"a", {}}, DeckSection{"b", {}}}};
  for (int i = 0; i < 99; ++i) d.sections[i % 2].cards.push_back({"c" + std::to_string(i), 1000});
  EXPECT_EQ(codes(check_deck_limits(d)), (std::vector<std::string>{"DECK_TOO_LARGE"}));
  Deck wrap{"g", "n", {DeckSection{"s", {{"a", UINT_MAX}, {"b", 2}}}}};
  EXPECT_TRUE(has(check_deck_limits(wrap), "DECK_TOO_LARGE"));
}

TEST(DeckLimits, TooManyLinesIsOneViolationWithoutListingEachLine) {
  Deck d{"g", "n", {DeckSection{"s", {}}}};
  for (unsigned i = 0; i < 100000; ++i) d.sections[0].cards.push_back({"bad id", 0});
  EXPECT_EQ(codes(check_deck_limits(d)), (std::vector<std::string>{"TOO_MANY_LINES"}));
  Deck sections{"g", "n", {}};
  for (unsigned i = 0; i <= kMaxDeckLines; ++i) sections.sections.push_back({"s" + std::to_string(i), {}});
  EXPECT_EQ(codes(check_deck_limits(sections)), (std::vector<std::string>{"TOO_MANY_LINES"}));
}

TEST(DeckLimits, IdsAndSectionsMustSurviveTheTextForm) {
  Deck d{"g",
         "n",
         {DeckSection{"s", {{"ok", 1}, {"a b", 1}, {"", 1}, {"x]", 1}, {"\xc3\xa9", 1}, {"z", 0}}},
          DeckSection{"s", {}},
          DeckSection{"[x", {}},
          DeckSection{std::string(kMaxDeckIdLength + 1, 's'), {}}}};
  const auto got = check_deck_limits(d);
  const auto c = codes(got);
  EXPECT_EQ(std::count(c.begin(), c.end(), "BAD_CARD_ID"), 4);
  EXPECT_EQ(std::count(c.begin(), c.end(), "ZERO_COUNT"), 1);
  EXPECT_EQ(std::count(c.begin(), c.end(), "DUPLICATE_SECTION"), 1);
  EXPECT_EQ(std::count(c.begin(), c.end(), "BAD_SECTION_NAME"), 2);
  for (const auto& v : got)  // messages quote ids as printable ASCII only
    EXPECT_TRUE(std::all_of(v.message.begin(), v.message.end(), [](char ch) { return ch >= ' ' && ch < 0x7f; }))
        << v.message;
}

TEST(DeckLimits, ValidateDeckAppliesTheCapsBeforeTheGameRules) {
  GameDefinition def;
  def.id = "g";
  int game_calls = 0;
  def.validate_deck = [&](const Deck&) {
    ++game_calls;
    return std::vector<DeckViolation>{{"GAME_RULE", "the game's own rule"}};
  };
  EXPECT_EQ(codes(validate_deck(def, one_line(INT_MAX))), (std::vector<std::string>{"COUNT_TOO_LARGE", "DECK_TOO_LARGE"}));
  EXPECT_EQ(game_calls, 0);
  EXPECT_EQ(codes(validate_deck(def, one_line(3))), (std::vector<std::string>{"GAME_RULE"}));
  EXPECT_EQ(game_calls, 1);
  def.validate_deck = nullptr;  // a game without deck rules: the caps alone
  EXPECT_TRUE(validate_deck(def, one_line(3)).empty());
  EXPECT_FALSE(validate_deck(def, one_line(kMaxCardCount + 1)).empty());
}

}  // namespace
}  // namespace concord::rules
