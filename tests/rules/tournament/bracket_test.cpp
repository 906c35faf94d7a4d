// Top cut seeding and progression; round robin schedules; round counts.
#include <gtest/gtest.h>

#include <set>

#include "concord/tournament/round_robin.hpp"
#include "concord/tournament/top_cut.hpp"
#include "concord/tournament/tournament.hpp"

namespace concord::tournament {
namespace {

TEST(TopCut, SeedOrderIsTheUsualBracket) {
  EXPECT_EQ(bracket_seed_order(2), (std::vector<int>{1, 2}));
  EXPECT_EQ(bracket_seed_order(4), (std::vector<int>{1, 4, 2, 3}));
  EXPECT_EQ(bracket_seed_order(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  EXPECT_EQ(bracket_seed_order(16), (std::vector<int>{1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11}));
}

TEST(TopCut, SizesArePowersOfTwoOrNone) {
  EXPECT_TRUE(valid_top_cut_size(0));
  EXPECT_TRUE(valid_top_cut_size(4));
  EXPECT_TRUE(valid_top_cut_size(16));
  EXPECT_FALSE(valid_top_cut_size(6));
  EXPECT_FALSE(valid_top_cut_size(1));
  const std::vector<PlayerId> ranked{1, 2, 3, 4, 5};
  EXPECT_EQ(std::get<Rejection>(TopCut::create(ranked, 6)).code, "BAD_TOP_CUT");
  EXPECT_EQ(std::get<Rejection>(TopCut::create(ranked, 8)).code, "NOT_ENOUGH_PLAYERS");
}

TEST(TopCut, TopEightSeededFromStandingsProgressesToAChampion) {
  // Standings order: player 101 is first, 108 eighth, 109 ninth (not in the cut).
  const std::vector<PlayerId> ranked{101, 102, 103, 104, 105, 106, 107, 108, 109};
  auto cut = std::get<TopCut>(TopCut::create(ranked, 8));
  const auto& q = cut.current_round();
  ASSERT_EQ(q.size(), 4u);
  EXPECT_EQ(q[0].higher_seed, 101);  // 1 v 8
  EXPECT_EQ(q[0].lower_seed, 108);
  EXPECT_EQ(q[1].higher_seed, 104);  // 4 v 5
  EXPECT_EQ(q[1].lower_seed, 105);
  EXPECT_EQ(q[2].higher_seed, 102);  // 2 v 7
  EXPECT_EQ(q[2].lower_seed, 107);
  EXPECT_EQ(q[3].higher_seed, 103);  // 3 v 6
  EXPECT_EQ(q[3].lower_seed, 106);

  EXPECT_EQ(cut.report_winner(0, 109)->code, "NOT_IN_MATCH");
  EXPECT_FALSE(cut.report_winner(0, 101));
  EXPECT_EQ(cut.report_winner(0, 108)->code, "MATCH_OVER");
  EXPECT_FALSE(cut.report_winner(1, 105));  // the 5 seed upsets the 4
  EXPECT_FALSE(cut.report_winner(2, 102));
  EXPECT_EQ(cut.rounds().size(), 1u);  // semis wait for the last quarter-final
  EXPECT_FALSE(cut.report_winner(3, 106));
  ASSERT_EQ(cut.rounds().size(), 2u);
  const auto& semis = cut.current_round();
  EXPECT_EQ(semis[0].higher_seed, 101);
  EXPECT_EQ(semis[0].lower_seed, 105);
  EXPECT_EQ(semis[1].higher_seed, 102);
  EXPECT_EQ(semis[1].lower_seed, 106);
  EXPECT_FALSE(cut.report_winner(0, 105));
  EXPECT_FALSE(cut.report_winner(1, 102));
  ASSERT_EQ(cut.rounds().size(), 3u);
  EXPECT_EQ(cut.current_round()[0].higher_seed, 105);
  EXPECT_EQ(cut.current_round()[0].lower_seed, 102);
  EXPECT_FALSE(cut.champion());
  EXPECT_FALSE(cut.report_winner(0, 102));
  EXPECT_EQ(cut.champion(), 102);
  EXPECT_EQ(cut.report_winner(0, 105)->code, "TOURNAMENT_OVER");
}

TEST(RoundRobin, EveryPairMeetsExactlyOnceAndEveryoneOncePerRound) {
  for (int n = 2; n <= 17; ++n) {
    std::set<std::pair<int, int>> met;
    std::map<int, int> byes;
    const int rounds = round_robin_round_count(n);
    EXPECT_EQ(rounds, n % 2 == 0 ? n - 1 : n);
    for (int r = 1; r <= rounds; ++r) {
      std::set<int> seen;
      for (auto [a, b] : round_robin_pairs(n, r)) {
        if (a == -1 || b == -1) {
          ++byes[a == -1 ? b : a];
          EXPECT_TRUE(seen.insert(a == -1 ? b : a).second);
          continue;
        }
        EXPECT_TRUE(seen.insert(a).second) << "n=" << n << " round " << r;
        EXPECT_TRUE(seen.insert(b).second) << "n=" << n << " round " << r;
        EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second) << "pair met twice, n=" << n;
      }
      EXPECT_EQ(static_cast<int>(seen.size()), n);
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2) << "n=" << n;
    if (n % 2 == 1) {
      EXPECT_EQ(static_cast<int>(byes.size()), n);  // one bye each
    }
  }
}

TEST(RoundRobin, TournamentFormatPairsEveryoneOnceWithADropTurnedIntoByes) {
  TournamentOptions options;
  options.format = Format::RoundRobin;
  options.best_of = 1;
  auto t = std::get<Tournament>(Tournament::create(options));
  for (PlayerId p = 1; p <= 5; ++p) ASSERT_FALSE(t.register_player(p));
  EXPECT_EQ(t.planned_rounds(), 5);
  std::set<std::pair<PlayerId, PlayerId>> met;
  while (!t.finished()) {
    ASSERT_FALSE(t.pair_next_round());
    const Round& round = t.rounds().back();
    for (std::size_t i = 0; i < round.pairings.size(); ++i) {
      const Pairing& p = round.pairings[i];
      if (p.is_bye()) continue;
      EXPECT_TRUE(met.insert({std::min(p.first, *p.second), std::max(p.first, *p.second)}).second);
      ASSERT_FALSE(t.record_game(static_cast<int>(i), GameResult::won_by(Side::First)));
    }
    if (round.number == 2) {
      ASSERT_FALSE(t.drop(3));
    }
  }
  // 10 pairs in all; player 3 dropped after round 2, so their later pairs became byes.
  int pairs_with_3 = 0;
  for (const auto& [a, b] : met) pairs_with_3 += (a == 3 || b == 3) ? 1 : 0;
  EXPECT_EQ(static_cast<int>(met.size()), 10 - (4 - pairs_with_3));
  EXPECT_EQ(t.register_player(99)->code, "TOURNAMENT_OVER");
}

TEST(SwissRounds, DefaultIsCeilLog2AndOverrideWins) {
  EXPECT_EQ(default_swiss_rounds(2), 1);
  EXPECT_EQ(default_swiss_rounds(8), 3);
  EXPECT_EQ(default_swiss_rounds(9), 4);
  EXPECT_EQ(default_swiss_rounds(32), 5);
  EXPECT_EQ(default_swiss_rounds(8192), 13);
  TournamentOptions options;
  options.rounds = 7;
  auto t = std::get<Tournament>(Tournament::create(options));
  for (PlayerId p = 1; p <= 8; ++p) ASSERT_FALSE(t.register_player(p));
  EXPECT_EQ(t.planned_rounds(), 7);
  options.rounds = 0;
  EXPECT_EQ(std::get<Rejection>(Tournament::create(options)).code, "BAD_ROUNDS");
  options.rounds.reset();
  options.best_of = 2;
  EXPECT_EQ(std::get<Rejection>(Tournament::create(options)).code, "BAD_BEST_OF");
}

}  // namespace
}  // namespace concord::tournament
