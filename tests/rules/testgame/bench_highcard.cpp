// Random-bot High Card Duel games per second (Google Benchmark; not a test).
#include <benchmark/benchmark.h>

#include "botplay/bot_play.hpp"
#include "testgame/highcard.hpp"

namespace {

using namespace concord;

rules::MatchSetup setup(int seats, int rounds, std::uint64_t seed) {
  rules::MatchSetup s;
  s.options = {{"rounds", std::to_string(rounds)}, {"hand_size", "3"}};
  for (int i = 0; i < seats; ++i) s.seats.push_back({"bot", testgame::standard_highcard_deck()});
  s.seed = testsupport::seed_from_number(seed);
  return s;
}

// Args: seats, rounds. One iteration = one whole game from create() to result.
void BM_RandomBotGame(benchmark::State& state) {
  const auto def = testgame::highcard_definition();
  const int seats = static_cast<int>(state.range(0));
  const int rounds = static_cast<int>(state.range(1));
  std::uint64_t n = 0;
  std::size_t commands = 0;
  for (auto _ : state) {
    rules::Rng bot(testsupport::seed_from_number(~n));
    const auto game = testsupport::play_random(def, setup(seats, rounds, n++), bot);
    commands += game.log.size();
    benchmark::DoNotOptimize(game.match->finished());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["commands/game"] =
      benchmark::Counter(static_cast<double>(commands) / static_cast<double>(state.iterations()));
}
BENCHMARK(BM_RandomBotGame)->Args({2, 3})->Args({2, 20})->Args({4, 20});

// The cost of state_hash() alone (journaling/replay checks call it often).
void BM_StateHash(benchmark::State& state) {
  const auto match = testgame::highcard_definition().create(setup(4, 20, 1));
  for (auto _ : state) benchmark::DoNotOptimize(match->state_hash());
}
BENCHMARK(BM_StateHash);

}  // namespace

BENCHMARK_MAIN();
