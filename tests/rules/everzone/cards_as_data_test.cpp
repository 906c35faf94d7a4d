// Cards as data (issue 12): abilities are `ability`/`step`/`static` lines in
// cards/everzone.cards; only the verbs `duel` and `control` are C++ handlers.
// Three cards exist only as data, built from mechanics other cards use.
#include <gtest/gtest.h>

#include <algorithm>

#include "concord/everzone/army.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

bool needs_named_handler(const Card& c) {
  return std::any_of(c.ability.steps.begin(), c.ability.steps.end(),
                     [](const Step& s) { return s.verb == Verb::Duel || s.verb == Verb::Control; });
}

TEST(EverZoneCardsAsData, FewerThanTenPercentOfCardsNeedANamedHandler) {
  std::vector<std::string> named;
  int with_ability = 0;
  for (const auto& c : db().cards()) {
    with_ability += c.ability.empty() ? 0 : 1;
    if (needs_named_handler(c)) named.push_back(c.id);
  }
  EXPECT_EQ(named, (std::vector<std::string>{"kraken", "vlad", "xenogray"}));
  EXPECT_LT(named.size() * 10, db().cards().size());
  EXPECT_EQ(with_ability, 23);  // the 20 cards that had one, plus the three data-only cards below
}

TEST(EverZoneCardsAsData, EveryCardTextMentioningAnAbilityHasItsData) {
  for (const char* id : {"zarkendra", "virago", "meraud", "ciel", "hantal_vexilium", "jehrah", "numen_skyblade",
                         "engagement", "kraken", "medusa", "moray", "sea_arrow", "tribe_recall", "vlad", "xenogray",
                         "sniper", "cbl", "lak", "final_protocol", "orbital_void"})
    EXPECT_FALSE(db().find(id)->ability.empty()) << id;
}

TEST(EverZoneCardsAsData, AbilityLinesWithErrorsNameTheLine) {
  auto r = CardDb::parse(
      "card x\nkind unit\nname X\nrace numens\nvalues 1 1 1 1\nfights earth\nsource chosen\n"
      "ability optional\nstep change enemy_active 1 defense -2 forever\n");
  ASSERT_EQ(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0].rfind("line 9: ", 0), 0u) << r.errors[0];
  EXPECT_NE(r.errors[1].find("needs at least one step"), std::string::npos) << r.errors[1];
  auto s = CardDb::parse("card y\nkind support\nname Y\nrace numens\nvalues 0 0 0 1\nsource chosen\n"
                         "static bogus\n");
  ASSERT_EQ(s.errors.size(), 1u);
  EXPECT_EQ(s.errors[0].rfind("line 7: expected 'static", 0), 0u) << s.errors[0];
}

// CORROSIVE SPORES (chosen, data only): a single-effect Support: one enemy
// active Unit -2 DEFENSE while the card is in play.
TEST(EverZoneCardsAsData, CorrosiveSporesIsASingleEffectBuiltFromData) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand corrosive_spores\n"
      "seat 1\nactive numen_sentinel slurr_glider\n");
  accept(*m, 0, {id(*m, 0, "corrosive_spores")});
  pass_all(*m);
  ASSERT_TRUE(m->prompt(0));
  EXPECT_EQ(m->prompt(0)->kind, "effect");
  accept(*m, 0, {id(*m, 1, "slurr_glider")});  // 2 - 2 = 0 DEFENSE: destroyed
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 0).retreated.size(), 1u);  // discarded once resolved
}

// UTRON JAMMER (chosen, data only): once per turn, one enemy active Unit -2
// ATTACK until the end of the turn.
TEST(EverZoneCardsAsData, UtronJammerLowersAnEnemyAttackUntilTheEndOfTheTurn) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive utron_jammer numen_sentinel\n"       // 4 ATTACK, 7 DEFENSE
      "seat 1\nactive utron_lancer utron_bastion\n");     // 6 ATTACK, 7 DEFENSE
  accept(*m, 0, {ability(*m, 0, "utron_jammer")});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "utron_lancer")});
  EXPECT_EQ(Army(db(), m->state(), 1).totals().attack, 6 - 2);
  EXPECT_FALSE(offers(*m, 0, ability(*m, 0, "utron_jammer")));  // once per turn
  pass_all(*m);  // the clash: nobody is destroyed
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_TRUE(m->state().lingering.empty());  // "turn" effects end with the turn
  EXPECT_EQ(Army(db(), m->state(), 1).totals().attack, 6);
}

// NUMEN MARTYR (chosen, data only): when destroyed, your active Units +2
// DEFENSE until the Retreat phase.
TEST(EverZoneCardsAsData, NumenMartyrDestroyedGivesYourActiveUnitsDefense) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_martyr numen_warden\n"
      "seat 1\nactive slurr_spawn slurr_brood\nhand final_protocol\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {id(*m, 1, "final_protocol")});
  pass_all(*m);
  accept(*m, 1, {id(*m, 1, "slurr_spawn"), id(*m, 0, "numen_martyr")});
  EXPECT_EQ(defense_change(*m, id(*m, 0, "numen_warden")), 2);
  EXPECT_EQ(defense_change(*m, id(*m, 1, "slurr_brood")), 0);
}

}  // namespace
}  // namespace concord::everzone::test
