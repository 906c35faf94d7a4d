// Glicko-2 against Glickman's worked example ("Example of the Glicko-2
// system", 2013): 1500/200/0.06 beats (1400, 30), loses to (1550, 100) and
// (1700, 300) with tau = 0.5 and ends at about 1464.06 / 151.52 / 0.05999.
#include <gtest/gtest.h>

#include <cmath>

#include "concord/tournament/glicko2.hpp"

namespace concord::tournament {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  const Glicko2Rating player{1500, 200, 0.06};
  const std::vector<Glicko2Game> games{
      {{1400, 30, 0.06}, 1.0}, {{1550, 100, 0.06}, 0.0}, {{1700, 300, 0.06}, 0.0}};
  const Glicko2Rating after = glicko2_update(player, games, Glicko2Settings{0.5});
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.rd, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, NoGamesOnlyGrowsTheDeviation) {
  const Glicko2Rating player{1500, 200, 0.06};
  const Glicko2Rating after = glicko2_update(player, {});
  EXPECT_EQ(after.rating, 1500);
  EXPECT_EQ(after.volatility, 0.06);
  // phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale (step 6).
  const double phi = 200 / 173.7178;
  EXPECT_NEAR(after.rd, std::sqrt(phi * phi + 0.06 * 0.06) * 173.7178, 1e-9);
  EXPECT_GT(after.rd, 200);
}

TEST(Glicko2, DeviationNeverGrowsPastANewcomers) {
  Glicko2Rating r{1500, 349.9, 0.06};
  for (int i = 0; i < 10; ++i) r = glicko2_update(r, {});
  EXPECT_EQ(r.rd, 350);
}

TEST(Glicko2, PeriodUsesRatingsFromItsStartAndIdlePlayersOnlyGrowTheirDeviation) {
  Glicko2Period period;
  period.add_result(1, 2, 1.0);  // player 1 beats player 2
  period.add_result(1, 3, 0.0);  // player 3 beats player 1
  period.add_result(1, 4, 0.0);  // player 4 beats player 1
  const std::map<std::int64_t, Glicko2Rating> before{
      {1, {1500, 200, 0.06}}, {2, {1400, 30, 0.06}}, {3, {1550, 100, 0.06}}, {4, {1700, 300, 0.06}}, {5, {1600, 80, 0.06}}};
  const auto after = period.close(before);
  EXPECT_NEAR(after.at(1).rating, 1464.06, 0.01);  // the worked example again
  EXPECT_LT(after.at(2).rating, 1400);
  EXPECT_GT(after.at(4).rating, 1700);
  EXPECT_EQ(after.at(5).rating, 1600);  // did not play
  EXPECT_GT(after.at(5).rd, 80);
}

}  // namespace
}  // namespace concord::tournament
