// Best-of-N bookkeeping: decided at the majority, each game's winner kept,
// late reports refused, the match result derived from games won.
#include <gtest/gtest.h>

#include "concord/tournament/match_record.hpp"

namespace concord::tournament {
namespace {

TEST(MatchRecord, BestOfThreeIsDecidedAtTwoWins) {
  MatchRecord m(3);
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::First)));
  EXPECT_FALSE(m.decided());
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::First)));
  EXPECT_TRUE(m.decided());
  EXPECT_EQ(m.outcome(), MatchOutcome::FirstWins);
  EXPECT_EQ(m.games(), (std::vector<GameResult>{GameResult::won_by(Side::First), GameResult::won_by(Side::Second),
                                                GameResult::won_by(Side::First)}));
  const auto late = m.record_game(GameResult::won_by(Side::Second));
  ASSERT_TRUE(late);
  EXPECT_EQ(late->code, "MATCH_OVER");
  EXPECT_EQ(m.games_played(), 3);
}

TEST(MatchRecord, BestOfFiveNeedsThreeAndDrawnGamesDoNotCount) {
  MatchRecord m(5);
  for (int i = 0; i < 2; ++i) EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  EXPECT_FALSE(m.record_game(GameResult::drawn()));
  EXPECT_FALSE(m.decided());
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  EXPECT_TRUE(m.decided());
  EXPECT_EQ(m.wins(Side::Second), 3);
  EXPECT_EQ(m.draws(), 1);
  EXPECT_EQ(m.outcome(), MatchOutcome::SecondWins);
}

TEST(MatchRecord, BestOfOneIsDecidedByOneGame) {
  MatchRecord m(1);
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  EXPECT_TRUE(m.over());
}

TEST(MatchRecord, EndedAtOneGameEachIsADraw) {
  MatchRecord m(3);
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::First)));
  EXPECT_FALSE(m.record_game(GameResult::won_by(Side::Second)));
  m.end();  // round time ran out
  EXPECT_TRUE(m.over());
  EXPECT_FALSE(m.decided());
  EXPECT_EQ(m.outcome(), MatchOutcome::Draw);
}

}  // namespace
}  // namespace concord::tournament
