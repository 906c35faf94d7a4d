// "Useful Tips": the two stacks, optional/contextual/continuous abilities,
// single versus extended Support effects, and the card clarifications of the
// cards whose abilities are data (cards/everzone.cards).
#include <gtest/gtest.h>

#include "concord/everzone/army.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// ------------------------------------------------------------- the two stacks

// "two stacks should be created: one for abilities and one for effects; and
// the effects stack takes priority over the abilities stack" + "Once an
// ability / effect has been declared it cannot be cancelled": Ciel declared
// first, Final Protocol (an effect) declared after it resolves first and
// destroys Ciel; Ciel's ability still resolves.
TEST(EverZoneStacks, EffectsResolveBeforeAbilitiesAndADeclaredAbilityCannotBeCancelled) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive ciel\n"
      "seat 1\nactive numen_sentinel numen_warden\nhand final_protocol\n");
  accept(*m, 0, {ability(*m, 0, "ciel")});
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  ASSERT_TRUE(m->prompt(1));  // the effect first
  EXPECT_EQ(m->prompt(1)->kind, "effect");
  EXPECT_FALSE(m->prompt(0));
  accept(*m, 1, {id(*m, 1, "numen_warden"), id(*m, 0, "ciel")});
  EXPECT_TRUE(player(*m, 0).active.empty());  // Ciel is destroyed ...
  ASSERT_TRUE(m->prompt(0));                   // ... and its ability still resolves
  EXPECT_EQ(m->prompt(0)->kind, "effect");
  accept(*m, 0, {id(*m, 1, "numen_sentinel")});
  // L56: "If a card is ... destroyed, all of its effects disappear": the -2
  // applied (a Unit it took to 0 DEFENSE would have been destroyed) and ended.
  EXPECT_EQ(defense_change(*m, id(*m, 1, "numen_sentinel")), 0);
  EXPECT_EQ(m->state().phase, Phase::Support);
}

// "the last declared ability / effect is the first to be resolved".
TEST(EverZoneStacks, TheLastDeclaredEffectIsResolvedFirst) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\ndeployed slurr_burrower\nhand tribe_recall\n"
      "seat 1\nactive numen_sentinel\nhand final_protocol\n");
  accept(*m, 0, {id(*m, 0, "tribe_recall")});
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  ASSERT_TRUE(m->prompt(1));
  EXPECT_FALSE(m->prompt(0));
  accept(*m, 1, {id(*m, 1, "numen_sentinel"), id(*m, 0, "slurr_spawn")});
  ASSERT_TRUE(m->prompt(0));  // then Tribe Recall
  accept(*m, 0, {id(*m, 0, "slurr_burrower")});
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(m->state().phase, Phase::Support);
}

// "Resolving an ability / effect takes priority over an action in the course
// of the game (for example, a clash between armies)".
TEST(EverZoneStacks, DeclaredEffectsResolveBeforeTheClash) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer\nhand final_protocol\n"
      "seat 1\nactive numen_sentinel numen_warden\n");
  accept(*m, 0, {id(*m, 0, "final_protocol")});
  pass_all(*m);
  EXPECT_EQ(m->state().phase, Phase::Effect);
  EXPECT_EQ(player(*m, 1).cp, 20);
}

// ------------------------------------------------------------- optional abilities

// MERAUD: "You may use Meraud's ability at any time, not necessarily
// immediately after activation." Optional abilities "trigger only once after
// being declared".
TEST(EverZoneCardsPlay, MeraudAbilityAtAnyTimeNotNecessarilyImmediatelyAfterActivation) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive meraud numen_sentinel\n"
      "seat 1\nactive slurr_spawn\n");
  ASSERT_TRUE(offers(*m, 0, ability(*m, 0, "meraud")));
  EXPECT_FALSE(offers(*m, 1, ability(*m, 0, "meraud")));
  accept(*m, 0, {ability(*m, 0, "meraud")});
  EXPECT_FALSE(offers(*m, 0, ability(*m, 0, "meraud")));  // only once
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "numen_sentinel")});
  EXPECT_EQ(defense_change(*m, id(*m, 0, "numen_sentinel")), 2);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().defense, 3 + 4 + 2);
}

// CIEL: "Its ability can often destroy enemy Units, because if their DEFENSE
// value drops to 0, they are destroyed. After using this ability, you are
// forced to re-deploy Ciel at the end of the turn. In other words, its ability
// can potentially be used every turn."
TEST(EverZoneCardsPlay, CielDestroysAUnitAtZeroDefenseIsRedeployedAndCanBeUsedEveryTurn) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive ciel\n"
      "seat 1\nactive slurr_spawn numen_sentinel\n");
  accept(*m, 0, {ability(*m, 0, "ciel")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "slurr_spawn")});
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);  // 2 - 2 = 0 DEFENSE: destroyed
  pass_all(*m);                                 // clash: 2 < 4, then 2 < 3
  pass_all(*m);                                 // the window after the clash
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_EQ(player(*m, 0).deployed, (std::vector<int>{std::stoi(id(*m, 0, "ciel").substr(1))}));
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  accept(*m, 0, {id(*m, 0, "ciel")});
  ASSERT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(offers(*m, 0, ability(*m, 0, "ciel")));  // again on turn 2
}

// ZARKENDRA: "In team games (2-vs-2 or 3-vs-3), its ability destroys all
// active Units of only one player, chosen by the owner."
TEST(EverZoneCardsPlay, ZarkendraInTeamGamesDestroysAllActiveUnitsOfOnlyOnePlayerChosenByTheOwner) {
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 30\nactive zarkendra\nseat 1\ncp 30\nactive slurr_spawn slurr_spawn\n"
      "seat 2\ncp 30\nseat 3\ncp 30\nactive numen_sentinel\n");
  accept(*m, 0, {ability(*m, 0, "zarkendra")});
  pass_all(*m);
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->options.size(), 2u);
  EXPECT_EQ(p->options[0].id, "target_1");
  EXPECT_EQ(p->options[1].id, "target_3");
  accept(*m, 0, {"target_1"});
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 3).active.size(), 1u);
}

// JEHRAH: "To keep the card Jehrah active you must destroy one Unit under your
// control. This ability can be used only during activation, not during its deployment."
TEST(EverZoneCardsPlay, JehrahToKeepItActiveYouMustDestroyOneUnitUnderYourControl) {
  auto m = from_position(
      "location space turn 1\nphase activate\n"
      "seat 0\ndeployed jehrah numen_sentinel\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "jehrah")});
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "effect");
  ASSERT_EQ(p->options.size(), 2u);  // the other Unit, or re-deploy Jehrah
  accept(*m, 0, {id(*m, 0, "numen_sentinel")});
  EXPECT_EQ(player(*m, 0).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_EQ(m->state().phase, Phase::Support);
}

TEST(EverZoneCardsPlay, JehrahWithoutAUnitDestroyedIsRedeployed) {
  auto m = from_position(
      "location space turn 1\nphase activate\n"
      "seat 0\ndeployed jehrah numen_sentinel\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "jehrah")});
  accept(*m, 0, {"redeploy"});
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_EQ(player(*m, 0).deployed.size(), 2u);
}

TEST(EverZoneCardsPlay, JehrahAbilityOnlyDuringActivationNotDuringDeployment) {
  auto m = from_position(
      "location space turn 0\nphase deploy\n"
      "seat 0\nhand jehrah numen_sentinel\n"
      "seat 1\n");
  accept(*m, 0, {id(*m, 0, "jehrah"), id(*m, 0, "numen_sentinel")});
  accept(*m, 1, {});
  ASSERT_TRUE(m->prompt(0));
  EXPECT_EQ(m->prompt(0)->kind, "activate");
  EXPECT_TRUE(m->state().abilities.empty());
}

// ------------------------------------------------------------- hybrid

// XENOGRAY AND KRAKEN: "These Units may attack one Unit of the opponent's army
// before your other Units, which may lead to damage to the opponent. The
// attacking and target Units should be treated as separate armies: if there is
// no direct counterattack, the clash proceeds normally, but the values of
// Xenogray or Kraken cannot be added to the rest of the army."
TEST(EverZoneCardsPlay, XenograyAttacksOneUnitBeforeYourOtherUnitsAndIsNotAddedToTheArmy) {
  auto m = from_position(
      "location space turn 1\nphase support\n"
      "seat 0\nactive xenogray utron_drone\n"               // 6/4/5/8 + 2/2/3/2
      "seat 1\nactive slurr_glider numen_skyblade\n");      // 3/2/3/3 + 4/2/3/4
  accept(*m, 0, {ability(*m, 0, "xenogray")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "slurr_glider")});
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 1).cp, 16);  // 6 - 2
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 2);  // only the drone
  pass_all(*m);
  pass_clash(*m);  // TARGET 3 = 3: 2 >= 2 and 4 >= 2, both armies destroyed
  EXPECT_EQ(player(*m, 1).cp, 16);
  EXPECT_EQ(player(*m, 0).cp, 18);
  EXPECT_EQ(player(*m, 0).active.size(), 1u);  // Xenogray fought apart
}

// Hybrid (L53, "each time the appropriate circumstances arise"): once per
// window; the clash beginning is a new circumstance, after the clash there is
// no single attack "before your other Units" any more.
TEST(EverZoneCardsPlay, KrakenHybridAbilityIsOfferedOncePerWindowAndNotAfterTheClash) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive kraken\nseat 1\nactive slurr_spawn slurr_spawn\n");
  accept(*m, 0, {ability(*m, 0, "kraken")});
  EXPECT_FALSE(offers(*m, 0, ability(*m, 0, "kraken")));
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "slurr_spawn", 0)});
  pass_all(*m);  // the clash begins: a new circumstance
  EXPECT_TRUE(offers(*m, 0, ability(*m, 0, "kraken")));
  pass_clash(*m);  // Kraken is not in the army, the spawn attacks
  EXPECT_FALSE(offers(*m, 0, ability(*m, 0, "kraken")));  // no single attack after the clash
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  EXPECT_TRUE(offers(*m, 0, ability(*m, 0, "kraken")));  // "each time the appropriate circumstances arise"
}

// "There are also hybrid abilities, which are performed partly at the player's
// will and partly as a result of game situations. Such cards include, for
// example: Medusa ... each time the appropriate circumstances arise you may
// decide whether to apply the ability or not."
TEST(EverZoneCardsPlay, MedusaHybridYouMayDecideWhetherToApplyIt) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive medusa\nseat 1\nactive slurr_spawn\n");
  EXPECT_TRUE(offers(*m, 0, ability(*m, 0, "medusa")));
  accept(*m, 0, {ability(*m, 0, "medusa")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "slurr_spawn")});
  EXPECT_EQ(defense_change(*m, id(*m, 1, "slurr_spawn")), -1);
}

// ------------------------------------------------------------- contextual

// "Contextual: ... Sniper or Moray, where in each case when your army attacks
// first, their abilities may be performed."
TEST(EverZoneCardsPlay, SniperPerformedWhenYourArmyAttacksFirst) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive sniper\n"              // 3/1/4/3
      "seat 1\nactive numen_sentinel\n");    // 2/4/1/3
  pass_all(*m);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);  // 3 >= 4 - 2
  EXPECT_EQ(player(*m, 1).cp, 19);
}

TEST(EverZoneCardsPlay, MorayPerformedWhenYourArmyAttacksFirst) {
  auto m = from_position(
      "location sea turn 1\nphase support\n"
      "seat 0\nactive moray\n"                // 3/2/3/4
      "seat 1\nactive numen_tidecaller\n");   // 3/3/2/4
  pass_all(*m);
  EXPECT_EQ(player(*m, 1).cp, 18);  // 3 + 2 - 3
}

TEST(EverZoneCardsPlay, SniperNotPerformedWhenTheOpponentAttacksFirst) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive sniper\n"                      // TARGET 4
      "seat 1\nactive numen_sentinel utron_lancer utron_drone\n");  // TARGET 6, 8/8
  pass_all(*m);
  EXPECT_EQ(player(*m, 1).fallen.size(), 0u);  // Sniper was destroyed before it could attack
  EXPECT_EQ(player(*m, 0).cp, 13);
}

// "Continuous (extended): ... An example is the card Virago ... This does not
// end until the card is removed" — and VIRAGO: "if Virago is activated under
// the effect of other cards, say Engagement, the opponent may play a Support
// card in response that destroys Virago: an example of such a card is Final Protocol."
TEST(EverZoneCardsPlay, ViragoActivatedByEngagementTheOpponentMayRespondWithFinalProtocol) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\ndeployed numen_warden\nhand engagement\ndeck virago numen_aegis\n"
      "seat 1\nactive slurr_spawn\nhand final_protocol\n");
  accept(*m, 0, {id(*m, 0, "engagement")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "numen_sentinel"), id(*m, 0, "numen_warden")});
  accept(*m, 0, {id(*m, 0, "virago")});
  ASSERT_EQ(m->state().phase, Phase::Support);
  ASSERT_EQ(playable(*m->prompt(1)), std::vector<std::string>{id(*m, 1, "final_protocol")});
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  accept(*m, 1, {id(*m, 1, "slurr_spawn"), id(*m, 0, "virago")});
  EXPECT_FALSE(player(*m, 0).leader_alive);
}

// ------------------------------------------------------------- single vs extended

// "Orbital Void is a good example of a single effect: once the effect has been
// resolved, the card becomes irrelevant and must be discarded, unless you want
// to keep it in play for some special reason (for example, for a combo with
// C.B.L. or LAK Units)."
TEST(EverZoneCardsPlay, OrbitalVoidSingleEffectIsDiscardedOnceResolved) {
  auto m = from_position(
      "location space turn 1\nphase support\n"
      "seat 0\nactive utron_drone\nhand orbital_void\n"
      "seat 1\nactive slurr_glider numen_skyblade sniper\n");
  accept(*m, 0, {id(*m, 0, "orbital_void")});
  pass_all(*m);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);  // Sniper: 1 - 1 = 0 DEFENSE, destroyed at once
  // L56: discarded, its -1 DEFENSE ends with it.
  EXPECT_EQ(defense_change(*m, id(*m, 1, "slurr_glider")), 0);
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);
  EXPECT_TRUE(player(*m, 0).supports.empty());
}

TEST(EverZoneCardsPlay, OrbitalVoidKeptInPlayForAComboWithCbl) {
  auto m = from_position(
      "location space turn 1\nphase support\n"
      "seat 0\nactive cbl\nhand orbital_void\n"
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "orbital_void")});
  pass_all(*m);
  ASSERT_TRUE(m->prompt(0));
  accept(*m, 0, {"keep"});
  EXPECT_EQ(player(*m, 0).supports.size(), 1u);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 3 + 2);
}

TEST(EverZoneCardsPlay, OrbitalVoidKeptInPlayForAComboWithLak) {
  auto m = from_position(
      "location space turn 1\nphase support\n"
      "seat 0\nactive lak\nhand orbital_void\n"
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "orbital_void")});
  pass_all(*m);
  accept(*m, 0, {"discard"});
  EXPECT_EQ(Army(db(), m->state(), 0).totals().defense, 4);  // not kept: no combo
}

// "the card Carapace is a good example of an extended effect ... This effect
// does not end at the end of the turn, and can potentially continue into
// subsequent turns".
TEST(EverZoneCardsPlay, CarapaceExtendedEffectContinuesIntoSubsequentTurns) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nsupports carapace\n"
      "seat 1\nactive numen_warden\n");
  pass_all(*m);
  pass_all(*m);
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  EXPECT_EQ(m->state().turn, 2);
  EXPECT_EQ(player(*m, 0).supports.size(), 1u);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().defense, 4 + 2);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// "Each turn you may play no more than one Support card from your hand at any
// time before the end of the turn": also after the clash, before surrendering.
TEST(EverZoneSupport, ASupportCardMayBePlayedAtAnyTimeBeforeTheEndOfTheTurnAlsoAfterTheClash) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nhand carapace numen_aegis\n"
      "seat 1\nactive numen_warden\n");
  pass_all(*m);    // the clash begins; its window offers the Supports too (L34)
  ASSERT_EQ(playable(*m->prompt(0)).size(), 2u);
  pass_clash(*m);  // the clash: 2 < 3, 3 < 4
  ASSERT_EQ(m->state().phase, Phase::Support);
  ASSERT_TRUE(m->state().after_clash);
  ASSERT_EQ(playable(*m->prompt(0)).size(), 2u);
  accept(*m, 0, {id(*m, 0, "carapace")});
  EXPECT_TRUE(playable(*m->prompt(0)).empty());  // no more than one this turn
  pass_all(*m);
  EXPECT_EQ(m->state().phase, Phase::Surrender);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

std::string vlad_ability(const EverZoneMatch& m) { return "ability_" + id(m, 0, "vlad"); }

// VLAD: "When you take control of a Unit ..., you may use it as if it were
// your own, that is, you may use all of its values, restrictions and abilities."
TEST(EverZoneCardsPlay, VladTakesControlOfAUnitAndUsesItsValuesAndAbilities) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive vlad\n"                 // 5/5/4/7
      "seat 1\nactive meraud numen_warden\n");
  accept(*m, 0, {vlad_ability(*m)});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "meraud")});
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().defense, 5 + 3);
  EXPECT_EQ(Army(db(), m->state(), 1).totals().defense, 3);
  ASSERT_EQ(m->state().phase, Phase::Support);
  auto p = m->prompt(0);
  bool meraud = false;
  for (const auto& o : p->options) meraud = meraud || o.id == "ability_" + id(*m, 1, "meraud");
  EXPECT_TRUE(meraud);  // its ability, for its new controller
}

// VLAD: "If Vlad is withdrawn from the battle or re-deployed, the captured
// Unit returns to the opponent's fallen deck."
TEST(EverZoneCardsPlay, VladWithdrawnTheCapturedUnitReturnsToTheOpponentsFallenDeck) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive vlad\n"                 // RESOURCE 7
      "seat 1\nactive utron_lancer\n");       // RESOURCE 4: 11 > 10 once captured
  accept(*m, 0, {vlad_ability(*m)});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "utron_lancer")});
  ASSERT_EQ(m->state().phase, Phase::Withdraw);
  accept(*m, 0, {id(*m, 0, "vlad")});
  EXPECT_EQ(player(*m, 1).fallen, (std::vector<int>{std::stoi(id(*m, 1, "utron_lancer").substr(1))}));
  EXPECT_TRUE(captured_units(m->state()).empty());
  EXPECT_EQ(player(*m, 0).active.size(), 1u);  // Vlad fits again: reactivated automatically
}

TEST(EverZoneCardsPlay, VladCapturedUnitGoesBackToItsOwnerAtTheRetreat) {
  auto m = from_position(
      "location earth turn 3\nphase support\n"
      "seat 0\nactive vlad\n"
      "seat 1\nactive numen_warden\n");
  accept(*m, 0, {vlad_ability(*m)});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "numen_warden")});
  pass_all(*m);  // the clash: seat 1 has no army and takes 5 + 3
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Retreat);
  EXPECT_EQ(player(*m, 1).retreated.size(), 1u);
  EXPECT_EQ(player(*m, 1).cp, 12);
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// The position format holds the stacks: "all effects must be resolved before
// abilities, and the last declared effect is resolved first" (a 2-vs-2 game
// in the rulebook's example; here three players, allies 0 and 1).
TEST(EverZoneStacks, PositionWithBothStacksResolvesEffectsFirstLastDeclaredFirst) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ntarget 2\nactive ciel\n"                                   // c0
      "seat 1\ntarget 2\nactive numen_warden\nsupports final_protocol\n"  // c1 c2
      "seat 2\ntarget 0\nactive numen_sentinel numen_warden\n"            // c3 c4
      "abilities c0\neffects c2\ndeclared c0\n");
  EXPECT_FALSE(offers(*m, 0, "ability_c0"));  // already declared
  pass_all(*m);
  ASSERT_TRUE(m->prompt(1));  // Final Protocol (an effect) first
  accept(*m, 1, {"c1", "c3"});
  ASSERT_TRUE(m->prompt(0));  // then Ciel's ability
  EXPECT_EQ(m->prompt(0)->kind, "effect");
  ASSERT_EQ(m->prompt(0)->options.size(), 1u);
  EXPECT_EQ(m->prompt(0)->options[0].id, "c4");
}

TEST(EverZonePosition, StackLinesNeedExistingInstances) {
  auto parsed = parse_position(db(), "location earth turn 1\nphase support\nseat 0\nseat 1\neffects c9\n");
  EXPECT_FALSE(parsed.state);
  EXPECT_NE(parsed.error.find("no instance c9"), std::string::npos) << parsed.error;
}

}  // namespace
}  // namespace concord::everzone::test
