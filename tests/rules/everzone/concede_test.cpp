// Concession. "When a player ... loses all of their CP, they are eliminated
// from the game. The last player (or faction) remaining in the game wins."
// A concession eliminates the conceding player as if their CP reached zero;
// teams share their CP, and "only a team, not a single player, may
// surrender": a team player's concession is the team's (choice documented in
// rules/everzone/README.md).
#include <gtest/gtest.h>

#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

// Seats 0 and 1 are allies against seat 2.
const char* kAlliance =
    "location earth turn 1\nphase support\nbattle_deck sea\n"
    "seat 0\ntarget 2\nactive utron_lancer\n"
    "seat 1\ntarget 2\nactive slurr_spawn\n"
    "seat 2\ntarget 0\nactive numen_sentinel\n";

// "When one player is eliminated, the remaining two fight under the standard
// rules in a 1-vs-1 format": an ally concedes; the others play on.
TEST(EverZoneConcede, ThreePlayersAConcessionEliminatesOnlyTheConcedingPlayerTheTwoOthersFightOneVersusOne) {
  auto m = from_position(kAlliance);
  ASSERT_TRUE(m->concede(0).accepted);
  EXPECT_FALSE(m->finished());
  EXPECT_TRUE(player(*m, 0).eliminated);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_EQ(m->state().phase, Phase::Support);
  accept(*m, 1, {"done"});
  accept(*m, 2, {"done"});
  // 1-vs-1: Slurr Spawn 2/2/2 attacks first (2 < 4), Sentinel 2 >= 2: destroyed.
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 1).cp, 20);
  EXPECT_TRUE(m->state().after_clash);
}

// "when a player who is not part of the two-player alliance is eliminated,
// the battle ends immediately and the players proceed to the Retreat phase".
TEST(EverZoneConcede, ThreePlayersTheLonePlayerConcedesTheBattleEndsImmediately) {
  auto m = from_position(kAlliance);
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_FALSE(m->finished());
  EXPECT_TRUE(player(*m, 2).eliminated);
  EXPECT_EQ(m->state().phase, Phase::Retreat);
  accept(*m, 0, {});
  accept(*m, 1, {});
  EXPECT_EQ(db().at(m->state().location).id, "sea");  // a new battle, two players
}

// "The last player (or faction) remaining in the game wins."
TEST(EverZoneConcede, ThreePlayersTheSecondConcessionLeavesTheLastPlayerTheWinner) {
  auto m = from_position(kAlliance);
  ASSERT_TRUE(m->concede(0).accepted);
  ASSERT_TRUE(m->concede(2).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{1});
  EXPECT_EQ(m->result()->reason, "conceded");
}

TEST(EverZoneConcede, AnEliminatedPlayerCannotConcedeAgain) {
  auto m = from_position(kAlliance);
  ASSERT_TRUE(m->concede(0).accepted);
  const auto hash = m->state_hash();
  auto again = m->concede(0);
  EXPECT_FALSE(again.accepted);
  EXPECT_EQ(again.rejection->code, "WINDOW_CLOSED");
  EXPECT_EQ(m->state_hash(), hash);
}

// A simultaneous secret choice waits only for the players still in the game:
// the two others have chosen, the third concedes, the activation is revealed.
TEST(EverZoneConcede, ThreePlayersTheLastUndecidedPlayerConcedesTheOthersChoicesAreRevealed) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ntarget 2\ndeployed utron_lancer\n"
      "seat 1\ntarget 2\ndeployed slurr_spawn\n"
      "seat 2\ntarget 0\ndeployed numen_sentinel\n");
  accept(*m, 0, {id(*m, 0, "utron_lancer")});
  accept(*m, 1, {id(*m, 1, "slurr_spawn")});
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_EQ(m->state().phase, Phase::Retreat);  // seat 2 was alone against the alliance
  m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ntarget 2\ndeployed utron_lancer\n"
      "seat 1\ntarget 2\ndeployed slurr_spawn\n"
      "seat 2\ntarget 0\ndeployed numen_sentinel\n");
  accept(*m, 1, {id(*m, 1, "slurr_spawn")});
  accept(*m, 2, {id(*m, 2, "numen_sentinel")});
  ASSERT_TRUE(m->concede(0).accepted);
  EXPECT_EQ(m->state().phase, Phase::Support);  // revealed: seat 1 against seat 2
  EXPECT_EQ(player(*m, 1).active.size(), 1u);
  EXPECT_EQ(player(*m, 2).active.size(), 1u);
}

// Before turn 1, during the race-token choice: the two left need no tokens
// ("the remaining two fight under the standard rules in a 1-vs-1 format").
TEST(EverZoneConcede, ThreePlayersAConcessionWhileChoosingRaceTokensTheTwoLeftFightOneVersusOne) {
  auto m = from_position(
      "location earth turn 1\nphase target\n"
      "seat 0\ndeployed utron_lancer\nseat 1\ndeployed slurr_spawn\nseat 2\ndeployed numen_sentinel\n");
  accept(*m, 0, {"target_2"});
  accept(*m, 1, {"target_2"});
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_EQ(m->state().phase, Phase::Activate);
  EXPECT_EQ(player(*m, 0).target, -1);
  ASSERT_TRUE(m->prompt(0) && m->prompt(1));
  EXPECT_EQ(m->prompt(0)->kind, "activate");
}

// A resolving choice whose only targets belonged to the conceding player
// resolves without them ("it does nothing only when nothing is left to act on").
TEST(EverZoneConcede, ThreePlayersAnEffectWhoseTargetsLeftResolvesWithoutThem) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ntarget 1\nactive ciel\n"
      "seat 1\ntarget 2\nactive numen_sentinel\n"
      "seat 2\ntarget 0\n"
      "abilities c0\ndeclared c0\n");
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  ASSERT_EQ(m->state().phase, Phase::Effect);
  ASSERT_TRUE(m->concede(1).accepted);  // the only enemy active Unit leaves with seat 1
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_TRUE(m->prompt(0) && m->prompt(2));
  EXPECT_EQ(m->prompt(0)->kind, "support");
}

// The conceding player's Leader returns to hand (hidden): its declared
// ability, waiting on the stack, ends at once instead of being named later.
TEST(EverZoneConcede, ThreePlayersTheConcedingLeadersDeclaredAbilityEndsWithItsReturnToHand) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ntarget 1\nactive numen_sentinel\n"
      "seat 1\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ntarget 0\nactive zarkendra\n"
      "abilities c2\ndeclared c2\n");
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_TRUE(m->state().abilities.empty());
  EXPECT_EQ(player(*m, 2).hand, std::vector<int>{2});
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_EQ(m->view(rules::Viewer::of_seat(0))->to_text().find("c2)"), std::string::npos);
}

TEST(EverZoneConcede, ThreePlayersTheConcedingPlayersOwnResolvingEffectEndsAndThePlayGoesOn) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ntarget 2\nactive ciel\n"
      "seat 1\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ntarget 0\nactive numen_sentinel numen_warden\n"
      "abilities c0\ndeclared c0\n");
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  ASSERT_EQ(m->state().phase, Phase::Effect);
  ASSERT_TRUE(m->concede(0).accepted);
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(m->state().phase, Phase::Support);  // the window opens again for seats 1 and 2
  EXPECT_TRUE(m->prompt(1) && m->prompt(2));
  EXPECT_FALSE(m->prompt(0));
}

// "These allies must share the RESOURCES from the Location card as if they
// were one army": an ally concedes while the other must withdraw for the
// shared limit; alone, it fits its own limit and need not withdraw ("A player
// may withdraw troops only if it is necessary").
TEST(EverZoneConcede, ThreePlayersAnAllyConcedesDuringTheSharedWithdrawalTheOtherNoLongerWithdraws) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ntarget 2\ndeployed utron_lancer utron_bastion\n"  // RESOURCE 8
      "seat 1\ntarget 2\ndeployed slurr_burrower\n"              // RESOURCE 4: 12 > 10 together
      "seat 2\ntarget 0\ndeployed numen_sentinel\n");
  accept(*m, 0, {id(*m, 0, "utron_lancer"), id(*m, 0, "utron_bastion")});
  accept(*m, 1, {id(*m, 1, "slurr_burrower")});
  accept(*m, 2, {id(*m, 2, "numen_sentinel")});
  ASSERT_EQ(m->state().phase, Phase::Withdraw);
  ASSERT_TRUE(m->prompt(0));
  ASSERT_TRUE(m->concede(1).accepted);
  EXPECT_EQ(m->state().phase, Phase::Support);
  EXPECT_EQ(player(*m, 0).active.size(), 2u);
  EXPECT_TRUE(m->prompt(0) && m->prompt(2));
}

// Teams: "only a team, not a single player, may surrender", and a team shares
// its CP: one player's concession is the team's; the other team wins.
TEST(EverZoneConcede, TeamsAPlayersConcessionIsTheTeamsTheOtherTeamWins) {
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 30\nseat 1\ncp 30\nseat 2\ncp 30\nseat 3\ncp 30\nseat 4\ncp 30\nseat 5\ncp 30\n");
  ASSERT_TRUE(m->concede(2).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, (std::vector<int>{1, 3, 5}));
  EXPECT_EQ(m->result()->reason, "conceded");
}

// Two players: the opponent wins at once.
TEST(EverZoneConcede, TwoPlayersTheOpponentWins) {
  auto m = from_position("location earth turn 1\nphase support\nseat 0\nseat 1\n");
  ASSERT_TRUE(m->concede(1).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{0});
}

}  // namespace
}  // namespace concord::everzone::test
