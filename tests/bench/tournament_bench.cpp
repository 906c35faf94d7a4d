// Time to pair one Swiss round for 64, 1,024 and 8,192 players, after three
// simulated rounds (random results) so that score groups and rematch
// constraints exist. Setup is outside the timed loop.
#include <benchmark/benchmark.h>

#include <random>

#include "concord/tournament/standings.hpp"
#include "concord/tournament/swiss.hpp"

namespace concord::tournament {
namespace {

// Plays `rounds` rounds of best-of-3 with random game winners.
Tournament field_after(int players, int rounds) {
  TournamentOptions options;
  options.seed.bytes[0] = 42;
  options.rounds = rounds + 1;
  auto t = std::get<Tournament>(Tournament::create(options));
  for (int i = 1; i <= players; ++i) (void)t.register_player(i);
  std::mt19937_64 rng(7);
  for (int r = 0; r < rounds; ++r) {
    (void)t.pair_next_round();
    const auto& pairings = t.rounds().back().pairings;
    for (std::size_t i = 0; i < pairings.size(); ++i) {
      while (!t.rounds().back().pairings[i].is_bye() && !t.rounds().back().pairings[i].match.over()) {
        (void)t.record_game(static_cast<int>(i), GameResult::won_by(rng() % 2 ? Side::First : Side::Second));
      }
    }
  }
  return t;
}

// Pairing a round as the server will: standings, then the matching.
void BM_PairSwissRound(benchmark::State& state) {
  const Tournament base = field_after(static_cast<int>(state.range(0)), 3);
  for (auto _ : state) {
    Tournament t = base;
    benchmark::DoNotOptimize(t.pair_next_round());
    benchmark::DoNotOptimize(t.rounds().back().pairings.size());
  }
}
BENCHMARK(BM_PairSwissRound)->Arg(64)->Arg(1024)->Arg(8192)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace concord::tournament

BENCHMARK_MAIN();
