// Journal: group commit, durability, ordering, draining and failure handling.
#include <atomic>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>
#include <vector>

#include "concord/persistence/journal.hpp"
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using namespace std::chrono_literals;

AppendCommand command(std::int64_t match_id, std::int64_t index, const std::string& text = "") {
  return {match_id,
          {index, static_cast<int>(index % 2), text.empty() ? "cmd " + std::to_string(index) : text,
           "hash " + std::to_string(index), index % 3 == 0 ? "clock=" + std::to_string(index) + ",0;moved=0" : ""}};
}

class JournalTest : public DbTest {
 protected:
  // Appends and blocks until the completion ran; returns its result.
  bool append_and_wait(Journal& journal, JournalEntry entry) {
    std::promise<bool> done;
    auto result = done.get_future();
    journal.append(std::move(entry), [&done](bool ok) { done.set_value(ok); });
    if (result.wait_for(30s) != std::future_status::ready) throw std::runtime_error("timeout");
    return result.get();
  }

  // Commands stored, from the journal's rows (one per run of commands).
  std::int64_t count_commands() {
    return query_value<std::int64_t>("SELECT coalesce(sum(last_idx - first_idx + 1), 0) FROM match_command_batches");
  }

};

// Completions of appends: how many ran and how many reported written.
struct Completions {
  Counter counter;
  std::atomic<int> ok{0};
  Journal::Completion record() {
    return [this](bool written) {
      if (written) ++ok;
      counter.add();
    };
  }
};

// Waits (polling) until the journal reports `reachable`; false after 30 s.
bool wait_reachability(const Journal& journal, bool reachable) {
  for (int i = 0; i < 300; ++i) {
    if (journal.reachability().reachable == reachable) return true;
    std::this_thread::sleep_for(100ms);
  }
  return false;
}

TEST_F(JournalTest, ThousandAppendsFromSeveralThreadsAreDurableInOrder) {
  constexpr int kThreads = 4;
  constexpr int kPerThread = 250;
  const auto alice = make_player("alice");
  std::vector<std::int64_t> matches;
  for (int t = 0; t < kThreads; ++t)
    matches.push_back(make_match("room-" + std::to_string(t), {alice}));

  Journal journal(config_);
  std::mutex mutex;
  std::map<std::int64_t, std::vector<std::int64_t>>
      completed;  // match -> indexes, completion order
  std::atomic<int> failures{0};
  Counter counter;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, match = matches[static_cast<std::size_t>(t)]] {
      for (std::int64_t i = 1; i <= kPerThread; ++i) {
        journal.append(command(match, i), [&, match, i](bool ok) {
          if (!ok) ++failures;
          {
            std::lock_guard lock(mutex);
            completed[match].push_back(i);
          }
          counter.add();
        });
      }
    });
  }
  for (auto& t : threads) t.join();
  ASSERT_TRUE(counter.wait_for(kThreads * kPerThread));
  EXPECT_EQ(failures.load(), 0);

  for (const auto match : matches) {
    std::vector<std::int64_t> expected;
    for (std::int64_t i = 1; i <= kPerThread; ++i) expected.push_back(i);
    EXPECT_EQ(completed[match], expected) << "completions out of order for match " << match;
    const auto stored = MatchRepository(*conn_).commands(match);
    ASSERT_EQ(stored.size(), static_cast<std::size_t>(kPerThread));
    for (std::size_t k = 0; k < stored.size(); ++k) {
      EXPECT_EQ(stored[k].index, static_cast<std::int64_t>(k + 1));
      EXPECT_EQ(stored[k].command_text, "cmd " + std::to_string(k + 1));
      EXPECT_EQ(stored[k].state_hash, "hash " + std::to_string(k + 1));
      EXPECT_EQ(stored[k].seat, static_cast<int>((k + 1) % 2));
      EXPECT_EQ(stored[k].meta, command(match, static_cast<std::int64_t>(k + 1)).command.meta);
    }
  }
  const auto stats = journal.stats();
  RecordProperty("batches", static_cast<int>(stats.batches));
  EXPECT_EQ(stats.entries_written, static_cast<std::uint64_t>(kThreads * kPerThread));
  EXPECT_EQ(stats.entries_failed, 0u);
  EXPECT_EQ(stats.pending, 0u);
  EXPECT_GE(stats.batches, 1u);
  EXPECT_LT(stats.batches, stats.entries_written) << "no group commit happened";
  EXPECT_GT(stats.last_batch_seconds, 0.0);
}

TEST_F(JournalTest, AppendsWithinTheWindowShareOneBatch) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_, {.batch_window = 500ms, .max_batch = 512});
  Counter counter;
  for (int i = 1; i <= 100; ++i) journal.append(command(match, i), [&](bool) { counter.add(); });
  ASSERT_TRUE(counter.wait_for(100));
  EXPECT_EQ(journal.stats().entries_written, 100u);
  EXPECT_LE(journal.stats().batches, 2u);
  EXPECT_EQ(count_commands(), 100);
}

TEST_F(JournalTest, MaxBatchCapsABatchAndDoesNotWaitForTheWindow) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_, {.batch_window = 20s, .max_batch = 10});
  Counter counter;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 1; i <= 100; ++i) journal.append(command(match, i), [&](bool) { counter.add(); });
  ASSERT_TRUE(counter.wait_for(100, 15s)) << "a full batch waited for the window";
  EXPECT_LT(std::chrono::steady_clock::now() - start, 15s);
  EXPECT_EQ(journal.stats().batches, 10u);
}

TEST_F(JournalTest, StopDrainsEverythingAppendedBefore) {
  const auto match = make_match("room-1", {make_player("alice")});
  std::atomic<int> ok{0};
  {
    Journal journal(config_, {.batch_window = 200ms, .max_batch = 64});
    for (int i = 1; i <= 300; ++i)
      journal.append(command(match, i), [&](bool good) { ok += good; });
    journal.stop();
    EXPECT_EQ(ok.load(), 300);
    EXPECT_EQ(journal.stats().pending, 0u);
    journal.stop();  // idempotent

    bool late = true;
    journal.append(command(match, 301), [&](bool good) { late = good; });
    EXPECT_FALSE(late) << "an append after stop() must fail at once";
  }
  EXPECT_EQ(count_commands(), 300);
}

// The journal plans its statements once per connection. Planned while the
// matches table was nearly empty (a fresh database, or matches just
// deleted), the UPDATE of ended matches once became a hash join over a
// sequential scan of every match, and kept reading the whole table on every
// batch that ended a match while the table grew. It must find them by key.
TEST_F(JournalTest, EndingAMatchReadsOnlyItsRowAfterTheTableGrewUnderACachedPlan) {
  const auto alice = make_player("alice");
  const auto first = make_match("room-first", {alice});
  const auto second = make_match("room-second", {alice});
  const auto stat = [&](const std::string& column) {
    return query_value<std::int64_t>("SELECT coalesce(" + column +
                                     ", 0) FROM pg_stat_user_tables WHERE relname = 'matches'");
  };
  const auto read_before = stat("seq_tup_read");
  const auto updated_before = stat("n_tup_upd");

  Journal journal(config_);
  ASSERT_TRUE(append_and_wait(journal, command(first, 1)));
  ASSERT_TRUE(append_and_wait(journal, FinishMatch{first, "finished", "winner=0"}));  // planned now: 2 matches
  {
    pqxx::nontransaction txn(*conn_);
    txn.exec(
        "INSERT INTO matches (room_id, game, seed_hex, seed_commitment)"
        " SELECT 'bulk-' || g, 'everzone', '00', '00' FROM generate_series(1, 5000) AS g");
  }
  // A backend reports its table statistics when idle, at most once a second
  // unless it waits longer: the second end is reported at once.
  std::this_thread::sleep_for(1100ms);
  ASSERT_TRUE(append_and_wait(journal, FinishMatch{second, "finished", "winner=0"}));

  // Both ends reported (the scans of a batch are reported with its updates).
  for (int i = 0; i < 300 && stat("n_tup_upd") < updated_before + 2; ++i) std::this_thread::sleep_for(100ms);
  ASSERT_GE(stat("n_tup_upd"), updated_before + 2) << "the journal's statistics never arrived";
  EXPECT_LT(stat("seq_tup_read") - read_before, 100) << "the journal scanned the matches table";
  EXPECT_EQ(MatchRepository(*conn_).get(second)->status, "finished");
}

TEST_F(JournalTest, FinishEntryUpdatesTheMatch) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_);
  Counter counter;
  for (int i = 1; i <= 3; ++i) journal.append(command(match, i), [&](bool) { counter.add(); });
  ASSERT_TRUE(append_and_wait(journal, FinishMatch{match, "finished", "winner=0"}));
  ASSERT_TRUE(counter.wait_for(3));

  const auto stored = MatchRepository(*conn_).get(match);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->status, "finished");
  EXPECT_EQ(stored->result_text, "winner=0");
  EXPECT_TRUE(MatchRepository(*conn_).list_running().empty());
  EXPECT_TRUE(query_value<bool>("SELECT finished_at IS NOT NULL FROM matches"));
  EXPECT_EQ(MatchRepository(*conn_).commands(match).size(), 3u);
}

// One statement writes a batch's commands and ends its matches; two ends of
// one match in a batch (a judge's correction right after the end) leave the
// later one, as applying them in turn did.
TEST_F(JournalTest, ABatchWritesCommandsAndEndsOfSeveralMatchesAndTheLaterEndWins) {
  const auto first = make_match("room-1", {make_player("alice")});
  const auto second = make_match("room-2", {make_player("bob")});
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  Completions done;
  const auto record = done.record();
  for (int i = 1; i <= 2; ++i) journal.append(command(first, i), record);
  journal.append(FinishMatch{first, "finished", "winner=0"}, record);
  journal.append(command(second, 1), record);
  journal.append(FinishMatch{second, "finished", "winner=1"}, record);
  journal.append(FinishMatch{second, "finished", "winner=0 (judge)"}, record);
  ASSERT_TRUE(done.counter.wait_for(6));
  EXPECT_EQ(done.ok.load(), 6);
  EXPECT_EQ(journal.stats().batches, 1u) << "the window gathers them into one batch";
  EXPECT_EQ(MatchRepository(*conn_).get(first)->result_text, "winner=0");
  EXPECT_EQ(MatchRepository(*conn_).get(second)->result_text, "winner=0 (judge)");
  EXPECT_EQ(MatchRepository(*conn_).commands(first).size(), 2u);
  EXPECT_EQ(MatchRepository(*conn_).commands(second).size(), 1u);
  EXPECT_TRUE(MatchRepository(*conn_).list_running().empty());
}

// A batch that ends a match is first tried without skipping stored runs;
// when one of its runs is stored already (an in-doubt commit written again)
// it goes through the checked statement, which skips that run and still
// writes the rest and the end.
TEST_F(JournalTest, ABatchThatEndsAMatchAndRewritesAStoredCommandIsWrittenWhole) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  Completions done;
  const auto record = done.record();
  journal.append(command(match, 1), record);
  journal.append(command(match, 2), record);
  ASSERT_TRUE(done.counter.wait_for(2));
  journal.append(command(match, 1), record);  // the same run again: an in-doubt retry
  journal.append(command(match, 2), record);
  journal.append(FinishMatch{match, "finished", "winner=1"}, record);
  ASSERT_TRUE(done.counter.wait_for(5));
  EXPECT_EQ(done.ok.load(), 5);
  EXPECT_EQ(journal.stats().batches, 2u);
  EXPECT_EQ(query_value<std::int64_t>("SELECT count(*) FROM match_command_batches"), 1) << "one run [1, 2]";
  EXPECT_EQ(MatchRepository(*conn_).commands(match).size(), 2u);
  EXPECT_EQ(MatchRepository(*conn_).get(match)->result_text, "winner=1");
}

TEST_F(JournalTest, AbortedIsAValidEndButNothingElseIs) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_);
  EXPECT_FALSE(append_and_wait(journal, FinishMatch{match, "paused", ""}));
  EXPECT_TRUE(append_and_wait(journal, FinishMatch{match, "aborted", "server shutdown"}));
  EXPECT_EQ(MatchRepository(*conn_).get(match)->status, "aborted");
}

TEST_F(JournalTest, ARejectedEntryFailsAloneInItsBatch) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  std::mutex mutex;
  std::vector<bool> results;
  Counter counter;
  auto record = [&](bool ok) {
    {
      std::lock_guard lock(mutex);
      results.push_back(ok);
    }
    counter.add();
  };
  journal.append(command(match, 1), record);
  journal.append(FinishMatch{987654, "finished", ""}, record);  // no such match
  journal.append(command(match, 2), record);
  ASSERT_TRUE(counter.wait_for(3));
  EXPECT_EQ(results, (std::vector<bool>{true, false, true}));
  EXPECT_EQ(count_commands(), 2);
  EXPECT_EQ(journal.stats().entries_failed, 1u);
}

TEST_F(JournalTest, RewritingACommandIsHarmlessButChangingItIsRejected) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_);
  EXPECT_TRUE(append_and_wait(journal, command(match, 1, "move a")));
  EXPECT_TRUE(append_and_wait(journal, command(match, 1, "move a")));   // e.g. an in-doubt retry
  EXPECT_FALSE(append_and_wait(journal, command(match, 1, "move b")));  // a different command
  const auto stored = MatchRepository(*conn_).commands(match);
  ASSERT_EQ(stored.size(), 1u);
  EXPECT_EQ(stored[0].command_text, "move a");
}

TEST_F(JournalTest, ReconnectsAfterTheConnectionIsKilled) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_);
  ASSERT_TRUE(append_and_wait(journal, command(match, 1)));
  const auto killed = query_value<int>(
      "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
      " WHERE application_name = 'concord-journal' AND datname = current_database()");
  ASSERT_EQ(killed, 1);
  for (int i = 2; i <= 5; ++i) EXPECT_TRUE(append_and_wait(journal, command(match, i)));
  EXPECT_EQ(count_commands(), 5);
}

// An unreachable database only delays completions; they fail only when the
// journal stops and the database is still unreachable after stop_deadline.
TEST_F(JournalTest, AnUnreachableDatabaseDelaysCompletionsUntilStopGivesUp) {
  Journal journal({"host=127.0.0.1 port=1 dbname=none user=none connect_timeout=2"},
                  {.batch_window = 1ms, .max_batch = 16, .retry_backoff = 10ms, .max_backoff = 50ms,
                   .stop_deadline = 200ms});
  std::atomic<int> calls{0};
  std::atomic<bool> result{true};
  journal.append(command(1, 1), [&](bool ok) {
    result = ok;
    ++calls;
  });
  ASSERT_TRUE(wait_reachability(journal, false));
  EXPECT_EQ(calls.load(), 0) << "an outage must not fail an accepted entry";
  EXPECT_EQ(journal.stats().pending, 1u);
  journal.stop();
  EXPECT_EQ(calls.load(), 1);
  EXPECT_FALSE(result.load());
  const auto stats = journal.stats();
  EXPECT_EQ(stats.entries_failed, 1u);
  EXPECT_EQ(stats.entries_written, 0u);
  EXPECT_EQ(stats.pending, 0u);
}

// The database goes away with commands waiting and more are appended during
// the outage; once it is back every one of them is written, in order.
TEST_F(JournalTest, ADatabaseOutageDelaysButLosesNothing) {
  const auto match = make_match("room-1", {make_player("alice")});
  Journal journal(config_, {.batch_window = 1ms, .max_batch = 4, .retry_backoff = 10ms, .max_backoff = 100ms,
                            .idle_probe = 50ms});
  Counter counter;
  std::mutex mutex;
  std::vector<std::pair<std::int64_t, bool>> completed;
  auto append = [&](std::int64_t index) {
    journal.append(command(match, index), [&, index](bool ok) {
      {
        std::lock_guard lock(mutex);
        completed.emplace_back(index, ok);
      }
      counter.add();
    });
  };
  append(1);
  ASSERT_TRUE(counter.wait_for(1));
  cut_connections(true);
  ASSERT_TRUE(wait_reachability(journal, false));
  for (std::int64_t i = 2; i <= 10; ++i) append(i);
  std::this_thread::sleep_for(300ms);  // several retries happen while it is down
  {
    std::lock_guard lock(mutex);
    EXPECT_EQ(completed.size(), 1u) << "nothing can be durable during the outage";
  }
  cut_connections(false);
  ASSERT_TRUE(counter.wait_for(10));
  EXPECT_TRUE(journal.reachability().reachable);
  std::vector<std::pair<std::int64_t, bool>> expected;
  for (std::int64_t i = 1; i <= 10; ++i) expected.emplace_back(i, true);
  EXPECT_EQ(completed, expected);
  const auto stored = MatchRepository(*conn_).commands(match);
  ASSERT_EQ(stored.size(), 10u);
  for (std::size_t k = 0; k < stored.size(); ++k) EXPECT_EQ(stored[k].index, static_cast<std::int64_t>(k + 1));
}

// A match journaled over several group commits (one row per run of its
// commands, beside other matches' runs) reads back exactly, command by
// command, with the rows of the pre-0002 table before them.
TEST_F(JournalTest, AMatchJournaledInSeveralBatchesReadsBackExactly) {
  const auto alice = make_player("alice");
  const auto match = make_match("room-1", {alice});
  const auto other = make_match("room-2", {alice});
  {
    pqxx::work txn(*conn_);  // written by an older server, one row per command
    txn.exec_params("INSERT INTO match_commands (match_id, idx, seat, command_text, state_hash)"
                    " VALUES ($1, 1, 1, 'cmd 1', 'hash 1'), ($1, 2, 0, 'cmd 2', 'hash 2')",
                    match);
    txn.commit();
  }
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  const std::string odd = "answer \"x\" \\ {a,b}\n2 64 9\nütf-8 ";
  std::int64_t next = 3;
  for (int batch = 0; batch < 4; ++batch) {
    Counter counter;
    for (int k = 0; k < 5; ++k, ++next) {
      journal.append(command(match, next, k == 2 ? odd + std::to_string(next) : ""), [&](bool ok) {
        EXPECT_TRUE(ok);
        counter.add();
      });
      journal.append(command(other, next - 2), [&](bool ok) {
        EXPECT_TRUE(ok);
        counter.add();
      });
    }
    ASSERT_TRUE(counter.wait_for(10));
  }
  EXPECT_EQ(query_value<std::int64_t>("SELECT count(*) FROM match_command_batches WHERE match_id = " +
                                      std::to_string(match)),
            4);
  const auto stored = MatchRepository(*conn_).commands(match);
  ASSERT_EQ(stored.size(), 22u);
  for (std::size_t k = 0; k < stored.size(); ++k) {
    const auto index = static_cast<std::int64_t>(k + 1);
    const bool odd_one = index >= 3 && (index - 3) % 5 == 2;
    EXPECT_EQ(stored[k].index, index);
    EXPECT_EQ(stored[k].seat, static_cast<int>(index % 2));
    EXPECT_EQ(stored[k].command_text, odd_one ? odd + std::to_string(index) : "cmd " + std::to_string(index));
    EXPECT_EQ(stored[k].state_hash, "hash " + std::to_string(index));
  }
  EXPECT_EQ(MatchRepository(*conn_).commands(other).size(), 20u);
}

// A match as the server records it at the start (the room's settings with
// it); `seed` tells matches apart.
MatchRecord new_match(const std::string& room_id, const std::vector<std::int64_t>& players,
                      const std::string& seed = "5eed") {
  MatchRecord match;
  match.room_id = room_id;
  match.game = "everzone";
  match.room_name = "room \"" + room_id + "\" \\ {x}";
  match.options_text = "turns=10";
  match.seed_hex = seed;
  match.seed_commitment = "c0ffee";
  match.password_hash = "salted";
  match.creator_id = players.empty() ? 0 : players.front();
  match.seat_count = static_cast<int>(players.size());
  match.settings_blob = "clock=60\nname=x";
  for (std::size_t i = 0; i < players.size(); ++i) {
    match.seats.push_back({static_cast<int>(i), players[i], "p" + std::to_string(players[i]),
                           "deck, \"" + std::to_string(i) + "\""});
  }
  return match;
}

// Blocks until the CreateMatch's completion ran; returns the id it gave.
std::optional<std::int64_t> create_and_wait(Journal& journal, MatchRecord record) {
  std::promise<std::optional<std::int64_t>> done;
  auto result = done.get_future();
  journal.create_match(std::move(record), [&done](std::optional<std::int64_t> id) { done.set_value(id); });
  if (result.wait_for(30s) != std::future_status::ready) throw std::runtime_error("timeout");
  return result.get();
}

TEST_F(JournalTest, AMatchCreatedThroughTheJournalReadsBackWithItsSettingsAndSeats) {
  const auto alice = make_player("alice"), bob = make_player("bob");
  Journal journal(config_);
  const MatchRecord record = new_match("room-1", {alice, bob});
  const auto id = create_and_wait(journal, record);
  ASSERT_TRUE(id.has_value());
  const auto stored = MatchRepository(*conn_).get(*id);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->status, "running");
  for (auto field : {&MatchRecord::room_id, &MatchRecord::game, &MatchRecord::room_name,
                            &MatchRecord::options_text, &MatchRecord::seed_hex, &MatchRecord::seed_commitment,
                            &MatchRecord::password_hash, &MatchRecord::settings_blob}) {
    EXPECT_EQ(stored.value().*field, record.*field);
  }
  EXPECT_EQ(stored->creator_id, alice);
  EXPECT_EQ(stored->seat_count, 2);
  ASSERT_EQ(stored->seats.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(stored->seats[i].seat, record.seats[i].seat);
    EXPECT_EQ(stored->seats[i].player_id, record.seats[i].player_id);
    EXPECT_EQ(stored->seats[i].username, record.seats[i].username);
    EXPECT_EQ(stored->seats[i].deck_body, record.seats[i].deck_body);
  }
  ASSERT_EQ(MatchRepository(*conn_).list_running().size(), 1u);
  EXPECT_TRUE(append_and_wait(journal, command(*id, 1)));
  EXPECT_TRUE(append_and_wait(journal, FinishMatch{*id, "finished", "winner=1"}));
  EXPECT_EQ(MatchRepository(*conn_).get(*id)->status, "finished");
  EXPECT_EQ(MatchRepository(*conn_).commands(*id).size(), 1u);
}

// Unknown creator and seat count are stored as NULL, as MatchRepository::create does.
TEST_F(JournalTest, AMatchWithoutCreatorOrSeatsIsStoredLikeTheRepositoryStoresIt) {
  Journal journal(config_);
  const auto id = create_and_wait(journal, new_match("room-1", {}));
  ASSERT_TRUE(id.has_value());
  EXPECT_TRUE(query_value<bool>("SELECT creator_id IS NULL AND seat_count IS NULL FROM matches WHERE id = " +
                                std::to_string(*id)));
  EXPECT_TRUE(MatchRepository(*conn_).get(*id)->seats.empty());
}

// New matches, the commands of running ones and the ends of others share
// one group commit: one statement, one commit.
TEST_F(JournalTest, NewMatchesCommandsAndEndsOfOtherMatchesShareOneBatch) {
  const auto alice = make_player("alice");
  const auto running = make_match("room-1", {alice});
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  Completions done;
  std::mutex mutex;
  std::vector<std::int64_t> ids;
  for (int i = 0; i < 3; ++i) {
    journal.create_match(new_match("new-" + std::to_string(i), {alice}, "5eed" + std::to_string(i)),
                         [&](std::optional<std::int64_t> id) {
                           {
                             std::lock_guard lock(mutex);
                             if (id) ids.push_back(*id);
                           }
                           done.counter.add();
                         });
    journal.append(command(running, i + 1), done.record());
  }
  journal.append(FinishMatch{running, "finished", "winner=0"}, done.record());
  ASSERT_TRUE(done.counter.wait_for(7));
  EXPECT_EQ(done.ok.load(), 4);
  ASSERT_EQ(ids.size(), 3u) << "every new match got an id";
  EXPECT_TRUE(ids[0] < ids[1] && ids[1] < ids[2]) << "ids are given in append order";
  EXPECT_EQ(journal.stats().batches, 1u);
  EXPECT_EQ(MatchRepository(*conn_).list_running().size(), 3u);
  EXPECT_EQ(MatchRepository(*conn_).commands(running).size(), 3u);
  EXPECT_EQ(MatchRepository(*conn_).get(running)->status, "finished");
}

// The journal reserves ids 32 at a time; a batch needing more reserves more.
TEST_F(JournalTest, ABatchOfMoreNewMatchesThanReservedIdsGivesEachItsOwnId) {
  const auto alice = make_player("alice");
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  std::mutex mutex;
  std::vector<std::int64_t> ids;
  Counter counter;
  for (int i = 0; i < 70; ++i) {
    journal.create_match(new_match("room-" + std::to_string(i), {alice}, "5eed" + std::to_string(i)),
                         [&](std::optional<std::int64_t> id) {
                           {
                             std::lock_guard lock(mutex);
                             if (id) ids.push_back(*id);
                           }
                           counter.add();
                         });
  }
  ASSERT_TRUE(counter.wait_for(70));
  std::set<std::int64_t> distinct(ids.begin(), ids.end());
  EXPECT_EQ(distinct.size(), 70u);
  EXPECT_EQ(MatchRepository(*conn_).list_running().size(), 70u);
  // Ids reserved by the journal never collide with matches made elsewhere.
  const auto other = make_match("elsewhere", {alice});
  EXPECT_EQ(distinct.count(other), 0u);
}

// A match written again (an in-doubt commit) is skipped; another match
// under a used id is refused, alone in its batch.
TEST_F(JournalTest, AMatchWrittenAgainIsSkippedButAnotherMatchUnderItsIdIsRefused) {
  const auto alice = make_player("alice");
  Journal journal(config_);
  MatchRecord record = new_match("room-1", {alice}, "aaaa");
  const auto id = create_and_wait(journal, record);
  ASSERT_TRUE(id.has_value());
  record.id = *id;
  EXPECT_EQ(create_and_wait(journal, record), id) << "the same match again";
  MatchRecord other = new_match("room-2", {alice}, "bbbb");
  other.id = *id;
  EXPECT_FALSE(create_and_wait(journal, other).has_value());
  EXPECT_EQ(MatchRepository(*conn_).get(*id)->room_id, "room-1");
  EXPECT_EQ(query_value<std::int64_t>("SELECT count(*) FROM match_seats"), 1);
}

// A seat the database refuses (its number is negative) fails that match,
// and the rest of its batch is written.
TEST_F(JournalTest, ANewMatchTheDatabaseRefusesFailsAloneInItsBatch) {
  const auto alice = make_player("alice");
  const auto running = make_match("room-1", {alice});
  Journal journal(config_, {.batch_window = 300ms, .max_batch = 512});
  Completions done;
  std::atomic<int> created{0}, refused{0};
  const auto count = [&](std::optional<std::int64_t> id) {
    ++(id ? created : refused);
    done.counter.add();
  };
  journal.create_match(new_match("good", {alice}, "1111"), count);
  auto bad = new_match("bad", {alice, alice}, "2222");
  bad.seats[1].seat = -1;  // match_seats: CHECK (seat >= 0)
  journal.create_match(bad, count);
  journal.append(command(running, 1), done.record());
  ASSERT_TRUE(done.counter.wait_for(3));
  EXPECT_EQ(created.load(), 1);
  EXPECT_EQ(refused.load(), 1);
  EXPECT_EQ(done.ok.load(), 1);
  EXPECT_EQ(MatchRepository(*conn_).list_running().size(), 2u) << "the one made by make_match and 'good'";
}

}  // namespace
}  // namespace concord::persistence::test
