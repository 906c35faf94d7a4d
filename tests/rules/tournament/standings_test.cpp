// Standings and tiebreakers on hand-computed examples (MTR appendix C).
// Every number below is worked out in the comments; rates are in parts per
// billion, rounded to the nearest.
#include <gtest/gtest.h>

#include "concord/tournament/standings.hpp"

namespace concord::tournament {
namespace {

Pairing played(PlayerId a, PlayerId b, int a_wins, int b_wins, int draws) {
  // The loser's games and the draws first: the winner's last game decides it.
  MatchRecord m(3);
  for (int i = 0; i < b_wins; ++i) EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  for (int i = 0; i < draws; ++i) EXPECT_FALSE(m.record_game(GameResult::drawn()));
  for (int i = 0; i < a_wins; ++i) EXPECT_FALSE(m.record_game(GameResult::won_by(Side::First)));
  m.end();
  return Pairing{a, b, m};
}

Pairing bye(PlayerId a) { return Pairing{a, std::nullopt, MatchRecord::fixed(3, 2, 0)}; }

Round round_of(int number, std::vector<Pairing> pairings) { return Round{number, std::move(pairings)}; }

std::map<PlayerId, Standing> by_player(const std::vector<Standing>& standings) {
  std::map<PlayerId, Standing> out;
  for (const auto& s : standings) out[s.player] = s;
  return out;
}

// Six players A..F (ids 1..6), best of 3, three rounds. F enters late, at round 2.
//   R1: A 2-0 B, C 2-1 D, E bye (F missed it: a 0-2 loss, no opponent)
//   R2: A 2-1 E, C 1-1-1 B (one game each, one drawn), D 2-0 F
//   R3: D 2-0 A, E 2-1 C, B 2-0 F
// Match points (3 win, 1 draw), rounds, game points (3 per game won, 1 per drawn game), games:
//   A: W W L = 6 of 9;  games 2+3+2 = 7, points 6+6+0  = 12  -> MWP 2/3, GWP 12/21 = 4/7
//   B: L D W = 4 of 9;  games 2+3+2 = 7, points 0+4+6  = 10  -> MWP 4/9, GWP 10/21
//   C: W D L = 4 of 9;  games 3+3+3 = 9, points 6+4+3  = 13  -> MWP 4/9, GWP 13/27
//   D: L W W = 6 of 9;  games 3+2+2 = 7, points 3+6+6  = 15  -> MWP 2/3, GWP 15/21 = 5/7
//   E: bye L W = 6 of 9; games 2+3+3 = 8 (the bye is 2-0), points 6+3+6 = 15 -> MWP 2/3, GWP 15/24 = 5/8
//   F: missed L L = 0 of 9; games 6, points 0 -> MWP 0 and GWP 0, both floored to 1/3
// OMW% (the bye and the missed round are no opponents; F counts at its floor):
//   A: B, E, D = (4/9 + 6/9 + 6/9) / 3 = 16/27 = 0.592592593
//   B: A, C, F = (6/9 + 4/9 + 3/9) / 3 = 13/27 = 0.481481481
//   C: D, B, E = (6/9 + 4/9 + 6/9) / 3 = 16/27
//   D: C, F, A = (4/9 + 3/9 + 6/9) / 3 = 13/27
//   E: A, C    = (6/9 + 4/9) / 2       = 5/9   = 0.555555556 (not 3 opponents: the bye is none)
//   F: D, B    = (6/9 + 4/9) / 2       = 5/9
// OGW% of A: B, E, D = (10/21 + 5/8 + 5/7) / 3 = (80 + 105 + 120) / 168 / 3 = 305/504 = 0.605158730
// Order: 6 points: A (16/27) > E (5/9) > D (13/27); 4 points: C (16/27) > B (13/27); then F.
TEST(Standings, HandComputedSixPlayerExampleWithByeLateEntryAndFloor) {
  std::vector<Player> players;
  for (PlayerId id = 1; id <= 6; ++id) players.push_back(Player{id, static_cast<int>(id) - 1, id == 6 ? 2 : 1, false});
  std::vector<Round> rounds{
      round_of(1, {played(1, 2, 2, 0, 0), played(3, 4, 2, 1, 0), bye(5)}),
      round_of(2, {played(1, 5, 2, 1, 0), played(3, 2, 1, 1, 1), played(4, 6, 2, 0, 0)}),
      round_of(3, {played(4, 1, 2, 0, 0), played(5, 3, 2, 1, 0), played(2, 6, 2, 0, 0)}),
  };
  const auto t = std::get<Tournament>(Tournament::restore(TournamentOptions{}, players, rounds));
  const auto standings = compute_standings(t);
  std::vector<PlayerId> order;
  for (const auto& s : standings) order.push_back(s.player);
  EXPECT_EQ(order, (std::vector<PlayerId>{1, 5, 4, 3, 2, 6}));

  const auto s = by_player(standings);
  EXPECT_EQ(s.at(1).match_points, 6);
  EXPECT_EQ(s.at(1).game_points, 12);
  EXPECT_EQ(s.at(1).games_played, 7);
  EXPECT_EQ(s.at(1).mwp, 666666667);
  EXPECT_EQ(s.at(1).gwp, 571428571);  // 4/7
  EXPECT_EQ(s.at(1).omw, 592592593);  // 16/27
  EXPECT_EQ(s.at(1).ogw, 605158730);  // 305/504
  EXPECT_EQ(s.at(2).match_points, 4);
  EXPECT_EQ(s.at(2).gwp, 476190476);  // 10/21
  EXPECT_EQ(s.at(2).omw, 481481481);  // 13/27, F at its floor
  EXPECT_EQ(s.at(3).gwp, 481481481);  // 13/27
  EXPECT_EQ(s.at(3).omw, 592592593);
  EXPECT_EQ(s.at(4).gwp, 714285714);  // 5/7
  EXPECT_EQ(s.at(4).omw, 481481481);
  EXPECT_EQ(s.at(5).byes, 1);
  EXPECT_EQ(s.at(5).games_played, 8);
  EXPECT_EQ(s.at(5).gwp, 625000000);  // 5/8
  EXPECT_EQ(s.at(5).omw, 555555556);  // 5/9: two opponents, no bye
  EXPECT_EQ(s.at(6).match_points, 0);
  EXPECT_EQ(s.at(6).losses, 3);        // the missed round is a loss
  EXPECT_EQ(s.at(6).mwp, kRateFloor);  // 0 floored to 1/3
  EXPECT_EQ(s.at(6).gwp, kRateFloor);
  EXPECT_EQ(s.at(6).omw, 555555556);
}

// Four players, one round: A (1) 2-0 B (2), C (3) 2-1 D (4).
//   A and C: 3 points each; OMW% = the loser's MWP 0 floored = 1/3 each: tied.
//     GW%: A 6/6 = 1, C 6/9 = 2/3 -> A first (GW% decides).
//   B and D: 0 points; OMW% = 3/3 = 1 each: tied.
//     GW%: B 0/6 = 0 -> floor 1/3; D 3/9 = 1/3: tied (the floor makes them equal).
//     OGW%: B's opponent A has 1, D's opponent C has 2/3 -> B ahead (OGW% decides).
TEST(Standings, GameWinAndOpponentsGameWinBreakTiesInThatOrder) {
  std::vector<Player> players;
  for (PlayerId id = 1; id <= 4; ++id) players.push_back(Player{id, static_cast<int>(id) - 1, 1, false});
  const auto t = std::get<Tournament>(
      Tournament::restore(TournamentOptions{}, players, {round_of(1, {played(1, 2, 2, 0, 0), played(3, 4, 2, 1, 0)})}));
  const auto standings = compute_standings(t);
  std::vector<PlayerId> order;
  for (const auto& s : standings) order.push_back(s.player);
  EXPECT_EQ(order, (std::vector<PlayerId>{1, 3, 2, 4}));
  const auto s = by_player(standings);
  EXPECT_EQ(s.at(1).omw, s.at(3).omw);
  EXPECT_EQ(s.at(1).omw, kRateFloor);
  EXPECT_EQ(s.at(1).gwp, kRateScale);
  EXPECT_EQ(s.at(3).gwp, 666666667);
  EXPECT_EQ(s.at(2).gwp, s.at(4).gwp);
  EXPECT_EQ(s.at(2).ogw, kRateScale);
  EXPECT_EQ(s.at(4).ogw, 666666667);
}

TEST(Standings, DroppedPlayerKeepsResultsAndStillCountsAsAnOpponent) {
  std::vector<Player> players;
  for (PlayerId id = 1; id <= 4; ++id) players.push_back(Player{id, static_cast<int>(id) - 1, 1, id == 2});
  const std::vector<Round> rounds{round_of(1, {played(1, 2, 0, 2, 0), played(3, 4, 2, 0, 0)}),
                                  round_of(2, {played(1, 3, 2, 0, 0), bye(4)})};
  const auto t = std::get<Tournament>(Tournament::restore(TournamentOptions{}, players, rounds));
  const auto s = by_player(compute_standings(t));
  EXPECT_TRUE(s.at(2).dropped);
  EXPECT_EQ(s.at(2).match_points, 3);  // the round-1 win stays
  // Player 1 met 2 (MWP 3/3 = 1) and 3 (MWP 3/6 = 1/2): OMW = 3/4.
  EXPECT_EQ(s.at(1).omw, 750000000);
}

TEST(Standings, UnfinishedMatchesAreNotCountedYet) {
  std::vector<Player> players{Player{1, 0, 1, false}, Player{2, 1, 1, false}};
  MatchRecord m(3);
  (void)m.record_game(GameResult::won_by(Side::First));
  const auto t =
      std::get<Tournament>(Tournament::restore(TournamentOptions{}, players, {round_of(1, {Pairing{1, 2, m}})}));
  const auto s = by_player(compute_standings(t));
  EXPECT_EQ(s.at(1).rounds_played, 0);
  EXPECT_EQ(s.at(1).match_points, 0);
}

TEST(Standings, FullTiesFallBackToTheSeededKeyThenRegistration) {
  TournamentOptions options;
  options.seed.bytes[0] = 7;
  auto t = std::get<Tournament>(Tournament::create(options));
  for (PlayerId id = 1; id <= 6; ++id) ASSERT_FALSE(t.register_player(id));
  const auto standings = compute_standings(t);  // nobody has played: all tied
  for (std::size_t i = 1; i < standings.size(); ++i) {
    EXPECT_LT(standings[i - 1].tie_key, standings[i].tie_key);
  }
  EXPECT_EQ(standings[0].tie_key, standings_tie_key(options.seed, static_cast<int>(standings[0].player) - 1));
}

}  // namespace
}  // namespace concord::tournament
