// Random-bot games per second of the shipped games (Google Benchmark; not a
// test), measured three ways side by side in one run:
//   BM_EngineOnly     the rules engine alone: create(), prompts, random answers
//   BM_WithProjections + after every accepted command, what a room does for its
//                      viewers: a view per seat and one for spectators, encoded
//                      by the game's wire adapter, with the events each viewer
//                      may see, and the view as a protocol 1.1 delta against
//                      that viewer's previous view plus its checksum
//   BM_WithStateHash   + the state hash a room journals with every command
//   BM_WithStateHashViewsAlone  the same with every view projected and packed
//                      on its own (as rooms did before GameAdapter::encode_views
//                      shared the part of the views everyone sees)
//   BM_WithJournal     + the command journaled to PostgreSQL with its state hash
//                      (group commit; one iteration ends when all are durable)
// One iteration = one whole game from create() to result.
//
// BM_ViewDelta: ViewFeed's part of an update alone (the delta against the
// viewer's previous view, and the checksum), over the views of real bot
// games recorded once: to compare ways of finding deltas by speed and size.
//
// BM_RollbackRebuild: the engine half of a judge's rollback (room_rollback.cpp):
// rebuilding a match from its setup and its first 1,000 commands (or all of
// the game's when it has fewer) with the prompt ids, as replay_match does.
// BM_RollbackStore: the database half: reading the stored log and moving the
// voided commands aside (RollbackRepository::void_commands) for a rollback of
// 1,000 commands to index 0.
//
// BM_WithJournal needs a PostgreSQL whose role can create databases:
//   deploy/dev/postgres.sh start
//   export CONCORD_TEST_DATABASE="$(deploy/dev/postgres.sh conninfo)"
//   <build>/tests/bench/games_bench
#include <condition_variable>
#include <map>
#include <mutex>

#include <benchmark/benchmark.h>

#include "botplay/bot_play.hpp"
#include "concord/persistence/journal.hpp"
#include "concord/persistence/database.hpp"
#include "concord/rules/hash.hpp"
#include "concord/rules/seed.hpp"
#include "concord/server/shipped_games.hpp"
#include "concord/testpg.hpp"
#include "concord/v1/concord.pb.h"
#include "delta/crc32_fold.hpp"
#include "delta/view_delta.hpp"
#include "delta/view_feed.hpp"
#include "delta/wire_bytes.hpp"
#include "match_replay.hpp"
#include "update_body.hpp"
#include "wire_convert.hpp"

namespace {

using namespace concord;

const server::GameCatalog& catalog() {
  static const server::GameCatalog games = server::shipped_games();
  return games;
}

// Seats get the game's starter decks in turn; options take their defaults.
rules::MatchSetup setup_for(const server::GameEntry& game, int seats, std::uint64_t n) {
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  for (int i = 0; i < seats; ++i) {
    const auto& decks = game.starter_decks;
    setup.seats.push_back({"bot", decks[(n + static_cast<std::uint64_t>(i)) % decks.size()]});
  }
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

const server::GameEntry& game_of(const benchmark::State& state) {
  static const char* ids[] = {"eve_genesis", "everzone"};
  return *catalog().find(ids[state.range(0)]);
}

// What a room sends after one accepted command, as room_views.cpp builds it:
// per distinct viewer (each seat, all spectators) the view, all of them
// projected and packed together (GameAdapter::encode_views), the events that
// viewer may see, and for protocol 1.1 the view as a delta against that
// viewer's previous one plus its checksum (ViewFeed).
// Counts the bytes of the 1.1 update and of the 1.0 one (whole view), with the
// fields a room sends (room id, prompt, seed commitment, awaiting seats).
struct Bytes {
  std::size_t v1_0 = 0, v1_1 = 0, updates = 0;
  std::size_t view1_0 = 0, view1_1 = 0;  // the view part alone: whole view vs delta + checksum
};

std::size_t field_size(std::size_t payload) {
  return 1 + google::protobuf::io::CodedOutputStream::VarintSize64(payload) + payload;
}

// `spectators`: whether the room has spectators or judges; a room without
// any projects no spectator view (Room::match_update skips viewers without links).
// `alone`: each view projected and packed on its own (GameAdapter's default
// encode_views_into, what rooms did before the games shared the public part).
void project(const server::GameEntry& game, const testsupport::BotStep& step, std::uint64_t index,
             bool spectators, bool alone, std::vector<protocol::ViewFeed>& feeds, server::GameAdapter::ViewMemo* memo,
             std::vector<google::protobuf::Any>& views, Bytes& bytes) {
  const int seats = step.match.seat_count();
  // What a room keeps from one command to the next and writes over
  // (Room::prompt_buffer_ and command_buffer_): kept here the same way.
  thread_local std::vector<std::shared_ptr<const rules::Prompt>> prompts;  // once per command, as the room does
  prompts.clear();
  for (int seat = 0; seat < seats; ++seat) prompts.push_back(step.match.shared_prompt(seat));
  if (feeds.size() != static_cast<std::size_t>(seats) + 1) feeds.assign(static_cast<std::size_t>(seats) + 1, {});
  thread_local std::vector<rules::Viewer> viewers;  // projected together, as Room::command_views does
  viewers.clear();
  for (int v = spectators ? -1 : 0; v < seats; ++v) {
    viewers.push_back(v < 0 ? rules::Viewer::spectator() : rules::Viewer::of_seat(v));
  }
  // Into the same messages every command, as a room does (its piece_buffer_
  // or view_buffer_): in pieces where the game writes them so.
  thread_local std::vector<protocol::PieceView> pieces;
  bool in_pieces = false;
  if (alone) {
    game.adapter->server::GameAdapter::encode_views_into(step.match, viewers, nullptr, views);
  } else if (!(in_pieces = game.adapter->encode_view_pieces(step.match, viewers, memo, pieces))) {
    game.adapter->encode_views_into(step.match, viewers, memo, views);
  }
  // Each event serialized once per command into one buffer, as the room does (CommandViews::event_bytes).
  thread_local std::string event_bytes;
  thread_local std::vector<std::size_t> event_ends;
  event_bytes.clear();
  event_ends.clear();
  for (const auto& event : step.outcome.events) {
    server::append_serialized_event(event_bytes, *game.adapter, event);
    event_ends.push_back(event_bytes.size());
  }
  const auto event_of = [&](std::size_t i) {
    const std::size_t begin = i ? event_ends[i - 1] : 0;
    return std::string_view(event_bytes).substr(begin, event_ends[i] - begin);
  };
  // The fields every viewer's update has alike, serialized once per command (Room::shared_update_fields).
  static const std::string commitment(64, 'f');
  server::SharedUpdateFields shared;
  shared.room_id = "r-0123456789";
  shared.game = game.definition.id;
  shared.command_index = index;
  shared.seed_commitment = commitment;
  thread_local std::vector<std::uint32_t> awaiting;
  awaiting.clear();
  for (int seat = 0; seat < seats; ++seat) {
    if (prompts[static_cast<std::size_t>(seat)]) awaiting.push_back(static_cast<std::uint32_t>(seat));
  }
  shared.awaiting = awaiting;
  thread_local std::string shared_fields;
  server::serialize_shared_fields(shared, shared_fields);
  for (int v = spectators ? -1 : 0; v < seats; ++v) {
    const auto viewer = v < 0 ? rules::Viewer::spectator() : rules::Viewer::of_seat(v);
    thread_local std::string common, part;  // reused from one viewer to the next, as Room::match_update's
    common.clear();  // its capacity kept, as Room::update_header's
    common.append(shared_fields);  // then the viewer's own fields, as Room::append_viewer_fields
    if (v >= 0) {
      protocol::wire::put_tag(common, v1::MatchUpdate::kYourSeatFieldNumber, protocol::wire::kVarint);
      protocol::wire::put_varint(common, static_cast<std::uint64_t>(v + 1));
      if (const auto& prompt = prompts[static_cast<std::size_t>(v)]) {
        server::append_prompt_field(common, v1::MatchUpdate::kPromptFieldNumber, *prompt);
        protocol::wire::put_tag(common, v1::MatchUpdate::kPromptIdFieldNumber, protocol::wire::kVarint);
        protocol::wire::put_varint(common, index);
      }
    }
    for (std::size_t i = 0; i < event_ends.size(); ++i) {
      if (step.outcome.events[i].visibility.visible_to(viewer)) {
        server::append_message_field(common, v1::MatchUpdate::kEventsFieldNumber, event_of(i));
      }
    }
    const auto at = static_cast<std::size_t>(v + (spectators ? 1 : 0));
    part.clear();
    std::size_t view_size = 0;
    if (in_pieces) {
      const auto& view = pieces[at];
      auto& feed = feeds[static_cast<std::size_t>(v + 1)];
      feed.record(index, view, false, &part);
      view_size = field_size(field_size(view.type_url.size()) + field_size(feed.view_size()));
    } else {
      const auto& view = views[at];
      feeds[static_cast<std::size_t>(v + 1)].record(index, view, false, &part);
      view_size = field_size(view.ByteSizeLong());
    }
    const std::size_t part_size = part.size();
    bytes.v1_1 += common.size() + part_size;
    bytes.v1_0 += common.size() + view_size;
    bytes.view1_1 += part_size;
    bytes.view1_0 += view_size;
    ++bytes.updates;
  }
}

// A migrated database with one match row per game played, made once.
class BenchJournal {
 public:
  BenchJournal() {
    config_.conninfo = testpg::fresh_database("concord_bench_games");
    auto conn = persistence::connect(config_);
    persistence::migrate(*conn);
    player_ = *persistence::PlayerRepository(*conn).create("bench", "h");
    conn_ = std::move(conn);
    journal_ = std::make_unique<persistence::Journal>(config_, persistence::JournalOptions{
                                                                  .batch_window = std::chrono::milliseconds(0)});
  }
  std::int64_t new_match(const std::string& game, int seats) {
    persistence::MatchRecord match;
    match.room_id = "bench-" + std::to_string(++matches_);
    match.game = game;
    match.seed_hex = "00";
    match.seed_commitment = "00";
    for (int s = 0; s < seats; ++s) match.seats.push_back({s, player_, "bench", ""});
    return persistence::MatchRepository(*conn_).create(match);
  }
  void append(std::int64_t match, persistence::CommandRecord record) {
    {
      std::lock_guard lock(mutex_);
      ++appended_;
    }
    journal_->append(persistence::AppendCommand{match, std::move(record)}, [this](bool) {
      std::lock_guard lock(mutex_);
      ++durable_;
      cv_.notify_all();
    });
  }
  void wait_durable() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return durable_ == appended_; });
  }
  const persistence::DatabaseConfig& config() const { return config_; }
  std::int64_t player() const { return player_; }

 private:
  persistence::DatabaseConfig config_;
  std::unique_ptr<pqxx::connection> conn_;
  std::unique_ptr<persistence::Journal> journal_;
  std::int64_t player_ = 0;
  int matches_ = 0;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::uint64_t appended_ = 0, durable_ = 0;
};

BenchJournal& bench_journal() {
  static BenchJournal journal;
  return journal;
}

enum class Mode { EngineOnly, WithProjections, WithStateHash, WithStateHashViewsAlone, WithJournal };

void run_games(benchmark::State& state, Mode mode) {
  const auto& game = game_of(state);
  const int seats = static_cast<int>(state.range(1));
  const bool spectators = mode == Mode::EngineOnly || mode == Mode::WithJournal || state.range(2) != 0;
  std::uint64_t n = 0;
  std::size_t commands = 0, hashed = 0;
  Bytes bytes;
  for (auto _ : state) {
    testsupport::BotPlayOptions options;
    std::int64_t match_id = mode == Mode::WithJournal ? bench_journal().new_match(game.definition.id, seats) : 0;
    std::int64_t index = 0;
    std::vector<protocol::ViewFeed> feeds;
    const auto memo = game.adapter->new_view_memo();  // one per match, as a room keeps it
    std::vector<google::protobuf::Any> views;         // the same
    if (mode != Mode::EngineOnly) {
      options.hash_before = false;  // the journal hashes the state after each command, as a room does
      options.on_step = [&](const testsupport::BotStep& step) {
        if (!step.outcome.accepted) return;
        project(game, step, static_cast<std::uint64_t>(index + 1), spectators, mode == Mode::WithStateHashViewsAlone,
                feeds, memo.get(), views, bytes);
        if (mode == Mode::WithStateHash || mode == Mode::WithStateHashViewsAlone) {
          hashed += step.match.state_hash().size();
        }
        ++index;
        if (mode == Mode::WithJournal) {
          bench_journal().append(match_id, {index, step.command.seat, step.command.to_text(), step.match.state_hash(), ""});
        }
      };
    }
    rules::Rng bot(testsupport::seed_from_number(~n));
    const auto played = testsupport::play_random(game.definition, setup_for(game, seats, n++), bot, options);
    if (mode == Mode::WithJournal) bench_journal().wait_durable();
    commands += played.log.size();
    if (!played.match || !played.match->finished()) state.SkipWithError("a game did not finish");
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["commands/game"] = static_cast<double>(commands) / static_cast<double>(state.iterations());
  // Commands per second: games differ in length, so compare modes with this.
  state.counters["cmd/s"] = benchmark::Counter(static_cast<double>(commands), benchmark::Counter::kIsRate);
  benchmark::DoNotOptimize(hashed);
  if (bytes.updates) {
    // Bytes of one viewer's MatchUpdate per command: protocol 1.0 (whole
    // views) and 1.1 (view deltas), and how many times smaller 1.1 is.
    const auto per = [&](std::size_t b) { return static_cast<double>(b) / static_cast<double>(bytes.updates); };
    state.counters["B/upd1.0"] = per(bytes.v1_0);
    state.counters["B/upd1.1"] = per(bytes.v1_1);
    state.counters["x_smaller"] = static_cast<double>(bytes.v1_0) / static_cast<double>(bytes.v1_1);
    state.counters["view_x"] = static_cast<double>(bytes.view1_0) / static_cast<double>(bytes.view1_1);
  }
}

void BM_EngineOnly(benchmark::State& state) { run_games(state, Mode::EngineOnly); }
void BM_WithProjections(benchmark::State& state) { run_games(state, Mode::WithProjections); }
void BM_WithStateHash(benchmark::State& state) { run_games(state, Mode::WithStateHash); }
void BM_WithStateHashViewsAlone(benchmark::State& state) { run_games(state, Mode::WithStateHashViewsAlone); }
void BM_WithJournal(benchmark::State& state) { run_games(state, Mode::WithJournal); }

// A bot game of the game with at least `wanted` commands if the seeds give
// one within 50 tries, else the longest found.
testsupport::BotGame long_game(const server::GameEntry& game, int seats, std::size_t wanted,
                               rules::MatchSetup* setup) {
  testsupport::BotGame longest;
  for (std::uint64_t n = 0; n < 50 && longest.log.size() < wanted; ++n) {
    rules::Rng bot(testsupport::seed_from_number(~n));
    auto candidate_setup = setup_for(game, seats, n);
    auto played = testsupport::play_random(game.definition, candidate_setup, bot, {});
    if (played.log.size() > longest.log.size()) {
      longest = std::move(played);
      *setup = candidate_setup;
    }
  }
  return longest;
}

void BM_RollbackRebuild(benchmark::State& state) {
  const auto& game = game_of(state);
  rules::MatchSetup setup;
  const auto played = long_game(game, static_cast<int>(state.range(1)), 1000, &setup);
  const std::vector<rules::Command> log(played.log.begin(),
                                        played.log.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(1000, played.log.size())));
  for (auto _ : state) {
    auto rebuilt = server::replay_match(game.definition, setup, log);
    if (!rebuilt.match) state.SkipWithError(rebuilt.error.c_str());
    benchmark::DoNotOptimize(rebuilt);
  }
  state.counters["commands"] = static_cast<double>(log.size());
}

void BM_RollbackStore(benchmark::State& state) {
  constexpr std::int64_t kCommands = 1000;
  auto conn = persistence::connect(bench_journal().config());
  for (auto _ : state) {
    state.PauseTiming();
    const auto match_id = bench_journal().new_match("everzone", 2);
    for (std::int64_t i = 1; i <= kCommands; ++i) {
      bench_journal().append(match_id, {i, static_cast<int>(i % 2), "answer " + std::to_string(i),
                                        std::string(64, 'a'), "clock=12,0;moved=0"});
    }
    bench_journal().wait_durable();
    state.ResumeTiming();
    const auto stored = persistence::MatchRepository(*conn).commands(match_id);
    persistence::RollbackRecord rollback;
    rollback.match_id = match_id;
    rollback.room_id = "bench";
    rollback.judge_id = bench_journal().player();
    rollback.from_index = static_cast<std::int64_t>(stored.size());
    rollback.to_index = 0;
    rollback.reason = "bench";
    benchmark::DoNotOptimize(persistence::RollbackRepository(*conn).void_commands(rollback));
  }
  state.counters["commands"] = static_cast<double>(kCommands);
}

// The state hash's functions on a state-sized buffer, side by side: SHA-256
// (hashes journaled before December 2026) by the block function this machine
// uses (impl 0) and by the portable one (impl 1), and XXH64 (impl 2, the
// current one).
void BM_Sha256(benchmark::State& state) {
  const std::string data(static_cast<std::size_t>(state.range(1)), 'x');
  for (auto _ : state) {
    if (state.range(0) == 2) {
      benchmark::DoNotOptimize(rules::xxh64(data));
    } else {
      auto digest = state.range(0) == 0 ? rules::sha256(data) : rules::sha256_portable(data);
      benchmark::DoNotOptimize(digest);
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(1));
  static const char* labels[] = {"", "portable", "xxh64"};
  state.SetLabel(state.range(0) == 0 ? std::string(rules::sha256_implementation()) : labels[state.range(0)]);
}
BENCHMARK(BM_Sha256)->ArgNames({"impl", "bytes"})->ArgsProduct({{0, 1, 2}, {2 << 10, 8 << 10, 32 << 10}});

// The checksum every viewer's update carries (CRC-32 of its view), on a
// view-sized buffer side by side: zlib's (impl 0) and the folding one
// view_checksum uses (impl 1: PCLMULQDQ where the CPU has it).
void BM_ViewChecksum(benchmark::State& state) {
  std::string data(static_cast<std::size_t>(state.range(1)), '\0');
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = static_cast<char>(i * 131 + 7);
  for (auto _ : state) {
    benchmark::DoNotOptimize(state.range(0) == 0 ? protocol::crc32_zlib(0, data) : protocol::view_checksum(data));
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * state.range(1));
  const char* folded = protocol::crc32_folds_wide() ? "vpclmul" : protocol::crc32_folds() ? "pclmul" : "zlib (no pclmul)";
  state.SetLabel(state.range(0) == 0 ? "zlib" : folded);
}
BENCHMARK(BM_ViewChecksum)->ArgNames({"impl", "bytes"})->ArgsProduct({{0, 1}, {256, 2 << 10, 8 << 10}});

// The views one viewer was sent after each command of a few bot games, in
// order, per viewer (each seat and the spectators): what ViewFeed::record
// turns into deltas. Made once per game, capped at `kViews` views in all.
struct RecordedViews {
  std::vector<std::vector<std::string>> per_viewer;
};

const RecordedViews& recorded_views(int game_index, int seats) {
  static std::map<std::pair<int, int>, RecordedViews> made;
  auto [it, fresh] = made.try_emplace({game_index, seats});
  if (!fresh) return it->second;
  constexpr std::size_t kViews = 6000;
  static const char* ids[] = {"eve_genesis", "everzone"};
  const auto& game = *catalog().find(ids[game_index]);
  std::vector<rules::Viewer> viewers{rules::Viewer::spectator()};
  for (int s = 0; s < seats; ++s) viewers.push_back(rules::Viewer::of_seat(s));
  auto& out = it->second.per_viewer;
  std::size_t views = 0;
  for (std::uint64_t n = 0; views < kViews && n < 100; ++n) {
    const auto memo = game.adapter->new_view_memo();
    testsupport::BotPlayOptions options;
    options.hash_before = false;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted || views >= kViews) return;
      const auto encoded = game.adapter->encode_views(step.match, viewers, memo.get());
      if (out.size() < encoded.size() * (n + 1)) out.resize(encoded.size() * (n + 1));
      for (std::size_t v = 0; v < encoded.size(); ++v) out[encoded.size() * n + v].push_back(encoded[v].value());
      views += encoded.size();
    };
    rules::Rng bot(testsupport::seed_from_number(~n));
    testsupport::play_random(game.definition, setup_for(game, seats, n), bot, options);
  }
  return it->second;
}

// ViewFeed's work per update on those views, alone: the delta against the
// viewer's previous view and the checksum of the new one. Counters: updates
// per second and the delta's bytes per update.
void BM_ViewDelta(benchmark::State& state) {
  const auto& recorded = recorded_views(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  std::size_t updates = 0, ops_bytes = 0;
  for (auto _ : state) {
    for (const auto& views : recorded.per_viewer) {
      for (std::size_t i = 1; i < views.size(); ++i) {
        const auto ops = protocol::make_view_delta(views[i - 1], views[i]);
        benchmark::DoNotOptimize(protocol::view_checksum(views[i]));
        ops_bytes += ops.size();
        ++updates;
      }
    }
  }
  state.counters["upd/s"] = benchmark::Counter(static_cast<double>(updates), benchmark::Counter::kIsRate);
  state.counters["B/delta"] = updates ? static_cast<double>(ops_bytes) / static_cast<double>(updates) : 0.0;
}

// Args: game (0 = eve_genesis, 1 = everzone), seats; for the benchmarks that
// project, spectators (1: the room has spectators or judges, so the spectator
// view is projected too; 0: only the seats' views, a room nobody watches).
#define CONCORD_GAME_ARGS \
  ArgNames({"game", "seats"})->Args({0, 2})->Args({1, 2})->Args({1, 3})->Unit(benchmark::kMillisecond)
#define CONCORD_VIEW_ARGS                                                                                    \
  ArgNames({"game", "seats", "spectators"})                                                                  \
      ->Args({0, 2, 1})->Args({1, 2, 1})->Args({1, 3, 1})->Args({0, 2, 0})->Args({1, 2, 0})->Args({1, 3, 0}) \
      ->Unit(benchmark::kMillisecond)
BENCHMARK(BM_EngineOnly)->CONCORD_GAME_ARGS;
BENCHMARK(BM_WithProjections)->CONCORD_VIEW_ARGS;
BENCHMARK(BM_WithStateHash)->CONCORD_VIEW_ARGS;
BENCHMARK(BM_WithStateHashViewsAlone)->CONCORD_VIEW_ARGS;
BENCHMARK(BM_WithJournal)->CONCORD_GAME_ARGS->UseRealTime();
BENCHMARK(BM_RollbackRebuild)->CONCORD_GAME_ARGS;
BENCHMARK(BM_RollbackStore)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ViewDelta)->ArgNames({"game", "seats"})->Args({0, 2})->Args({1, 2})->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
