// The write-behind journal. One thread owns its connection and batches
// writes (group commit within a short window). Callers never wait on SQL:
// each append carries a completion that the journal invokes on its own thread
// once the write is durable (committed); the caller's completion is expected
// to post back to its own strand.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "concord/persistence/database.hpp"
#include "concord/persistence/reachability.hpp"
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

namespace detail {
class JournalWriter;
}  // namespace detail

struct AppendCommand {
  std::int64_t match_id = 0;
  CommandRecord command;
};

struct FinishMatch {
  std::int64_t match_id = 0;
  std::string status;       // "finished" or "aborted"
  std::string result_text;
};

// A match and its seats, written in the group commit instead of a
// transaction of its own (a commit costs PostgreSQL far more CPU than the
// rows). A record without an id (0) gets one from the journal: ids come
// from matches_id_seq, reserved ahead by the journal thread. A match stored
// already with the same id and seed is skipped (an in-doubt commit written
// again); one with the same id and another seed is rejected.
struct CreateMatch {
  MatchRecord record;
};

// Makes every durable command of the match a match_command_batches row
// (none left only in journal_blocks), and forgets the match's runs. Before a
// rollback, which rewrites those rows. Writes nothing if there is nothing
// to fold.
struct FoldMatch {
  std::int64_t match_id = 0;
};

using JournalEntry = std::variant<AppendCommand, FinishMatch, CreateMatch, FoldMatch>;

struct JournalOptions {
  std::chrono::milliseconds batch_window{2};  // wait this long to gather a batch
  std::size_t max_batch = 512;
  // While the database is unreachable the batch is retried on a new
  // connection for as long as it takes (an accepted entry is never dropped),
  // sleeping retry_backoff, then twice that, ... capped at max_backoff.
  std::chrono::milliseconds retry_backoff{50};
  std::chrono::milliseconds max_backoff{1000};
  // After stop(), entries that cannot be made durable within this long fail
  // (their completions get false) so that shutdown ends.
  std::chrono::milliseconds stop_deadline{5000};
  // While idle, check the connection this often, so that reachability()
  // notices an outage (and its end) without waiting for the next write.
  std::chrono::milliseconds idle_probe{1000};
  // Under load a batch holds one run of commands of each of many matches.
  // When at least block_runs of them continue what the journal wrote
  // itself, they are written as one journal_blocks row instead of a row
  // each (migration 0008), and each match's runs are folded into a row of
  // its own when it ends, when they pass max_unfolded_bytes, or when
  // max_block_age blocks were written after the oldest of them.
  std::size_t block_runs = 4;
  std::size_t max_unfolded_bytes = 7000;
  std::int64_t max_block_age = 1024;
};

struct JournalStats {
  std::uint64_t entries_written = 0;
  std::uint64_t batches = 0;
  std::uint64_t entries_failed = 0;  // completions called with false
  std::uint64_t pending = 0;         // appended, not yet durable
  double last_batch_seconds = 0;     // time from first append of the batch to commit
};

class Journal {
 public:
  using Completion = std::function<void(bool ok)>;
  // The id of the match once it is durable; nullopt when it failed.
  using Created = std::function<void(std::optional<std::int64_t> match_id)>;

  Journal(DatabaseConfig config, JournalOptions options = {});
  ~Journal();  // calls stop()
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  // Thread-safe. `done(true)` runs on the journal thread after commit;
  // `done(false)` if the database rejected the entry, or the database was
  // still unreachable stop_deadline after stop(). An unreachable database
  // only delays completions. Completions run in append order.
  // After stop(), `done(false)` runs at once on the caller's thread.
  void append(JournalEntry entry, Completion done);
  // Appends CreateMatch{record}: `done` gets the match's id once its rows
  // are committed, on the journal thread, in append order with the rest.
  // Entries appended after it that name the id come after `done` (the
  // caller only learns the id there).
  void create_match(MatchRecord record, Created done);
  // Writes everything appended so far, then stops the thread. Idempotent.
  // Do not call it (or destroy the journal) from a completion.
  void stop();
  JournalStats stats() const;
  // Whether the journal's last write or probe reached the database.
  Reachability reachability() const { return reachability_.get(); }

 private:
  void run();
  // (implementation details are private to journal.cpp)
  struct Item {
    JournalEntry entry;
    Completion done;
    std::chrono::steady_clock::time_point enqueued;
    Created created;  // CreateMatch only
  };
  void enqueue(Item item);
  static void finish(const Item& item, bool ok);
  bool next_batch(std::deque<Item>& batch);
  bool give_up() const;
  void write_batch(detail::JournalWriter& writer, std::deque<Item>& batch);
  bool give_ids(detail::JournalWriter& writer, std::deque<Item>& batch);

  DatabaseConfig config_;
  JournalOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  std::chrono::steady_clock::time_point stop_requested_;
  ReachabilityTracker reachability_;
  std::atomic<std::uint64_t> appended_{0};
  std::atomic<std::uint64_t> written_{0};
  std::atomic<std::uint64_t> failed_{0};
  std::atomic<std::uint64_t> batches_{0};
  std::atomic<double> last_batch_seconds_{0};
  std::deque<std::int64_t> spare_ids_;  // journal thread only: reserved match ids
  std::mutex join_mutex_;
  std::thread thread_;
};

// A small pool of threads, each owning one database connection, for request
// work (accounts, decks, match creation). Jobs run on a worker; they post
// their results back to the caller's strand themselves.
//
// When a connection cannot be made (or breaks), the pool counts the database
// as unreachable: until the next connection attempt is due (after 100 ms,
// then twice as long each time it fails again, at most 1 s), jobs are not run
// and their on_unavailable runs at once, so callers get a quick answer.
class WorkerPool {
 public:
  using Job = std::function<void(pqxx::connection&)>;
  // Runs instead of the job when the database is unreachable (the job never
  // started), so a caller waiting for a reply can be told.
  using Unavailable = std::function<void()>;
  WorkerPool(DatabaseConfig config, int threads);
  ~WorkerPool();  // finishes queued jobs, then joins
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Thread-safe. If the job throws (e.g. a broken connection), the worker
  // reconnects and the exception is logged; jobs must report their own failure.
  void post(Job job, Unavailable on_unavailable = {});
  std::size_t queued() const;
  Reachability reachability() const { return reachability_.get(); }

 private:
  struct Queued {
    Job job;
    Unavailable on_unavailable;
  };
  void run();
  // A worker's connection, and the outage count when it was made.
  struct Link {
    std::unique_ptr<pqxx::connection> conn;
    std::uint64_t outages = 0;
  };
  void run_job(const Queued& next, Link& link);
  bool ensure_connected(Link& link);
  bool connect_due();
  void record(bool reachable);

  DatabaseConfig config_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Queued> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
  ReachabilityTracker reachability_;
  std::atomic<std::uint64_t> outages_{0};  // connections made before an outage are not reused
  std::mutex backoff_mutex_;
  std::chrono::steady_clock::time_point next_connect_;
  std::chrono::milliseconds backoff_{0};
};

}  // namespace concord::persistence
