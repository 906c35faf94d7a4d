// When abilities may be declared outside the Support windows: during the
// clash, before each attack ("Resolving an ability / effect takes priority
// over an action in the course of the game (for example, a clash between
// armies), except when that action has already ended"), through the two
// stacks. The engine's window is the "ability" prompt (Phase::Clash).
#include <gtest/gtest.h>

#include "concord/everzone/army.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// Seat 0: Meraud 3/3/2/4 + Numen Sentinel 2/4/1/3 = 5/7/3/7. Seat 1: Lancer +
// two Drones = 8/6/7/8 attacks first (TARGET 7 > 3).
const char* kMeraudPosition =
    "location earth turn 1\nphase support\n"
    "seat 0\nactive meraud numen_sentinel\n"
    "seat 1\nactive utron_lancer utron_drone utron_drone\n";

// "MERAUD: You may use Meraud's ability at any time, not necessarily
// immediately after activation": not declared in the Support window, it is
// still offered in the clash, before the first attack, and resolves before it.
TEST(EverZoneAbilityWindows, MeraudAtAnyTimeNotNecessarilyImmediatelyAfterActivationEvenDuringTheClash) {
  auto m = from_position(kMeraudPosition);
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Clash);
  ASSERT_TRUE(m->prompt(0));
  EXPECT_EQ(m->prompt(0)->kind, "ability");
  EXPECT_TRUE(offers(*m, 0, ability(*m, 0, "meraud")));
  EXPECT_FALSE(m->prompt(1));  // nothing to declare: no window
  accept(*m, 0, {ability(*m, 0, "meraud")});
  ASSERT_EQ(m->state().phase, Phase::Effect);  // it resolves before the attack
  EXPECT_EQ(player(*m, 0).cp, 20);
  accept(*m, 0, {id(*m, 0, "numen_sentinel")});  // DEFENSE 7 + 2 = 9 against ATTACK 8
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_EQ(player(*m, 0).cp, 20);
  EXPECT_EQ(player(*m, 1).cp, 20);  // 5 against 6: no counterattack damage
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(m->state().after_clash);
}

// The same clash without the ability: the first attack (8 against 7) destroys
// seat 0's army.
TEST(EverZoneAbilityWindows, PassingTheClashWindowTheAttackHappensAsUsual) {
  auto m = from_position(kMeraudPosition);
  pass_all(*m);
  accept(*m, 0, {"done"});
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_EQ(player(*m, 0).cp, 19);
  EXPECT_TRUE(m->state().after_clash);
  EXPECT_FALSE(offers(*m, 0, ability(*m, 0, "meraud")));  // destroyed with its army
}

// "Resolving an ability / effect takes priority over an action in the course
// of the game (for example, a clash between armies), except when that action
// has already ended": after the first attack, before the counterattack, the
// surviving army may declare Ciel; -2 DEFENSE drops a Drone to 0 ("if their
// DEFENSE value drops to 0, they are destroyed") before the counterattack.
TEST(EverZoneAbilityWindows, AnAbilityBetweenTheAttacksResolvesBeforeTheCounterattack) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_lancer utron_drone utron_drone\n"          // 8/6/7/8
      "seat 1\nactive ciel numen_sentinel numen_warden\n");           // 7/10/5/10
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_TRUE(offers(*m, 1, ability(*m, 1, "ciel")));  // before the first attack
  EXPECT_FALSE(m->prompt(0));
  accept(*m, 1, {"done"});
  // Seat 0 attacked (8 against 10): seat 1 survives; the window opens again.
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_EQ(player(*m, 1).active.size(), 3u);
  accept(*m, 1, {ability(*m, 1, "ciel")});
  accept(*m, 1, {id(*m, 0, "utron_drone")});
  EXPECT_EQ(player(*m, 0).active.size(), 0u);   // the counterattack 7 against 6 - 2 = 4
  EXPECT_EQ(player(*m, 0).cp, 17);
}

// "the fact that my army attacks does not change, because I am already in the
// process of carrying it out": Ciel destroys a Drone (TARGET 3) of the army
// that attacks first before its attack; it still attacks first.
TEST(EverZoneAbilityWindows, TheAttackOrderFixedWhenTheClashBeganDoesNotChange) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_drone utron_drone\n"               // 4/4/6/4
      "seat 1\nactive ciel numen_sentinel\n");                // 4/7/4/7
  pass_all(*m);
  accept(*m, 1, {ability(*m, 1, "ciel")});
  accept(*m, 1, {id(*m, 0, "utron_drone", 0)});  // seat 0: 2/2/3: TARGET now below 4
  // Seat 0 still attacked first: 2 against 7 did nothing; seat 1 counterattacked 4 against 2.
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_EQ(player(*m, 0).cp, 18);
  EXPECT_EQ(player(*m, 1).cp, 20);
}

// Seat 0: Numen Skyblade 4/2/3/4 + Numen Warden 3/3/1/3 = 7/5/4/7 attacks
// first (TARGET 4 > 3). Seat 1: Meraud 3/3/2/4 + Numen Warden + Numen Aegis
// (+3 DEFENSE) = 6/9/3/9. Space, turn 2 (limit 15).
const char* kSkybladePosition =
    "location space turn 2\nphase support\n"
    "seat 0\nactive numen_skyblade numen_warden\n"
    "seat 1\nactive meraud numen_warden\nsupports numen_aegis\n";

// "my army starts the offensive, having a greater TARGET value, and although
// my army is now attacking, I may reduce its TARGET value to increase its
// ATTACK value ... Despite all these changes, the fact that my army attacks
// does not change, because I am already in the process of carrying it out."
// NUMEN SKYBLADE (chosen: -2 TARGET, +2 ATTACK) declared during the clash:
// seat 0's TARGET drops to 2, below seat 1's 3, and seat 0 still attacks
// first, with ATTACK 9 against DEFENSE 9. Had the order changed, seat 1 would
// have attacked first (6 against 5) and destroyed seat 0.
TEST(EverZoneAbilityWindows, MyArmyReducesItsTargetToIncreaseItsAttackAndStillAttacksFirst) {
  auto m = from_position(kSkybladePosition);
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Clash);
  ASSERT_TRUE(offers(*m, 0, ability(*m, 0, "numen_skyblade")));
  accept(*m, 0, {ability(*m, 0, "numen_skyblade")});
  accept(*m, 1, {"done"});  // seat 1 (Meraud) may respond; it passes: the ability resolves
  // The window opens again before the first attack (seat 1 still has Meraud).
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_FALSE(m->prompt(0));  // once per turn: nothing left to declare
  const Values mine = Army(db(), m->state(), 0).totals();
  const Values theirs = Army(db(), m->state(), 1).totals();
  EXPECT_EQ(mine.attack, 9);
  EXPECT_EQ(mine.target, 2);
  EXPECT_LT(mine.target, theirs.target);  // 2 < 3
  auto out = submit(*m, 1, {"done"});
  ASSERT_TRUE(out.accepted);
  std::vector<std::string> attacks;
  for (const auto& e : out.events)
    if (e.kind == "attack") attacks.push_back(e.text);
  ASSERT_EQ(attacks.size(), 1u);  // seat 1 was destroyed before it could attack
  EXPECT_EQ(attacks[0].rfind("seat 0 attacks seat 1 with 9", 0), 0u) << attacks[0];
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 1).fallen.size(), 2u);
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_EQ(player(*m, 0).cp, 20);
  EXPECT_TRUE(m->state().after_clash);
}

// The same clash without the ability: 7 against 9 does nothing and seat 1
// counterattacks 6 against 5.
TEST(EverZoneAbilityWindows, WithoutReducingItsTargetTheSameArmyIsDestroyedByTheCounterattack) {
  auto m = from_position(kSkybladePosition);
  pass_all(*m);
  pass_clash(*m);
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_EQ(player(*m, 0).cp, 19);
  EXPECT_EQ(player(*m, 1).active.size(), 2u);
}

// Chosen: NUMEN SKYBLADE's text says "once per turn": declared in the Support
// window before the clash, it is not offered again that turn (neither during
// the clash nor after it) and a second declaration is refused; its change
// lasts until the end of the turn, and next turn it may be declared again.
// Declared before the clash, the lower TARGET decides the order ("The order
// of attacks is fixed from the TARGET values when the clash begins"): seat 1
// (TARGET 3) now attacks first. Seat 0 here: 7/8/4/9 with Numen Aegis.
TEST(EverZoneAbilityWindows, SkybladeOncePerTurnCannotBeDeclaredTwiceInOneTurn) {
  auto m = from_position(
      "location space turn 2\nphase support\n"
      "seat 0\nactive numen_skyblade numen_warden\nsupports numen_aegis\n"
      "seat 1\nactive meraud numen_warden\nsupports numen_aegis\n");
  const std::string skyblade = ability(*m, 0, "numen_skyblade");
  accept(*m, 0, {skyblade});
  EXPECT_FALSE(offers(*m, 0, skyblade));
  EXPECT_FALSE(submit(*m, 0, {skyblade}).accepted);
  pass_all(*m);  // it resolves; the window opens again
  ASSERT_EQ(m->state().phase, Phase::Support);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().target, 2);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 9);
  EXPECT_FALSE(offers(*m, 0, skyblade));
  EXPECT_FALSE(submit(*m, 0, {skyblade}).accepted);
  pass_all(*m);  // the clash: only seat 1 has a window (Meraud)
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_EQ(submit(*m, 0, {skyblade}).rejection->code, "NO_PROMPT");
  std::vector<std::string> attacks;
  while (m->prompt(1) && m->prompt(1)->kind == "ability") {  // before each attack
    auto out = submit(*m, 1, {"done"});
    ASSERT_TRUE(out.accepted);
    for (const auto& e : out.events)
      if (e.kind == "attack") attacks.push_back(e.text);
  }
  ASSERT_EQ(attacks.size(), 2u);
  EXPECT_EQ(attacks[0].rfind("seat 1 attacks seat 0 with 6", 0), 0u) << attacks[0];  // 6 against 8
  EXPECT_EQ(attacks[1].rfind("seat 0 attacks seat 1 with 9", 0), 0u) << attacks[1];  // 9 against 9
  ASSERT_TRUE(m->state().after_clash);
  EXPECT_FALSE(offers(*m, 0, skyblade));
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_EQ(Army(db(), m->state(), 0).totals().target, 4);  // back at the end of the turn
  EXPECT_EQ(Army(db(), m->state(), 0).totals().attack, 7);
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  ASSERT_EQ(m->state().turn, 3);
  ASSERT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(offers(*m, 0, skyblade));  // a new turn
}

// XENOGRAY AND KRAKEN: "These Units may attack one Unit of the opponent's army
// before your other Units": still offered after the opponent's first attack,
// while Kraken's own army has not attacked.
TEST(EverZoneAbilityWindows, KrakenMayAttackAloneBeforeYourOtherUnitsEvenAfterTheEnemyAttacked) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive kraken slurr_spawn\n"                    // 8/7/7/10
      "seat 1\nactive utron_drone utron_drone utron_drone\n");  // 6/6/9/6
  pass_all(*m);
  ASSERT_TRUE(offers(*m, 0, ability(*m, 0, "kraken")));
  accept(*m, 0, {"done"});
  // Seat 1 attacked first (6 against 7); before seat 0 attacks: still offered.
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  ASSERT_TRUE(offers(*m, 0, ability(*m, 0, "kraken")));
  accept(*m, 0, {ability(*m, 0, "kraken")});
  accept(*m, 0, {id(*m, 1, "utron_drone")});  // 6 against DEFENSE 2: 4 damage
  EXPECT_EQ(player(*m, 1).cp, 16);
  EXPECT_EQ(player(*m, 1).active.size(), 2u);  // then Slurr Spawn alone: 2 against 4
  EXPECT_TRUE(m->state().after_clash);
}

// ... but not once its army has attacked ("before your other Units").
TEST(EverZoneAbilityWindows, KrakenIsNotOfferedOnceItsArmyHasAttacked) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive kraken slurr_spawn\n"                              // 8/7/7/10, first
      "seat 1\nactive numen_sentinel numen_sentinel numen_sentinel meraud\n");  // 9/15/5/13
  pass_all(*m);
  ASSERT_TRUE(offers(*m, 0, ability(*m, 0, "kraken")));
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  // Seat 0 attacked; before seat 1's counterattack only seat 1 has a window.
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_TRUE(offers(*m, 1, ability(*m, 1, "meraud")));
}

// "When players declare the use of abilities and/or effects ... the last
// declared ability / effect is the first to be resolved": a declaration in the
// clash window reopens it for the others, who may answer; then the stack
// resolves, last declared first, before the attack.
TEST(EverZoneAbilityWindows, ADeclarationDuringTheClashLetsTheOthersRespondLastDeclaredFirst) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\nactive meraud numen_sentinel\n"
      "seat 1\nactive ciel utron_drone\n");
  pass_all(*m);
  accept(*m, 1, {"done"});
  accept(*m, 0, {ability(*m, 0, "meraud")});
  ASSERT_TRUE(offers(*m, 1, ability(*m, 1, "ciel")));  // seat 1 may respond
  accept(*m, 1, {ability(*m, 1, "ciel")});
  ASSERT_EQ(m->state().abilities.size(), 1u);  // Meraud waits under Ciel
  EXPECT_EQ(m->state().abilities[0], std::stoi(id(*m, 0, "meraud").substr(1)));
  ASSERT_TRUE(m->prompt(1));  // Ciel, declared last, resolves first
  EXPECT_EQ(m->prompt(1)->kind, "effect");
  EXPECT_FALSE(m->prompt(0));
  accept(*m, 1, {id(*m, 0, "numen_sentinel")});
  ASSERT_TRUE(m->prompt(0));
  EXPECT_EQ(m->prompt(0)->kind, "effect");
}

// "Resolving an ability / effect takes priority over an action in the course
// of the game": declared during the clash, Meraud resolves at once; the
// attack waits for it.
TEST(EverZoneAbilityWindows, DeclaredDuringTheClashItResolvesBeforeTheAttackNotAfter) {
  auto m = from_position(kMeraudPosition);
  pass_all(*m);
  accept(*m, 0, {ability(*m, 0, "meraud")});
  EXPECT_EQ(m->state().abilities.size(), 0u);  // popped: resolving now
  EXPECT_EQ(m->state().effect_card, std::stoi(id(*m, 0, "meraud").substr(1)));
  EXPECT_EQ(player(*m, 1).cp, 20);
  EXPECT_EQ(player(*m, 0).cp, 20);  // the attack waits
}

}  // namespace
}  // namespace concord::everzone::test
