// The continuous-effect layer (issue 12): lasting changes are effects with a
// source, the cards they affect, a change and a duration (GameState::lingering);
// values are computed through them. L56 ("Useful Tips"): "If a card is
// withdrawn from the battle or destroyed, all of its effects disappear until
// the reverse occurs."
#include <gtest/gtest.h>

#include "concord/everzone/army.hpp"
#include "concord/everzone/view.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// MERAUD's +2 DEFENSE while Meraud is active: withdrawn, it is suspended;
// reactivated ("until the reverse occurs"), it applies again.
TEST(EverZoneEffects, L56_MeraudsBonusEndsWhenMeraudIsWithdrawnUntilTheReverseOccurs) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel numen_warden\nwithdrawn meraud\n"  // c0 c1, c2
      "effect c2 defense 2 source c0\n"
      "seat 1\nactive utron_bastion numen_sentinel\n");
  EXPECT_EQ(defense_change(*m, "c0"), 0);  // suspended while Meraud is withdrawn
  ASSERT_EQ(m->state().lingering.size(), 1u);
  pass_all(*m);  // clash: 5 ATTACK against 9 DEFENSE, 4 against 7
  pass_all(*m);
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  // Turn 2 (limit 20): Meraud fits and is reactivated automatically.
  ASSERT_EQ(player(*m, 0).active.size(), 3u);
  EXPECT_EQ(defense_change(*m, "c0"), 2);
}

// MERAUD destroyed: its +2 DEFENSE disappears at once.
TEST(EverZoneEffects, L56_MeraudsBonusEndsWhenMeraudIsDestroyed) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive meraud numen_sentinel\n"
      "seat 1\nactive slurr_spawn slurr_brood\nhand final_protocol\n");
  accept(*m, 0, {ability(*m, 0, "meraud")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 0, "numen_sentinel")});
  EXPECT_EQ(defense_change(*m, id(*m, 0, "numen_sentinel")), 2);
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  accept(*m, 1, {id(*m, 1, "slurr_spawn"), id(*m, 0, "meraud")});
  EXPECT_EQ(defense_change(*m, id(*m, 0, "numen_sentinel")), 0);
  EXPECT_TRUE(m->state().lingering.empty());
}

// MEDUSA destroyed: its -1 DEFENSE disappears.
TEST(EverZoneEffects, L56_MedusasChangeEndsWhenMedusaIsDestroyed) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive medusa\n"
      "seat 1\nactive numen_warden numen_sentinel\nhand final_protocol\n");
  accept(*m, 0, {ability(*m, 0, "medusa")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "numen_sentinel")});
  EXPECT_EQ(defense_change(*m, id(*m, 1, "numen_sentinel")), -1);
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  accept(*m, 1, {id(*m, 1, "numen_warden"), id(*m, 0, "medusa")});
  EXPECT_EQ(defense_change(*m, id(*m, 1, "numen_sentinel")), 0);
}

// CIEL is re-deployed at the end of the turn: its -2 DEFENSE ends then, so
// using it again next turn gives -2, not -4.
TEST(EverZoneEffects, L56_CielsChangeEndsWhenCielIsRedeployedSoItNeverStacks) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive ciel numen_sentinel\n"  // 4 ATTACK, 7 DEFENSE
      "seat 1\nactive numen_warden utron_bastion\n");  // 5 ATTACK, 8 DEFENSE
  const std::string bastion = id(*m, 1, "utron_bastion");
  accept(*m, 0, {ability(*m, 0, "ciel")});
  pass_all(*m);
  accept(*m, 0, {bastion});
  EXPECT_EQ(defense_change(*m, bastion), -2);
  pass_all(*m);  // the clash: nobody is destroyed
  pass_all(*m);  // the window after it; end of the turn: Ciel is re-deployed
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_EQ(defense_change(*m, bastion), 0);
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  accept(*m, 0, {id(*m, 0, "ciel")});
  accept(*m, 0, {ability(*m, 0, "ciel")});
  pass_all(*m);
  accept(*m, 0, {bastion});
  EXPECT_EQ(defense_change(*m, bastion), -2);
}

// ORBITAL VOID: its -1 DEFENSE lasts while the card is in play. Resolved and
// discarded, a Unit it took to 0 DEFENSE is destroyed at once and the change
// then ends (see also OrbitalVoidSingleEffectIsDiscardedOnceResolved); kept
// for the C.B.L. combo, it lasts until the card is discarded.
TEST(EverZoneEffects, L56_OrbitalVoidsChangeEndsWhenTheCardLeavesPlay) {
  auto m = from_position(
      "location space turn 1\nphase support\n"
      "seat 0\nactive cbl\nhand orbital_void\n"
      "seat 1\nactive slurr_glider numen_skyblade\n");
  const std::string glider = id(*m, 1, "slurr_glider");
  accept(*m, 0, {id(*m, 0, "orbital_void")});
  pass_all(*m);
  accept(*m, 0, {"keep"});
  EXPECT_EQ(defense_change(*m, glider), -1);
  accept(*m, 0, {"discard_" + id(*m, 0, "orbital_void")});
  EXPECT_EQ(defense_change(*m, glider), 0);
  EXPECT_TRUE(m->state().lingering.empty());
}

// Issue 12 (behaviour change): a destroy step offers only Units that can be
// destroyed. JEHRAH's upkeep cannot be paid with a Sea Arrow that "cannot be
// destroyed if the opponent's army has 3 or fewer active Units".
TEST(EverZoneEffects, JehrahsUpkeepCannotBePaidWithAUnitThatCannotBeDestroyed) {
  auto m = from_position(
      "location space turn 1\nphase activate\n"
      "seat 0\ndeployed jehrah sea_arrow\n"  // Sea Arrow stays face down: Units under your control
      "seat 1\nactive slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "jehrah")});
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->options.size(), 1u);
  EXPECT_EQ(p->options[0].id, "redeploy");
}

// ... and ENGAGEMENT needs two Units that can be destroyed.
TEST(EverZoneEffects, EngagementNeedsTwoUnitsThatCanBeDestroyed) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel sea_arrow\nhand engagement\ndeck numen_warden\n"
      "seat 1\nactive slurr_spawn\n");
  EXPECT_TRUE(playable(*m->prompt(0)).empty());
}

// Issue 12 (behaviour change): a Unit Vlad captured may be taken again by
// another Vlad; taken back by its owner it is simply the owner's again, and
// the first Vlad leaving play no longer sends it to the fallen deck.
TEST(EverZoneEffects, ASecondVladTakesACapturedUnit) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive vlad\n"
      "seat 1\nactive vlad numen_warden\n");
  const std::string warden = id(*m, 1, "numen_warden");
  accept(*m, 0, {ability(*m, 0, "vlad")});
  pass_all(*m);
  accept(*m, 0, {warden});
  ASSERT_EQ(captured_units(m->state()).size(), 1u);
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  accept(*m, 1, {ability(*m, 1, "vlad")});
  pass_all(*m);
  accept(*m, 1, {warden});
  EXPECT_TRUE(captured_units(m->state()).empty());
  EXPECT_EQ(player(*m, 1).active.size(), 2u);
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
}

// The view lists lasting effects generically: source, cards, change, duration,
// suspended or not.
TEST(EverZoneEffects, TheViewShowsLastingEffectsGenerically) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nwithdrawn meraud\n"
      "effect c1 defense 2 source c0\n"
      "seat 1\nactive ciel utron_bastion\n"
      "effect c2 defense -2 source c3\n");
  auto view = m->view(rules::Viewer::of_seat(1));
  const auto& v = dynamic_cast<const EverZoneView&>(*view);
  ASSERT_EQ(v.lingering.size(), 2u);
  EXPECT_EQ(v.lingering[0].source.card_id, "meraud");
  EXPECT_EQ(v.lingering[0].change, "defense");
  EXPECT_EQ(v.lingering[0].amount, 2);
  EXPECT_EQ(v.lingering[0].lasts, "source");
  EXPECT_FALSE(v.lingering[0].active);
  EXPECT_TRUE(v.lingering[1].active);
  ASSERT_EQ(v.lingering[1].cards.size(), 1u);
  EXPECT_EQ(v.lingering[1].cards[0].card_id, "utron_bastion");
  EXPECT_NE(v.to_text().find("effect: Ciel (c2) defense -2 source Utron Bastion (c3)"), std::string::npos);
}

// An effect whose source is in a hand: a judge sees everything, the hand's
// owner sees its own hand, the other seat and spectators see neither the
// effect nor (in another's hand) the cards it affects.
TEST(EverZoneEffects, ALastingEffectFromAHiddenCardIsShownToItsOwnerAndJudgesOnly) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nhand meraud\n"
      "effect c1 defense 2 source c0\n"  // Meraud, in seat 0's hand, on its Sentinel
      "seat 1\nactive ciel utron_bastion\nhand numen_warden\n"
      "effect c2 defense -2 source c3\neffect c2 defense 1 source c4\n");  // Ciel on c3 and on c4 in hand
  auto lingering_of = [&](const rules::Viewer& viewer) {
    auto view = m->view(viewer);
    std::vector<std::string> out;
    for (const auto& e : dynamic_cast<const EverZoneView&>(*view).lingering) {
      std::string line = e.source.card_id + ":";
      for (const auto& c : e.cards) line += " " + c.card_id;
      out.push_back(line);
    }
    return out;
  };
  using Lines = std::vector<std::string>;
  EXPECT_EQ(lingering_of(rules::Viewer::judge()), (Lines{"meraud: numen_sentinel", "ciel: utron_bastion", "ciel: numen_warden"}));
  EXPECT_EQ(lingering_of(rules::Viewer::of_seat(0)), (Lines{"meraud: numen_sentinel", "ciel: utron_bastion", "ciel:"}));
  EXPECT_EQ(lingering_of(rules::Viewer::of_seat(1)), (Lines{"ciel: utron_bastion", "ciel: numen_warden"}));
  EXPECT_EQ(lingering_of(rules::Viewer::spectator()), (Lines{"ciel: utron_bastion", "ciel:"}));
}

TEST(EverZonePosition, EffectLinesNeedAWellFormedEffect) {
  EXPECT_FALSE(parse_position(db(), "location earth turn 1\nphase support\nseat 0\nactive meraud\n"
                                    "effect c0 defense two source c0\nseat 1\n")
                   .state);
  auto bad = parse_position(db(), "location earth turn 1\nphase support\nseat 0\nactive meraud\n"
                                  "effect c0 defense 2 source c5\nseat 1\n");
  EXPECT_FALSE(bad.state);
  EXPECT_EQ(bad.error, "no instance c5");
}

}  // namespace
}  // namespace concord::everzone::test
