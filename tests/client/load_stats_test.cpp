#include "load_stats.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "load_setup.hpp"

namespace concord::load {
namespace {

TEST(LoadStats, QuantilesByNearestRank) {
  std::vector<double> values;
  for (int i = 100; i >= 1; --i) values.push_back(i);
  EXPECT_EQ(quantile(values, 0.50), 50);
  EXPECT_EQ(quantile(values, 0.99), 99);
  EXPECT_EQ(quantile(values, 1.0), 100);
  std::vector<double> none;
  EXPECT_EQ(quantile(none, 0.5), 0);
}

TEST(LoadStats, CountsAcceptedRejectedAndMatches) {
  LoadStats stats;
  const auto t0 = LoadStats::Clock::now();
  stats.command(0.001, "", t0 + std::chrono::milliseconds(1));
  stats.command(0.002, "", t0 + std::chrono::milliseconds(1000));
  stats.command(0.010, "STALE_PROMPT", t0 + std::chrono::milliseconds(2000));
  stats.match_finished(true, false);
  stats.match_unfinished();
  stats.error("TIMEOUT");
  EXPECT_EQ(stats.accepted(), 2u);
  EXPECT_EQ(stats.rejected().at("STALE_PROMPT"), 1u);
  EXPECT_EQ(stats.matches_finished(), 1u);
  EXPECT_EQ(stats.errors(), 1u);
  EXPECT_DOUBLE_EQ(stats.latency().p50_ms, 2.0);
  std::ostringstream report;
  stats.report(report, 5.0, 2);
  EXPECT_NE(report.str().find("matches finished:   1 of 2"), std::string::npos) << report.str();
  EXPECT_NE(report.str().find("commands/second:    1.00 (first to last command: 2.00 s; whole run 5.00 s)"),
            std::string::npos)
      << report.str();
  EXPECT_NE(report.str().find("STALE_PROMPT 1"), std::string::npos) << report.str();
}

TEST(LoadSetup, UsernamesAreValidAndSeedsDiffer) {
  const std::string suffix = run_suffix();
  EXPECT_EQ(suffix.size(), 8u);
  EXPECT_EQ(name_base("", suffix), "lt" + suffix);
  EXPECT_EQ(name_base("bench", suffix), "bench");
  EXPECT_EQ(bot_username("bench", 12, 1), "benchr12s1");
  const std::string name = bot_username(name_base("", suffix), 999, 3);
  EXPECT_LE(name.size(), 24u);
  EXPECT_GE(name.size(), 3u);
  EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"),
            std::string::npos);
  EXPECT_EQ(bot_seed(1, 0), bot_seed(1, 0));
  EXPECT_NE(bot_seed(1, 0), bot_seed(1, 1));
  EXPECT_NE(bot_seed(1, 0), bot_seed(2, 0));
}

}  // namespace
}  // namespace concord::load
