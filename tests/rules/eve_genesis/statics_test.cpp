// Static abilities through the one modifier pass (match_statics.cpp): numbers a
// position file does not show (attack, Jam strength, income).
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using testing::position;

// Scorpion (Errata): "All enemy ships in this region get [-2 attack]."
TEST(EveStatics, ScorpionGivesEnemyShipsInItsRegionMinusTwoAttack) {
  auto m = position(R"(seats 2
seat 0 base=caldari_control_tower
seat 1 base=gallente_control_tower
region aridia owner=0 controller=0
ship aridia 0 scorpion#1
ship aridia 1 thorax#2
ship home1 1 tristan#3
dock 0 scorpion#4
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->attack_of(1), 1);  // Thorax 3 - 2
  EXPECT_EQ(m->attack_of(0), 5);  // not its own ships
  EXPECT_EQ(m->attack_of(2), 2);  // another region
}

// A docked ship's abilities "do not apply".
TEST(EveStatics, DockedScorpionDoesNothing) {
  auto m = position(R"(seats 2
seat 0 base=caldari_control_tower
seat 1 base=gallente_control_tower
dock 0 scorpion#1
ship home0 1 thorax#2
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->attack_of(1), 3);
}

// Scimitar (Errata): "Friendly ships in this region get [+X attack], where X
// equals the excess of your ships over enemy ships in this region (if you
// attack with 5 ships against 2 defending, your ships get [+3 attack])."
TEST(EveStatics, ScimitarAddsTheExcessOfYourShipsToTheirAttack) {
  auto m = position(R"(seats 2
seat 0 base=minmatar_control_tower
seat 1 base=gallente_control_tower
region aridia owner=0 controller=1
ship aridia 0 scimitar#1
ship aridia 0 slasher#2
ship aridia 0 slasher#3
ship aridia 0 slasher#4
ship aridia 0 slasher#5
ship aridia 1 velator#6
ship aridia 1 velator#7
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->attack_of(1), 3 + 3);
  EXPECT_EQ(m->attack_of(0), 2 + 3);
  EXPECT_EQ(m->attack_of(5), 1);
}

// ECM Turret: "Friendly ships in your home region get Jam +1"; Errata: "the
// effects of several ECM Turret structures accumulate".
TEST(EveStatics, EcmTurretsAddJamStrengthInTheHomeRegion) {
  auto m = position(R"(seats 2
seat 0 base=caldari_control_tower
seat 1 base=gallente_control_tower
structure 0 ecm_turret#1
structure 0 ecm_turret#2
ship home0 0 guristas_nullifier#3
ship home0 0 heron#4
ship home1 0 heron#5
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->keyword_strength(2, OrderKind::Jam), 1 + 2);
  EXPECT_EQ(m->keyword_strength(3, OrderKind::Jam), 2);
  EXPECT_EQ(m->keyword_strength(4, OrderKind::Jam), 0);
}

// Market Fluctuations: "All players' income is increased by 1."
TEST(EveStatics, MarketFluctuationsRaisesEveryonesIncome) {
  const char* text = R"(seats 2
seat 0 base=caldari_control_tower
seat 1 base=gallente_control_tower
news 0 market_fluctuations#1 duration=2
)";
  auto m = position(text);
  ASSERT_TRUE(m);
  auto plain = position("seats 2\nseat 0 base=caldari_control_tower\nseat 1 base=gallente_control_tower\n");
  EXPECT_EQ(m->income(0), plain->income(0) + 1);
  EXPECT_EQ(m->income(1), plain->income(1) + 1);
}

// Haul (chosen definition; the rulebook only names "Haul ('Do Hauling')"):
// "while this ship executes Haul, your income is increased by X".
TEST(EveKeywordsChosen, HaulRaisesIncomeWhileExecuted) {
  auto hauling = position(R"(seats 2
seat 0 base=holder_tower
seat 1 base=gallente_control_tower
ship home0 0 bestower#1 order=haul
)");
  auto idle = position(R"(seats 2
seat 0 base=holder_tower
seat 1 base=gallente_control_tower
ship home0 0 bestower#1
)");
  ASSERT_TRUE(hauling && idle);
  EXPECT_EQ(hauling->income(0), idle->income(0) + 1);
}

// Sniper (chosen definition): "this ship gets [+X attack]" while executed.
// Thorax carries Sniper 1 (chosen: no card in the rulebook has it).
TEST(EveKeywordsChosen, SniperAddsAttackOnlyWhileExecuted) {
  auto m = position(R"(seats 2
seat 0 base=holder_tower
seat 1 base=gallente_control_tower
ship home0 0 maller#1 order=tank
ship home1 1 thorax#2 order=sniper
ship home1 1 thorax#3
dock 1 thorax#4 order=sniper
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->attack_of(0), 3);  // no Sniper order: unchanged
  EXPECT_EQ(m->attack_of(1), 4);  // Thorax 3 + Sniper 1
  EXPECT_EQ(m->attack_of(2), 3);  // not executing Sniper
  EXPECT_EQ(m->attack_of(3), 3);  // docked: orders are executed only in a region
}

}  // namespace
}  // namespace concord::eve
