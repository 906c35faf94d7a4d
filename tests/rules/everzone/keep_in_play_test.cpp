// "We must distinguish between Support cards that have a single effect and
// those that have an extended effect. Orbital Void is a good example of a
// single effect: once the effect has been resolved, the card becomes
// irrelevant and must be discarded, unless you want to keep it in play for
// some special reason (for example, for a combo with C.B.L. or LAK Units)."
// Every single-effect Support (Tribe Recall, Final Protocol, Engagement,
// Orbital Void) offers keep/discard once resolved when its owner has an
// active C.B.L. or LAK; otherwise it is discarded at once.
#include <gtest/gtest.h>

#include "concord/everzone/army.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// TRIBE RECALL: "allows you to activate a Unit after a player's action"; kept
// for the C.B.L. combo (+2 ATTACK while a resolved single effect stays in play).
TEST(EverZoneKeepInPlay, TribeRecallSingleEffectKeptInPlayForAComboWithCbl) {
  auto m = from_position(
      "location space turn 2\nphase support\n"
      "seat 0\nactive cbl\ndeployed utron_drone\nhand tribe_recall\n"
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "tribe_recall")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "utron_drone")});
  ASSERT_TRUE(m->prompt(0));
  EXPECT_TRUE(offers(*m, 0, "keep") && offers(*m, 0, "discard"));
  accept(*m, 0, {"keep"});
  EXPECT_EQ(player(*m, 0).supports.size(), 1u);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 3 + 2 + 2);
  EXPECT_EQ(m->state().phase, Phase::Support);
  // Kept, it "remains in play until the end of phase 4, unless you discard it earlier".
  EXPECT_TRUE(offers(*m, 0, "discard_" + id(*m, 0, "tribe_recall")));
}

// FINAL PROTOCOL, kept for the LAK combo (+2 DEFENSE).
TEST(EverZoneKeepInPlay, FinalProtocolSingleEffectKeptInPlayForAComboWithLak) {
  auto m = from_position(
      "location space turn 2\nphase support\n"
      "seat 0\nactive lak utron_drone\nhand final_protocol\n"
      "seat 1\nactive slurr_glider numen_skyblade\n");
  accept(*m, 0, {id(*m, 0, "final_protocol")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "utron_drone"), id(*m, 1, "slurr_glider")});
  ASSERT_TRUE(offers(*m, 0, "keep"));
  accept(*m, 0, {"keep"});
  EXPECT_EQ(Army(db(), m->state(), 0).totals().defense, 4 + 2);
}

// ENGAGEMENT: "destroy any two combat units under your control ... in order to
// activate a Unit of your choice from the deck"; then kept or discarded.
TEST(EverZoneKeepInPlay, EngagementSingleEffectOffersKeepAfterItsLastStep) {
  auto m = from_position(
      "location space turn 3\nphase support\n"
      "seat 0\nactive cbl utron_drone\ndeployed utron_drone\ndeck utron_frigate\nhand engagement\n"
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "engagement")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "utron_drone", 0), id(*m, 0, "utron_drone", 1)});
  accept(*m, 0, {id(*m, 0, "utron_frigate")});
  ASSERT_TRUE(offers(*m, 0, "keep"));
  accept(*m, 0, {"discard"});
  EXPECT_TRUE(player(*m, 0).supports.empty());
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 3 + 3);  // discarded: no combo
}

// Without C.B.L. or LAK, keeping it would change nothing: discarded at once.
TEST(EverZoneKeepInPlay, WithoutCblOrLakASingleEffectIsDiscardedOnceResolved) {
  auto m = from_position(
      "location space turn 2\nphase support\n"
      "seat 0\nactive utron_drone\ndeployed utron_frigate\nhand tribe_recall\n"
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "tribe_recall")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "utron_frigate")});
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(player(*m, 0).supports.empty());
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);
}

// "When this phase occurs, all bonuses and effects end their action": a kept
// Support goes to the retreated pile with every card in play at the Retreat phase.
TEST(EverZoneKeepInPlay, AKeptSupportLeavesPlayAtTheRetreatPhase) {
  auto m = from_position(
      "location space turn 4\nphase support\n"
      "seat 0\nactive cbl\nhand orbital_void\n"
      "seat 1\nactive numen_skyblade\n");
  accept(*m, 0, {id(*m, 0, "orbital_void")});
  pass_all(*m);
  accept(*m, 0, {"keep"});
  pass_all(*m);
  pass_clash(*m);
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Retreat);
  EXPECT_TRUE(player(*m, 0).supports.empty());
  EXPECT_TRUE(m->state().kept.empty());
}

// RETREAT PHASE: "If necessary, players must discard surplus cards from hand,
// reducing their number to 10 (not counting the Leader). In addition, players
// may discard any number of cards to the retreated pile before the start of
// the next battle": the choice is 0..all the non-Leader cards in hand.
TEST(EverZoneKeepInPlay, RetreatPlayersMayDiscardAnyNumberOfCardsButKeepTheLeader) {
  auto m = from_position(
      "location earth turn 1\nphase retreat\nbattle_deck sea\n"
      "seat 0\nhand kraken slurr_spawn slurr_glider\n"
      "deck slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood "
      "slurr_brood slurr_brood\n"
      "seat 1\nhand utron_drone\ndeck utron_drone\n");
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "discard");
  EXPECT_EQ(p->min_choices, 0u);
  EXPECT_EQ(p->max_choices, 2u);
  EXPECT_FALSE(offers(*m, 0, id(*m, 0, "kraken")));  // the Leader stays in hand
  accept(*m, 0, {id(*m, 0, "slurr_spawn"), id(*m, 0, "slurr_glider")});
  accept(*m, 1, {});
  EXPECT_EQ(player(*m, 0).retreated.size(), 2u);
  EXPECT_EQ(player(*m, 0).hand.size(), 11u);  // the Leader + 10 drawn for the next battle
}

}  // namespace
}  // namespace concord::everzone::test
