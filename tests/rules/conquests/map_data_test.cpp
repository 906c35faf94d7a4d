// The star map and the rules data (rules/conquests/data/*.txt): counts, the
// rulebook's fixed points, symmetric gates, the schedule table and the decks.
#include <gtest/gtest.h>

#include <map>

#include "concord/conquests/data.hpp"

namespace concord::conquests {
namespace {

TEST(ConquestsMap, SixtyThreeRegionsTwentyOneToEachNebula) {
  const auto& map = StarMap::builtin();
  ASSERT_EQ(map.size(), 63);
  std::map<int, int> nebulae;
  for (int r = 0; r < map.size(); ++r) ++nebulae[map.region(r).nebula];
  EXPECT_EQ(nebulae[0], 21);
  EXPECT_EQ(nebulae[1], 21);
  EXPECT_EQ(nebulae[2], 21);
}

// Green and blue: 12 per nebula, so each square holds four cards in the
// two-player game ("Instead of seven cards on each square, there will be only four").
TEST(ConquestsMap, ColourCountsAndTwelveGreenOrBluePerNebula) {
  const auto& map = StarMap::builtin();
  std::map<Colour, int> colours;
  std::map<int, int> low;
  for (int r = 0; r < map.size(); ++r) {
    ++colours[map.region(r).colour];
    if (map.region(r).colour <= Colour::Blue) ++low[map.region(r).nebula];
  }
  EXPECT_EQ(colours[Colour::Green], 18);
  EXPECT_EQ(colours[Colour::Blue], 18);
  EXPECT_EQ(colours[Colour::Orange], 12);
  EXPECT_EQ(colours[Colour::Red], 15);
  for (int n = 0; n < kNebulae; ++n) EXPECT_EQ(low[n], 12) << nebula_name(n);
}

// Rulebook: "The Amarr player places his headquarters in Verge Vendor" (a green
// region); "an Amarr outpost in Omist ... a red region"; Omist and Esoteria
// "give you 4 points each"; Tenerifis and Omist have markers of the same colour
// only if they share a nebula, and Tenerifis is next to Omist (the attack example).
TEST(ConquestsMap, RulebookFixedPoints) {
  const auto& map = StarMap::builtin();
  const auto colour = [&](const char* key) { return map.region(*map.find(key)).colour; };
  EXPECT_EQ(colour("verge_vendor"), Colour::Green);
  EXPECT_EQ(colour("omist"), Colour::Red);
  EXPECT_EQ(colour("esoteria"), Colour::Red);
  EXPECT_EQ(colour_value(colour("omist")), 4);
  EXPECT_EQ(map.region(*map.find("tenerifis")).nebula, map.region(*map.find("omist")).nebula);
  EXPECT_TRUE(map.adjacent(*map.find("tenerifis"), *map.find("omist")));
  // "the Region markers on Omist and Esoteria have matching letters (B on both)": two
  // B squares, so two nebulae.
  EXPECT_NE(map.region(*map.find("esoteria")).nebula, map.region(*map.find("omist")).nebula);
  EXPECT_FALSE(map.find("pochven"));
  EXPECT_FALSE(map.find("yasna_zakh"));
}

TEST(ConquestsMap, GatesAreSymmetricAndEveryRegionIsReachable) {
  const auto& map = StarMap::builtin();
  EXPECT_EQ(map.gate_count(), 152);  // 159 pairs less those of Pochven, Yasna Zakh and Cobalt Edge
  std::vector<int> seen(63, 0), stack = {0};
  seen[0] = 1;
  while (!stack.empty()) {
    const int r = stack.back();
    stack.pop_back();
    for (int g : map.region(r).gates) {
      EXPECT_TRUE(map.adjacent(g, r));
      if (!seen[static_cast<std::size_t>(g)]) {
        seen[static_cast<std::size_t>(g)] = 1;
        stack.push_back(g);
      }
    }
  }
  for (int r = 0; r < 63; ++r) EXPECT_TRUE(seen[static_cast<std::size_t>(r)]) << map.region(r).key;
}

// Rulebook: "The second-level production schedule takes four months to complete
// and yields five actions."
TEST(ConquestsData, ScheduleTableHasTheRulebookPointAndIsCoherent) {
  const auto& data = RulesData::builtin();
  EXPECT_EQ(data.schedule(Kind::Production, 2).actions, 5);
  EXPECT_EQ(data.schedule(Kind::Production, 2).months, 4);
  EXPECT_FALSE(data.schedule(Kind::Production, 2).chosen);
  for (int k = 0; k < kKinds; ++k)
    for (int level = 2; level <= 3; ++level) {
      const auto& up = data.schedule(static_cast<Kind>(k), level);
      const auto& down = data.schedule(static_cast<Kind>(k), level - 1);
      EXPECT_GE(up.actions * down.months, down.actions * up.months) << "an upgrade is never slower";
      EXPECT_GT(up.actions * down.months, down.actions * up.months - 1);
    }
}

TEST(ConquestsData, ThreeDecksOfThirtyThreeWithTheirPurposes) {
  const auto& data = RulesData::builtin();
  std::map<Kind, int> count, token_cards;
  for (const auto& c : data.cards()) {
    count[c.deck] += c.copies;
    if (c.token) token_cards[c.deck] += 1;
    if (c.deck == Kind::Production) {
      EXPECT_TRUE(c.combat() || c.effect == Effect::StandingPower) << c.id << ": production cards are for combat";
    }
    if (c.token) {
      EXPECT_EQ(*c.token, c.deck) << c.id;
    }
  }
  for (int k = 0; k < kKinds; ++k) {
    EXPECT_EQ(count[static_cast<Kind>(k)], 33);
    EXPECT_GE(token_cards[static_cast<Kind>(k)], 1) << "each deck has both kinds of card";
  }
}

TEST(ConquestsData, ParseErrorsNameTheLine) {
  std::string error;
  EXPECT_FALSE(StarMap::parse("region a green crimson 0 A\ngate a b\n", &error));
  EXPECT_EQ(error, "line 2: gate names an unknown region");
  EXPECT_FALSE(RulesData::parse("schedule development 4 1 1 chosen\n", "", &error));
  EXPECT_NE(error.find("line 1"), std::string::npos);
}

}  // namespace
}  // namespace concord::conquests
