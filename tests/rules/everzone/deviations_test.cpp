// Issue 12, section 3 (EverZone): deviations from the rulebook found by a
// judge's read, one test each, named after the rulebook line it follows.
#include <algorithm>
#include <set>

#include "concord/rules/match.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// Every combination of the prompt's options within its bounds: the stated
// legal sets are accepted and every other combination is refused (the state
// untouched), so a client or bot that answers with a legal set is never refused.
// `make` builds the match with `seat`'s prompt open.
template <typename Make>
void legal_sets_are_exactly_the_accepted_answers(Make make, int seat) {
  auto m = make();
  ASSERT_TRUE(m);
  const auto p = m->prompt(seat);
  ASSERT_TRUE(p);
  ASSERT_FALSE(p->legal_sets.empty()) << p->kind;
  EXPECT_FALSE(rules::check_prompt(*p));
  std::set<std::set<std::string>> legal;
  for (const auto& set : p->legal_sets) legal.insert(std::set<std::string>(set.begin(), set.end()));
  const unsigned n = static_cast<unsigned>(p->options.size());
  ASSERT_LE(n, 12u);
  int accepted = 0;
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    std::vector<std::string> ids;
    for (unsigned i = 0; i < n; ++i)
      if (mask & (1u << i)) ids.push_back(p->options[i].id);
    if (ids.size() < p->min_choices || ids.size() > p->max_choices) continue;
    auto fresh = make();
    const auto before = fresh->state_hash();
    const auto out = submit(*fresh, seat, ids);
    const bool is_legal = legal.count(std::set<std::string>(ids.begin(), ids.end())) > 0;
    EXPECT_EQ(out.accepted, is_legal) << p->kind << " answer of " << ids.size() << " options"
                                      << (out.accepted ? "" : ": " + out.rejection->code);
    if (!out.accepted) {
      EXPECT_EQ(fresh->state_hash(), before);
    }
    accepted += out.accepted ? 1 : 0;
  }
  EXPECT_EQ(accepted, static_cast<int>(legal.size()));
}

// "A player may withdraw troops only if it is necessary for his army whose
// RESOURCE value exceeds the value for the current turn": the withdraw prompt
// states the legal sets (OVER_RESOURCE_LIMIT / UNNECESSARY_WITHDRAWAL never
// reach a client that uses them).
TEST(EverZoneDeviations, WithdrawOnlyIfNecessaryThePromptStatesItsLegalSets) {
  auto make = [] {
    auto m = from_position(
        "location earth turn 1\nphase activate\n"
        "seat 0\ndeployed slurr_brood slurr_burrower slurr_spawn utron_drone\n"
        "seat 1\n");
    accept(*m, 0, {id(*m, 0, "slurr_brood"), id(*m, 0, "slurr_burrower"), id(*m, 0, "slurr_spawn"),
                   id(*m, 0, "utron_drone")});
    EXPECT_EQ(m->state().phase, Phase::Withdraw);
    return m;
  };
  legal_sets_are_exactly_the_accepted_answers(make, 0);
}

// "If I have two withdrawn Units but the RESOURCE limit allows only one of them
// to be reactivated, I may choose which of them to reactivate", and
// reactivation is automatic for what fits (MUST_REACTIVATE): stated as sets.
TEST(EverZoneDeviations, ReactivateAsManyAsFitThePromptStatesItsLegalSets) {
  auto make = [] {
    auto m = from_position(
        "location earth turn 1\nphase activate\n"
        "seat 0\nactive slurr_brood\nwithdrawn slurr_burrower slurr_spawn utron_drone\n"
        "seat 1\ndeployed numen_sentinel\n");
    accept(*m, 1, {});
    EXPECT_EQ(m->state().phase, Phase::Reactivate);
    return m;
  };
  legal_sets_are_exactly_the_accepted_answers(make, 0);
}

// FINAL PROTOCOL (clarification L82) with ENGAGEMENT's "Units under your
// control (active, withdrawn or deployed)" (L84): a deployed Unit is under your
// control, so Final Protocol takes it with the enemy Unit; the legal pairs are
// stated and "only the enemy Unit" is refused.
TEST(EverZoneDeviations, L84_FinalProtocolCountsDeployedUnitsAsUnderYourControl) {
  const char* pos =
      "location earth turn 1\nphase support\n"
      "seat 0\ndeployed utron_drone\nhand final_protocol\n"
      "seat 1\nactive numen_sentinel\n";
  auto m = from_position(pos);
  ASSERT_TRUE(m);
  accept(*m, 0, {id(*m, 0, "final_protocol")});
  pass_all(*m);
  const auto p = m->prompt(0);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->kind, "effect");
  EXPECT_TRUE(offers(*m, 0, id(*m, 0, "utron_drone")));
  ASSERT_EQ(p->legal_sets.size(), 1u);
  EXPECT_EQ(std::set<std::string>(p->legal_sets[0].begin(), p->legal_sets[0].end()),
            (std::set<std::string>{id(*m, 0, "utron_drone"), id(*m, 1, "numen_sentinel")}));
  EXPECT_EQ(submit(*m, 0, {id(*m, 1, "numen_sentinel")}).rejection->code, "ILLEGAL_TARGET");
  accept(*m, 0, {id(*m, 0, "utron_drone"), id(*m, 1, "numen_sentinel")});
  EXPECT_EQ(player(*m, 0).fallen.size(), 1u);
  EXPECT_EQ(player(*m, 1).fallen.size(), 1u);
}

// L34: Support cards may be played "at any time before the end of the turn":
// the clash windows (before each attack) offer them too.
TEST(EverZoneDeviations, L34_SupportCardsMayBePlayedDuringTheClash) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn\nhand carapace\n"
      "seat 1\nactive numen_sentinel\n");
  ASSERT_TRUE(m);
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  ASSERT_EQ(m->state().phase, Phase::Clash);
  const auto carapace = id(*m, 0, "carapace");
  ASSERT_TRUE(offers(*m, 0, carapace));
  EXPECT_EQ(m->prompt(0)->kind, "ability");
  accept(*m, 0, {carapace});
  EXPECT_EQ(player(*m, 0).supports.size(), 1u);
  EXPECT_EQ(player(*m, 0).supports_turn, 1);
}

// L53: hybrid abilities (Medusa, Xenogray, Kraken): "each time the appropriate
// circumstances arise you may decide whether to apply the ability or not".
// Medusa used in the Support window may be used again when the clash begins
// (a new circumstance), not once per turn; within one window, once.
TEST(EverZoneDeviations, L53_HybridAbilitiesApplyEachTimeTheCircumstancesArise) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive medusa\nseat 1\nactive slurr_spawn slurr_spawn\n");
  ASSERT_TRUE(m);
  const auto medusa = ability(*m, 0, "medusa");
  accept(*m, 0, {medusa});
  pass_all(*m);
  accept(*m, 0, {id(*m, 1, "slurr_spawn")});
  EXPECT_EQ(defense_change(*m, id(*m, 1, "slurr_spawn")), -1);
  EXPECT_FALSE(offers(*m, 0, medusa));  // the same window: once
  pass_all(*m);                         // the clash begins: a new circumstance
  ASSERT_EQ(m->state().phase, Phase::Clash);
  EXPECT_TRUE(offers(*m, 0, medusa));
}

}  // namespace
}  // namespace concord::everzone::test
