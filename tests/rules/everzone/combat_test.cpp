// COMBAT PHASE scenarios from the rulebook, each set up as a position.
#include <gtest/gtest.h>

#include "concord/everzone/army.hpp"
#include "concord/everzone/event.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// Unit values used below (ATTACK/DEFENSE/TARGET/RESOURCE, where they fight):
//   utron_lancer 4/2/2/4 earth; utron_drone 2/2/3/2 anywhere-but-leader (earth sea space)
//   numen_sentinel 2/4/1/3 earth sea; numen_warden 3/3/1/3 earth space
//   slurr_spawn 2/2/2/2 earth sea; slurr_burrower 3/4/1/4 earth; slurr_brood 4/3/2/5 earth space
//   moray 3/2/3/4 sea only

void both_done(EverZoneMatch& m) {
  accept(m, 0, {"done"});
  accept(m, 1, {"done"});
}

// "The army with the higher TARGET value attacks first ... If the ATTACK value
// of the attacking army is equal to or exceeds the DEFENSE value of the
// opponent, then all active Units of the opponent are considered destroyed and
// placed in that player's fallen deck ... the opponent receives damage equal to
// the difference between the ATTACK and DEFENSE values."
TEST(EverZoneClash, HigherTargetAttacksFirstAndAttackAtLeastDefenseDestroysAllAndDealsTheDifference) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_drone\n"
      "seat 1\nactive numen_sentinel\n");
  accept(*m, 0, {"done"});
  auto out = submit(*m, 1, {"done"});
  ASSERT_TRUE(out.accepted);
  bool reported = false;
  for (const auto& e : out.events) {
    if (e.kind != "attack") continue;
    const auto& data = dynamic_cast<const EverZoneEvent&>(*e.data);
    EXPECT_EQ(data.seat, 1);
    EXPECT_EQ(data.amount, 2);
    reported = true;
  }
  EXPECT_TRUE(reported);
  EXPECT_EQ(player(*m, 1).cp, 18);  // 6 ATTACK - 4 DEFENSE
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 0).cp, 20);  // nothing left to counterattack
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
}

// "if the ATTACK value is lower than the DEFENSE value of the opponent, the
// opponent's army survives and performs a full counterattack."
TEST(EverZoneClash, AttackLowerThanDefenseTheDefenderSurvivesAndCounterattacksInFull) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_drone\n"
      "seat 1\nactive numen_sentinel\n");
  both_done(*m);
  EXPECT_EQ(player(*m, 1).active.size(), 1u);
  EXPECT_EQ(player(*m, 0).fallen.size(), 1u);  // 2 ATTACK >= 2 DEFENSE
  EXPECT_EQ(player(*m, 0).cp, 20);
}

// "if the values are equal, the attack of each army happens simultaneously"
TEST(EverZoneClash, EqualTargetBothArmiesAttackSimultaneously) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer\n"
      "seat 1\nactive slurr_brood\n");
  both_done(*m);
  EXPECT_EQ(player(*m, 0).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 0).cp, 18);  // 4 - 2
  EXPECT_EQ(player(*m, 1).cp, 19);  // 4 - 3
}

// "If you have no active Units on your turn, the ATTACK strength of the
// opponent's army inflicts proportionate damage on you (reducing your CP)."
TEST(EverZoneClash, NoActiveUnitsTakesTheWholeAttack) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer\n"
      "seat 1\ndeployed numen_sentinel\n");
  both_done(*m);
  EXPECT_EQ(player(*m, 1).cp, 16);
  EXPECT_EQ(player(*m, 1).deployed.size(), 1u);  // face-down Units are not in the army
}

// CARAPACE: "If I have two active Units with 2 DEFENSE points each, then my
// army has 4 DEFENSE points, and Carapace brings this value to 6."
TEST(EverZoneClash, CarapaceTwoUnitsWithTwoDefenseMakeFourAndCarapaceBringsItToSix) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_drone\n"
      "seat 1\nactive slurr_spawn slurr_spawn\nsupports carapace\n");
  EXPECT_EQ(Army(db(), m->state(), 1).totals().defense, 6);
  both_done(*m);
  EXPECT_EQ(player(*m, 1).cp, 20);  // 6 ATTACK - 6 DEFENSE: destroyed, no damage
  EXPECT_EQ(player(*m, 1).fallen.size(), 2u);
  EXPECT_EQ(player(*m, 1).supports.size(), 1u);  // "Support cards are not destroyed in the clash"
}

// Carapace: "+2 DEFENSE to your army while there are active forces in your play area".
TEST(EverZoneClash, CarapaceGivesNothingWithoutActiveForces) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer\n"
      "seat 1\nsupports carapace\n");
  EXPECT_EQ(Army(db(), m->state(), 1).totals().defense, 0);
  both_done(*m);
  EXPECT_EQ(player(*m, 1).cp, 16);
}

// "Imagine the opponent has destroyed all of my active Units, but one (or
// several) of the Units under my control that had been withdrawn from the
// battle will be reactivated; I can then counterattack with these forces."
TEST(EverZoneClash, DestroyedArmyWithdrawnUnitsReactivateAndCounterattack) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_lancer\n"
      "seat 1\nactive slurr_burrower slurr_spawn\nwithdrawn slurr_brood\n");
  both_done(*m);
  EXPECT_EQ(player(*m, 1).cp, 18);  // 8 ATTACK - 6 DEFENSE
  ASSERT_EQ(player(*m, 1).active.size(), 1u);  // Slurr Brood reactivated
  EXPECT_EQ(player(*m, 0).fallen.size(), 2u);  // its 4 ATTACK >= 4 DEFENSE
}

// "Each point of damage dealt causes the player to lose 1 CP. When a player ...
// loses all of their CP, they are eliminated from the game."
TEST(EverZoneClash, CommandPointsAtZeroEndTheGame) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer\n"
      "seat 1\ncp 3\n");
  both_done(*m);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{0});
  EXPECT_EQ(m->result()->reason, "command_points");
  EXPECT_EQ(player(*m, 1).cp, 0);
}

// "the RESOURCE values on a Location card do not add up from turn to turn"
TEST(EverZoneResources, ResourceLimitsDoNotAddUpFromTurnToTurn) {
  auto t1 = from_position("location earth turn 1\nphase support\nseat 0\nseat 1\n");
  auto t2 = from_position("location earth turn 2\nphase support\nseat 0\nseat 1\n");
  EXPECT_EQ(Army(db(), t1->state(), 0).limit(), 10);
  EXPECT_EQ(Army(db(), t2->state(), 0).limit(), 20);
}

// "If you mistakenly activated a card that cannot be used in the current
// location, withdraw it from the battle."
TEST(EverZoneResources, UnitThatCannotFightHereIsWithdrawnWhenActivated) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ndeployed moray slurr_spawn\n"
      "seat 1\ndeployed numen_sentinel\n");
  accept(*m, 0, {id(*m, 0, "moray"), id(*m, 0, "slurr_spawn")});
  accept(*m, 1, {});
  EXPECT_EQ(player(*m, 0).withdrawn.size(), 1u);
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(m->state().phase, Phase::Support);
}

// "A player may withdraw troops only if it is necessary for his army whose
// RESOURCE value exceeds the value for the current turn."
TEST(EverZoneResources, OverTheLimitTheOwnerWithdrawsOnlyWhatIsNecessary) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ndeployed slurr_brood slurr_burrower slurr_spawn\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "slurr_brood"), id(*m, 0, "slurr_burrower"), id(*m, 0, "slurr_spawn")});
  ASSERT_EQ(m->state().phase, Phase::Withdraw);  // 11 > 10
  ASSERT_TRUE(m->prompt(0));
  EXPECT_FALSE(m->prompt(1));
  const auto before = m->state_hash();
  auto r = submit(*m, 0, {id(*m, 0, "slurr_burrower"), id(*m, 0, "slurr_spawn")});
  ASSERT_FALSE(r.accepted);
  EXPECT_EQ(r.rejection->code, "UNNECESSARY_WITHDRAWAL");
  EXPECT_EQ(m->state_hash(), before);
  accept(*m, 0, {id(*m, 0, "slurr_spawn")});
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_EQ(m->state().phase, Phase::Support);
}

// "they can be automatically reactivated as soon as the battle situation allows"
TEST(EverZoneResources, WithdrawnUnitsReactivateAutomaticallyWhenTheLimitAllows) {
  auto m = from_position(
      "location earth turn 2\nphase activate\n"
      "seat 0\nactive slurr_brood\nwithdrawn slurr_burrower slurr_spawn\n"
      "seat 1\ndeployed numen_sentinel\n");
  accept(*m, 1, {});
  EXPECT_EQ(player(*m, 0).active.size(), 3u);  // 11 <= 20
  EXPECT_TRUE(player(*m, 0).withdrawn.empty());
}

// "If I have two withdrawn Units but the RESOURCE limit allows only one of them
// to be reactivated, I may choose which of them to reactivate"
TEST(EverZoneResources, OnlyOneOfTwoWithdrawnFitsTheOwnerChooses) {
  const char* pos =
      "location earth turn 1\nphase activate\n"
      "seat 0\nactive slurr_brood\nwithdrawn slurr_burrower slurr_spawn\n"
      "seat 1\ndeployed numen_sentinel\n";
  auto m = from_position(pos);
  accept(*m, 1, {});
  ASSERT_EQ(m->state().phase, Phase::Reactivate);  // room 5: 4 or 2, not both
  auto both = submit(*m, 0, {id(*m, 0, "slurr_burrower"), id(*m, 0, "slurr_spawn")});
  EXPECT_EQ(both.rejection->code, "OVER_RESOURCE_LIMIT");
  accept(*m, 0, {id(*m, 0, "slurr_spawn")});
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  auto other = from_position(pos);
  accept(*other, 1, {});
  accept(*other, 0, {id(*other, 0, "slurr_burrower")});
  EXPECT_EQ(player(*other, 0).withdrawn.size(), 1u);
}

// "Each turn you may play no more than one Support card from your hand"
TEST(EverZoneSupport, NoMoreThanOneSupportCardPerTurn) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand carapace carapace\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "carapace", 0)});
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_TRUE(playable(*p).empty());
  EXPECT_EQ(p->options[0].id, "done");
}

// "if a battle lasts four turns and you have played only one Support card,
// then on the last turn you may play up to three Support cards."
TEST(EverZoneSupport, LastTurnOfFourPlayedOnlyOneMayPlayUpToThree) {
  auto m = from_position(
      "location space turn 4\nphase support\n"
      "seat 0\nactive utron_drone\nhand utron_plating utron_plating utron_plating utron_plating\n"
      "supports_played 0 1\n"
      "seat 1\n");
  for (int i = 0; i < 3; ++i) {
    auto p = m->prompt(0);
    ASSERT_TRUE(p);
    ASSERT_FALSE(playable(*p).empty()) << "play " << i;
    accept(*m, 0, {playable(*p)[0]});
  }
  EXPECT_EQ(player(*m, 0).supports.size(), 3u);
  EXPECT_TRUE(playable(*m->prompt(0)).empty());
}

// "You may play a Support card only if you have enough resources to do so."
TEST(EverZoneSupport, SupportNeedsRoomUnderTheResourceLimit) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_brood slurr_burrower\nhand carapace\n"
      "seat 1\n");
  EXPECT_EQ(m->prompt(0)->options.size(), 1u);  // 9 + 2 > 10
}

// "After the end of each clash turn (at least one clash turn must take place),
// a player may choose to surrender" — never before the first clash.
TEST(EverZoneSurrender, NoSurrenderBeforeTheFirstClash) {
  auto m = from_position("location earth turn 1\nphase support\nseat 0\nseat 1\n");
  const auto open = m->prompt(0);
  ASSERT_TRUE(open);
  for (const auto& o : open->options) EXPECT_NE(o.id, "surrender");
  both_done(*m);
  ASSERT_EQ(m->state().phase, Phase::Support);  // "at any time before the end of the turn"
  EXPECT_TRUE(m->state().after_clash);
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_EQ(m->prompt(0)->kind, "surrender");
}

// "A player who surrenders takes damage equal to half of the opponent's
// army's unmodified ATTACK value (rounded down)."
TEST(EverZoneSurrender, SurrenderTakesHalfTheOpponentsUnmodifiedAttackRoundedDown) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\n"
      "seat 0\nactive numen_sentinel\n"
      "seat 1\nactive utron_lancer numen_warden\nsupports utron_overclock\n");
  accept(*m, 0, {"surrender"});
  EXPECT_EQ(player(*m, 0).cp, 20);  // nothing happens until both have chosen
  accept(*m, 1, {"continue"});
  EXPECT_EQ(player(*m, 0).cp, 17);  // 7 / 2, the Overclock bonus not counted
  EXPECT_EQ(player(*m, 0).surrenders, 1);
  EXPECT_EQ(m->state().phase, Phase::Retreat);
}

// "A player who has surrendered more than twice immediately loses the game."
TEST(EverZoneSurrender, ThirdSurrenderLosesTheGame) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\n"
      "seat 0\nsurrenders 2\n"
      "seat 1\n");
  accept(*m, 0, {"surrender"});
  accept(*m, 1, {"continue"});
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{1});
  EXPECT_EQ(m->result()->reason, "surrendered_three_times");
}

TEST(EverZoneSurrender, BothFightOnStartsTheNextTurn) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\n"
      "seat 0\ndeployed slurr_spawn\n"
      "seat 1\n");
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  EXPECT_EQ(m->state().turn, 2);
  EXPECT_EQ(m->state().phase, Phase::Activate);
}

}  // namespace
}  // namespace concord::everzone::test
