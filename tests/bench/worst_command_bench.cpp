// The slowest single command of each game on its largest legal state (issue
// 10: a room must not be able to starve the others). Seeded random-bot games
// with the largest legal decks (everzone::largest_deck, eve::largest_deck) and
// the most seats; every command is timed alone. Google Benchmark; not a test.
//   apply   rules::apply (core checks + the engine's submit)
//   room    apply + what a room does after an accepted command in rules/: a
//           view per seat and one for spectators, and the state hash
// Counters: max/p99/p50 per command in microseconds of the thread's CPU time,
// commands per game.
//   <build>/tests/bench/worst_command_bench
#include <time.h>

#include <algorithm>
#include <vector>

#include <benchmark/benchmark.h>

#include "botplay/bot_play.hpp"
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/definition.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/rules/bot.hpp"

namespace {

using namespace concord;

// This thread's CPU time in microseconds: a command's own work, not the time
// the scheduler gave to other processes (the bench machine is shared).
double cpu_micros() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e6 + static_cast<double>(ts.tv_nsec) / 1e3;
}

// The largest legal setup: the most seats, the largest decks, the longest game.
struct Largest {
  rules::GameDefinition def;
  rules::MatchSetup setup;
};

Largest eve_largest(std::uint64_t n) {
  Largest out{eve::definition(), {}};
  const eve::Race races[] = {eve::Race::Amarr, eve::Race::Caldari, eve::Race::Gallente, eve::Race::Minmatar};
  for (int s = 0; s < out.def.max_seats; ++s) out.setup.seats.push_back({"bot", eve::largest_deck(races[(n + static_cast<std::uint64_t>(s)) % 4])});
  out.setup.seed = testsupport::seed_from_number(n);
  return out;
}

Largest everzone_largest(std::uint64_t n) {
  Largest out{everzone::definition(), {}};
  out.setup.options = {{"command_points", "60"}, {"teams", "true"}};
  const everzone::Race races[] = {everzone::Race::Numens, everzone::Race::Slurrs, everzone::Race::Utrons};
  for (int s = 0; s < out.def.max_seats; ++s)
    out.setup.seats.push_back({"bot", everzone::largest_deck(everzone::CardDb::builtin(), races[(n + static_cast<std::uint64_t>(s)) % 3])});
  out.setup.seed = testsupport::seed_from_number(n);
  return out;
}

// What a room computes in rules/ after an accepted command.
std::size_t room_work(const rules::Match& match) {
  std::size_t bytes = match.view(rules::Viewer::spectator())->to_text().size();
  for (int s = 0; s < match.seat_count(); ++s) bytes += match.view(rules::Viewer::of_seat(s))->to_text().size();
  return bytes + match.state_hash().size();
}

// Plays one game; appends the time of every command (accepted or not).
std::size_t play(const Largest& game, std::uint64_t n, bool room, std::vector<double>& times) {
  auto match = game.def.create(game.setup);
  if (!match) return 0;
  rules::Rng bot(testsupport::seed_from_number(~n));
  std::size_t sink = 0;
  for (int step = 0; step < 200000 && !match->finished(); ++step) {
    std::vector<rules::SeatIndex> seats;
    for (int s = 0; s < match->seat_count(); ++s)
      if (match->prompt(s)) seats.push_back(s);
    if (seats.empty()) break;
    rules::Command cmd;
    cmd.seat = seats[bot.below(seats.size())];
    cmd.answer = rules::random_answer(*match->prompt(cmd.seat), bot);
    const double start = cpu_micros();
    const auto outcome = rules::apply(*match, cmd);
    if (room && outcome.accepted) sink += room_work(*match);
    times.push_back(cpu_micros() - start);
  }
  return sink + (match->finished() ? 1 : 0);
}

void BM_WorstCommand(benchmark::State& state) {
  const bool room = state.range(1) == 1;
  std::vector<double> times;
  std::uint64_t n = 0;
  std::size_t games = 0;
  for (auto _ : state) {
    const Largest game = state.range(0) == 0 ? eve_largest(n) : everzone_largest(n);
    benchmark::DoNotOptimize(play(game, n++, room, times));
    ++games;
  }
  std::sort(times.begin(), times.end());
  auto at = [&](double q) { return times.empty() ? 0.0 : times[static_cast<std::size_t>(q * static_cast<double>(times.size() - 1))]; };
  state.counters["max_us"] = times.empty() ? 0.0 : times.back();
  state.counters["p99_us"] = at(0.99);
  state.counters["p50_us"] = at(0.5);
  state.counters["commands/game"] = static_cast<double>(times.size()) / static_cast<double>(games);
  state.SetLabel(state.range(0) == 0 ? "eve_genesis 4 seats, 104-card markets"
                                     : "everzone 6 seats (3-vs-3, 60 CP), 100-card decks");
}

// Args: game (0 = eve_genesis, 1 = everzone), room (0 = apply only, 1 = + views and hash).
BENCHMARK(BM_WorstCommand)
    ->ArgNames({"game", "room"})
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(5)
    ->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
