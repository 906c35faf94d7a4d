// Journal throughput: appends per second until durable (committed).
//
// Not a CTest test. Needs a PostgreSQL whose role can create databases:
//   deploy/dev/postgres.sh start
//   export CONCORD_TEST_DATABASE='host=127.0.0.1 port=55432 dbname=concord user=concord'
//   <build>/tests/persistence/journal_bench
// Each iteration appends a burst of commands spread over several matches
// (as concurrent rooms would) and waits for every completion.
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>

#include <benchmark/benchmark.h>

#include "concord/persistence/database.hpp"
#include "concord/persistence/journal.hpp"
#include "concord/persistence/repositories.hpp"
#include "concord/testpg.hpp"

namespace {

using namespace concord::persistence;

constexpr int kMatches = 16;

// A migrated database with kMatches running matches, made once per process.
struct BenchDatabase {
  DatabaseConfig config;
  std::vector<std::int64_t> matches;

  BenchDatabase() {
    config.conninfo = concord::testpg::fresh_database("concord_bench_journal");
    auto conn = connect(config);
    migrate(*conn);
    const auto player = *PlayerRepository(*conn).create("bench", "h");
    for (int m = 0; m < kMatches; ++m) {
      MatchRecord match;
      match.room_id = "bench-" + std::to_string(m);
      match.game = "bench";
      match.seed_hex = "00";
      match.seed_commitment = "00";
      match.seats.push_back({0, player, "bench", ""});
      matches.push_back(MatchRepository(*conn).create(match));
    }
  }
};

BenchDatabase& database() {
  static BenchDatabase db;
  return db;
}

// Waits for a number of completions.
class Latch {
 public:
  void done() {
    std::lock_guard lock(mutex_);
    ++count_;
    if (count_ >= target_) cv_.notify_one();
  }
  void wait(std::int64_t target) {
    std::unique_lock lock(mutex_);
    target_ = target;
    cv_.wait(lock, [&] { return count_ >= target_; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::int64_t count_ = 0;
  std::int64_t target_ = 0;
};

// range(0): appends per iteration (burst size); range(1): batch window in ms.
void BM_JournalAppendToDurable(benchmark::State& state) {
  auto& db = database();
  const auto burst = state.range(0);
  Journal journal(db.config, {.batch_window = std::chrono::milliseconds(state.range(1))});
  Latch latch;
  std::int64_t appended = 0;
  static std::atomic<std::int64_t> next_index{1};
  for (auto _ : state) {
    for (std::int64_t i = 0; i < burst; ++i) {
      const auto match = db.matches[static_cast<std::size_t>(i % kMatches)];
      const std::int64_t index = next_index++;
      journal.append(AppendCommand{match, {index, 0, "play card 42 target 7", "deadbeefcafe", ""}},
                     [&latch](bool) { latch.done(); });
    }
    appended += burst;
    latch.wait(appended);
  }
  const auto stats = journal.stats();
  state.SetItemsProcessed(appended);
  state.counters["batches"] = static_cast<double>(stats.batches);
  state.counters["per_batch"] = stats.batches ? static_cast<double>(stats.entries_written) /
                                                    static_cast<double>(stats.batches)
                                              : 0;
  state.counters["failed"] = static_cast<double>(stats.entries_failed);
}

BENCHMARK(BM_JournalAppendToDurable)
    ->ArgNames({"burst", "window_ms"})
    ->Args({1, 0})
    ->Args({1, 2})
    ->Args({64, 2})
    ->Args({512, 2})
    ->Args({4096, 2})
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
