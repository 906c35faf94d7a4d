// Card abilities written as data (cards/everzone.cards; rules/everzone/src/abilities.cpp).
#include <gtest/gtest.h>

#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// "An example is the card Virago, which does not allow the opponent to play
// Support cards. This does not end until the card is removed".
TEST(EverZoneAbilities, ViragoDoesNotAllowTheOpponentToPlaySupportCards) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand carapace\n"
      "seat 1\nactive virago\nhand numen_aegis\n");
  ASSERT_EQ(m->prompt(0)->options.size(), 1u);  // only "done"
  EXPECT_EQ(m->prompt(1)->options.size(), 2u);  // Virago's owner is not limited
}

// VIRAGO: "If this card is activated during an activation, the opponent cannot
// play Support cards in response, because ... Support cards may be played
// only after activation, that is, when cards are already active".
TEST(EverZoneAbilities, ViragoActivatedDuringActivationOpponentCannotRespondWithSupport) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ndeployed slurr_spawn\nhand carapace\n"
      "seat 1\ndeployed virago\n");
  accept(*m, 0, {id(*m, 0, "slurr_spawn")});
  accept(*m, 1, {id(*m, 1, "virago")});
  ASSERT_EQ(m->state().phase, Phase::Support);
  EXPECT_EQ(m->prompt(0)->options.size(), 1u);
}

TEST(EverZoneAbilities, ViragoWithdrawnNoLongerBlocksSupports) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand carapace\n"
      "seat 1\nwithdrawn virago\n");
  EXPECT_EQ(m->prompt(0)->options.size(), 2u);
}

// "cards such as Sea Arrow, which cannot be destroyed if the opponent's army
// has 3 or fewer active Units."
TEST(EverZoneAbilities, SeaArrowCannotBeDestroyedIfTheOpponentHasThreeOrFewerActiveUnits) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_lancer utron_drone\n"
      "seat 1\nactive sea_arrow slurr_spawn\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  EXPECT_EQ(player(*m, 1).cp, 15);  // 10 ATTACK - 5 DEFENSE
  ASSERT_EQ(player(*m, 1).active.size(), 1u);
  EXPECT_EQ(m->state().card_of[static_cast<std::size_t>(player(*m, 1).active[0])], db().index_of("sea_arrow"));
}

TEST(EverZoneAbilities, SeaArrowIsDestroyedByAnArmyOfFourActiveUnits) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_drone utron_drone utron_drone utron_drone\n"
      "seat 1\nactive sea_arrow\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// HANTAL VEXILIUM: "When destroyed, all active Units in the game receive -4
// DEFENSE (both yours and the opponent's)." and "if the DEFENSE value of a
// Unit drops to 0, it is destroyed and moved to that player's fallen deck."
TEST(EverZoneAbilities, HantalVexiliumDestroyedAllActiveUnitsReceiveMinusFourDefense) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_drone utron_bastion\n"
      "seat 1\nactive hantal_vexilium\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  // Seat 0 (TARGET 6) destroys Hantal Vexilium (8 ATTACK >= 2 DEFENSE): 6 damage.
  EXPECT_EQ(player(*m, 1).cp, 14);
  // Lancer (2) and Drone (2) drop to 0 or below and fall; Bastion (5) survives at 1.
  ASSERT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(player(*m, 0).fallen.size(), 2u);
  const int bastion = player(*m, 0).active[0];
  EXPECT_EQ(defense_change(*m, "c" + std::to_string(bastion)), -4);
}

// "When this phase occurs [Retreat], all bonuses and effects end their action."
TEST(EverZoneAbilities, DefenseChangesEndAtTheRetreatPhase) {
  auto m = from_position(
      "location earth turn 3\nphase support\n"
      "seat 0\nactive utron_bastion utron_lancer utron_lancer\n"
      "seat 1\nactive hantal_vexilium\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  pass_all(*m);  // the Support window after the clash
  ASSERT_EQ(m->state().phase, Phase::Retreat);
  EXPECT_TRUE(m->state().lingering.empty());
  for (std::size_t c = 0; c < m->state().card_of.size(); ++c) EXPECT_EQ(defense_change(*m, "c" + std::to_string(c)), 0);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// TRIBE RECALL: "The effect of this card allows you to activate a Unit after a
// player's action. This is very useful when you have seen what the opponent
// activated, and you can activate one more of your own Units."
TEST(EverZoneAbilities, TribeRecallActivatesOneMoreUnitAfterSeeingTheOpponentsActivation) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ndeployed slurr_spawn slurr_burrower\nhand tribe_recall\n"
      "seat 1\ndeployed numen_sentinel\n");
  accept(*m, 0, {id(*m, 0, "slurr_spawn")});
  accept(*m, 1, {id(*m, 1, "numen_sentinel")});
  ASSERT_EQ(m->state().phase, Phase::Support);
  accept(*m, 0, {id(*m, 0, "tribe_recall")});
  pass_all(*m);
  ASSERT_EQ(m->prompt(0)->kind, "effect");
  EXPECT_FALSE(m->prompt(1));
  accept(*m, 0, {id(*m, 0, "slurr_burrower")});
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);  // single effect: discarded once resolved
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(m->prompt(1));  // the opponent may answer it
}

TEST(EverZoneAbilities, TribeRecallNeedsADeployedUnit) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand tribe_recall\n"
      "seat 1\n");
  EXPECT_EQ(m->prompt(0)->options.size(), 1u);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

void play_final_protocol(EverZoneMatch& m) {
  accept(m, 0, {id(m, 0, "final_protocol")});
  pass_all(m);
  ASSERT_EQ(m.prompt(0)->kind, "effect");
}

// FINAL PROTOCOL: "If you have no Units under your control ... you may destroy
// only an enemy Unit."
TEST(EverZoneAbilities, FinalProtocolWithNoUnitsUnderYourControlDestroysOnlyAnEnemyUnit) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nhand final_protocol\n"
      "seat 1\nactive numen_sentinel numen_warden\n");
  play_final_protocol(*m);
  accept(*m, 0, {id(*m, 1, "numen_warden")});
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 1).active.size(), 1u);
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);  // the single effect is discarded
}

// FINAL PROTOCOL: "... or if the selected Unit under your control cannot be
// destroyed, you may destroy only an enemy Unit." (Sea Arrow: "cannot be
// destroyed if the opponent's army has 3 or fewer active Units")
TEST(EverZoneAbilities, FinalProtocolSelectedOwnUnitCannotBeDestroyedOnlyTheEnemyUnitIs) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive sea_arrow\nhand final_protocol\n"
      "seat 1\nactive numen_sentinel\n");
  play_final_protocol(*m);
  accept(*m, 0, {id(*m, 0, "sea_arrow"), id(*m, 1, "numen_sentinel")});
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
}

TEST(EverZoneAbilities, FinalProtocolDestroysAUnitUnderYourControlAndAnEnemyUnit) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_drone\nhand final_protocol\n"
      "seat 1\nactive numen_sentinel\n");
  play_final_protocol(*m);
  const auto before = m->state_hash();
  auto only_enemy = submit(*m, 0, {id(*m, 1, "numen_sentinel")});
  ASSERT_FALSE(only_enemy.accepted);
  EXPECT_EQ(only_enemy.rejection->code, "ILLEGAL_TARGET");
  EXPECT_EQ(m->state_hash(), before);
  accept(*m, 0, {id(*m, 0, "utron_drone"), id(*m, 1, "numen_sentinel")});
  EXPECT_EQ(player(*m, 0).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// ENGAGEMENT: "You may destroy any two combat units under your control (active,
// withdrawn or deployed) in order to activate a Unit of your choice from the
// deck. The deck must be shuffled after this."
TEST(EverZoneAbilities, EngagementDestroysTwoOfYourUnitsToActivateAUnitOfYourChoiceFromTheDeck) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\ndeployed numen_warden\nhand engagement\n"
      "deck numen_aegis zarkendra numen_sentinel\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "engagement")});
  pass_all(*m);
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->min_choices, 2u);
  accept(*m, 0, {id(*m, 0, "numen_sentinel", 0), id(*m, 0, "numen_warden")});
  EXPECT_EQ(player(*m, 0).fallen.size(), 2u);
  p = m->prompt(0);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->options.size(), 2u);  // the Units in the deck, never the Support
  accept(*m, 0, {id(*m, 0, "zarkendra")});
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(player(*m, 0).deck.size(), 2u);
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);  // Engagement discarded
}

TEST(EverZoneAbilities, EngagementNeedsTwoUnitsUnderYourControl) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nhand engagement\ndeck numen_warden\n"
      "seat 1\n");
  EXPECT_EQ(m->prompt(0)->options.size(), 1u);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// "A Support card remains in play until the end of phase 4, unless you discard
// it earlier"; "to reduce your army's RESOURCE value, you may move Support
// cards from play to the retreated troops pile."
TEST(EverZoneSupport, SupportCardsMayBeMovedFromPlayToTheRetreatedPileToFreeResources) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive slurr_brood slurr_brood slurr_burrower\nsupports carapace carapace carapace\n"
      "hand slurr_frenzy\n"
      "seat 1\n");
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  for (const auto& o : p->options) EXPECT_NE(o.id, id(*m, 0, "slurr_frenzy"));  // 20 + 2 > 20
  accept(*m, 0, {"discard_" + id(*m, 0, "carapace")});
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);
  accept(*m, 0, {id(*m, 0, "slurr_frenzy")});
  EXPECT_EQ(player(*m, 0).supports.size(), 3u);
}

}  // namespace
}  // namespace concord::everzone::test
