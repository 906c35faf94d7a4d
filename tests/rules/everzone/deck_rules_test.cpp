// Deck rules ("Setup", "Leader Card", "Location Cards") and the six ready-made decks.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"

namespace concord::everzone {
namespace {

unsigned count(const rules::Deck& deck, const char* section) {
  unsigned n = 0;
  for (const auto& c : deck.section(section)->cards) n += c.count;
  return n;
}

std::vector<std::string> codes(const std::vector<rules::DeckViolation>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.code);
  return out;
}

// "the box contains 6 ready-made decks" of "exactly 50 cards (35 Unit cards and 15 Support cards)".
TEST(EverZoneDecks, SixReadyMadeDecksAreLegalWith35UnitsAnd15Supports) {
  const auto decks = ready_made_decks();
  ASSERT_EQ(decks.size(), 6u);
  std::map<Race, int> per_race;
  for (const auto& d : decks) {
    EXPECT_TRUE(validate_deck(CardDb::builtin(), d).empty()) << d.name;
    int units = 0, supports = 0;
    Race race = Race::None;
    for (const auto& dc : d.section(kForceSection)->cards) {
      const Card* c = CardDb::builtin().find(dc.card);
      ASSERT_NE(c, nullptr) << dc.card;
      (c->kind == CardKind::Unit ? units : supports) += static_cast<int>(dc.count);
      race = c->race;
    }
    EXPECT_EQ(units, 35) << d.name;
    EXPECT_EQ(supports, 15) << d.name;
    per_race[race] += 1;
  }
  EXPECT_EQ(per_race[Race::Numens], 2);
  EXPECT_EQ(per_race[Race::Slurrs], 2);
  EXPECT_EQ(per_race[Race::Utrons], 2);
}

TEST(EverZoneDecks, ValidationListsEveryViolation) {
  auto deck = rules::Deck::from_text(
      "game everzone\nname bad\n[force]\n10 slurr_spawn\n2 kraken\n1 vlad\n3 no_such_card\n1 earth\n"
      "[locations]\n1 sea\n1 meraud\n[extra]\n1 sea\n");
  ASSERT_TRUE(deck);
  auto got = codes(validate_deck(CardDb::builtin(), *deck));
  for (const char* code : {"UNKNOWN_SECTION", "UNKNOWN_CARD", "WRONG_SECTION", "TOO_FEW_CARDS", "MIXED_RACES",
                           "TOO_MANY_LEADERS", "WRONG_LOCATION_COUNT"})
    EXPECT_NE(std::find(got.begin(), got.end(), code), got.end()) << code;
}

// "A player may have only one Leader card per game."
TEST(EverZoneDecks, DeckWithoutLeaderIsRejected) {
  auto deck = rules::Deck::from_text(
      "game everzone\nname x\n[force]\n10 slurr_spawn\n10 slurr_brood\n10 slurr_burrower\n10 slurr_glider\n"
      "10 slurr_frenzy\n[locations]\n1 sea\n1 earth\n1 space\n");
  ASSERT_TRUE(deck);
  EXPECT_EQ(codes(validate_deck(CardDb::builtin(), *deck)), std::vector<std::string>{"NO_LEADER"});
}

// "A player's deck must contain at least 50 cards." The rulebook sets no
// maximum and no copy limit: at most 100 cards and 11 copies of a card are
// chosen (README "Decks"), so that no legal deck makes a match unbounded.
TEST(EverZoneDecks, TheLargestDeckOfEachRaceHas100CardsAndIsLegal) {
  for (Race race : {Race::Numens, Race::Slurrs, Race::Utrons}) {
    const auto deck = largest_deck(CardDb::builtin(), race);
    EXPECT_EQ(count(deck, kForceSection), kMaxForceCards) << race_name(race);
    EXPECT_TRUE(validate_deck(CardDb::builtin(), deck).empty()) << race_name(race);
    EXPECT_TRUE(rules::validate_deck(definition(), deck).empty()) << race_name(race);
  }
}

TEST(EverZoneDecks, MoreThan100CardsOrMoreThan10CopiesAreRefused) {
  auto deck = largest_deck(CardDb::builtin(), Race::Numens);
  auto& force = deck.sections[0].cards;
  force.back().count -= 1;
  force.push_back({force[1].card, 1});  // still 100 cards, 12 copies of one card
  EXPECT_EQ(codes(validate_deck(CardDb::builtin(), deck)), std::vector<std::string>{"TOO_MANY_COPIES"});
  force.back().card = "zarkendra";  // 100 cards, a second Leader instead
  EXPECT_EQ(codes(validate_deck(CardDb::builtin(), deck)), std::vector<std::string>{"TOO_MANY_LEADERS"});
  deck = largest_deck(CardDb::builtin(), Race::Numens);
  deck.sections[0].cards.push_back({"numen_warden", 1});  // 101 cards
  const auto got = codes(validate_deck(CardDb::builtin(), deck));
  EXPECT_NE(std::find(got.begin(), got.end(), "TOO_MANY_CARDS"), got.end());
}

// Issue 10: a 500 M-card deck once took the server down. The core caps refuse
// it before the game's rules look at it.
TEST(EverZoneDecks, AHugeCountIsRefusedByTheCoreCapsFirst) {
  auto deck = ready_made_decks()[0];
  deck.sections[0].cards[1].count = 500000000;
  const auto got = codes(rules::validate_deck(definition(), deck));
  EXPECT_EQ(got, (std::vector<std::string>{"COUNT_TOO_LARGE", "DECK_TOO_LARGE"}));
}

TEST(EverZoneDecks, MissingSectionsAndWrongGame) {
  rules::Deck deck;
  deck.game = "eve_genesis";
  auto got = codes(validate_deck(CardDb::builtin(), deck));
  EXPECT_EQ(got, (std::vector<std::string>{"WRONG_GAME", "MISSING_SECTION", "MISSING_SECTION"}));
}

TEST(EverZoneDecks, DefinitionExposesCommandPointsAndTeamsOptions) {
  auto def = definition();
  EXPECT_EQ(def.id, "everzone");
  EXPECT_EQ(def.min_seats, 2);
  EXPECT_EQ(def.max_seats, 6);
  ASSERT_EQ(def.options.size(), 2u);
  EXPECT_EQ(def.options[0].name, "command_points");
  EXPECT_EQ(def.options[0].default_value, "20");
  EXPECT_EQ(def.options[1].name, "teams");
  EXPECT_EQ(def.options[1].default_value, "false");
  EXPECT_TRUE(def.validate_deck(ready_made_decks()[0]).empty());
}

}  // namespace
}  // namespace concord::everzone
