// concord-load's benchmark parts: /proc parsing, the token file of reused
// accounts, move -> update latency inside the measurement window, and the
// machine-readable window line.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <sstream>

#include "account_store.hpp"
#include "load_stats.hpp"
#include "load_window.hpp"
#include "proc_sample.hpp"

namespace concord::load {
namespace {

TEST(ProcSample, ParsesAStatLineWhoseNameHoldsSpacesAndParentheses) {
  const std::string line =
      "4242 (post gres: a) (b)) S 4000 4242 4242 0 -1 4194560 500 0 0 0 1234 567 89 10 20 0 1 0 100 1000 10";
  const auto stat = parse_proc_stat(line);
  ASSERT_TRUE(stat.has_value());
  EXPECT_EQ(stat->pid, 4242);
  EXPECT_EQ(stat->ppid, 4000);
  EXPECT_EQ(stat->utime, 1234u);
  EXPECT_EQ(stat->stime, 567u);
  EXPECT_EQ(stat->cutime, 89u);
  EXPECT_EQ(stat->cstime, 10u);
  EXPECT_FALSE(parse_proc_stat("4242 (short) S 1 2").has_value());
  EXPECT_FALSE(parse_proc_stat("no parentheses").has_value());
}

TEST(ProcSample, ReadsThisProcess) {
  volatile double sink = 0;
  for (int i = 0; i < 20000000; ++i) sink = sink + i * 0.5;  // burn a little CPU so utime is non-zero
  const auto cpu = process_cpu_seconds(getpid());
  ASSERT_TRUE(cpu.has_value());
  EXPECT_GT(*cpu, 0.0);
  const auto tree = process_tree_cpu_seconds(getpid());
  ASSERT_TRUE(tree.has_value());
  EXPECT_GE(*tree, *cpu);
  const auto times = process_cpu_times(getpid());
  ASSERT_TRUE(times.has_value());
  EXPECT_GE(times->system, 0.0);
  EXPECT_LE(times->system, times->total);
  EXPECT_LE(*cpu, times->total);
  EXPECT_FALSE(process_cpu_times(-5).has_value());
  const auto rss = resident_kib(getpid());
  ASSERT_TRUE(rss.has_value());
  EXPECT_GT(*rss, 0u);
  EXPECT_FALSE(process_cpu_seconds(-5).has_value());
  EXPECT_FALSE(resident_kib(-5).has_value());
}

TEST(AccountStore, TokenFileRoundTripsAndSkipsMalformedLines) {
  const auto tokens = AccountStore::parse("benchr0s0 abc\n\nbad line with words\nbenchr0s1 def\n");
  EXPECT_EQ(tokens.size(), 2u);
  EXPECT_EQ(tokens.at("benchr0s1"), "def");
  EXPECT_EQ(AccountStore::format(tokens), "benchr0s0 abc\nbenchr0s1 def\n");
  const std::string path = ::testing::TempDir() + "/concord_load_tokens_" + std::to_string(getpid());
  {
    AccountStore store(path);
    EXPECT_FALSE(store.token("benchr0s0").has_value());
    store.set_token("benchr0s0", "t0");
    ASSERT_TRUE(store.save());
  }
  AccountStore again(path);
  EXPECT_EQ(again.token("benchr0s0"), "t0");
  std::remove(path.c_str());
}

TEST(LoadStats, MovesCountOnlyInsideTheWindow) {
  LoadStats stats;
  const auto t0 = LoadStats::Clock::now();
  stats.move_seen(0.004, t0);  // no window yet: counts
  stats.set_window(t0 + std::chrono::seconds(1), t0 + std::chrono::seconds(2));
  stats.move_seen(0.001, t0);                                   // before
  stats.move_seen(0.002, t0 + std::chrono::milliseconds(1500));  // inside
  stats.move_seen(0.003, t0 + std::chrono::seconds(2));          // at the end: outside
  EXPECT_EQ(stats.moves_seen(), 2u);
  EXPECT_DOUBLE_EQ(stats.move_latency().p50_ms, 2.0);
  EXPECT_DOUBLE_EQ(stats.move_latency().max_ms, 4.0);
}

TEST(LoadWindow, BenchLineCarriesEveryFigureOrADash) {
  WindowFigures figures;
  figures.seconds = 10;
  figures.moves = 5000;
  figures.latency = {1.5, 4.25, 9};
  figures.live_matches = 100;
  figures.server_cpu = 2.5;
  figures.server_system_cpu = 1.25;
  figures.rss_idle_kib = 1000;
  figures.rss_end_kib = 3000;
  std::ostringstream out;
  print_window(out, figures);
  EXPECT_NE(out.str().find("bench: moves=5000 window_s=10.000 moves_per_s=500.000 server_cpu_s=2.500 server_sys_s=1.250 pg_cpu_s=- "
                           "p50_ms=1.500 p99_ms=4.250 rss_idle_kib=1000 rss_end_kib=3000 live_matches=100\n"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("2000.00 moves per CPU-second), of which in the kernel 1.25 s"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("20.00 KiB per live match"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace concord::load
