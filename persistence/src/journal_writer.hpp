// Internal: the journal thread's database side. Owns one connection and turns
// a batch into per-entry results, reconnecting with capped exponential
// back-off for as long as the database is unreachable.
#pragma once

#include <chrono>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/journal.hpp"
#include "concord/persistence/reachability.hpp"
#include "journal_plan.hpp"
#include "journal_sql.hpp"

namespace concord::persistence::detail {

class JournalWriter {
 public:
  // Asked after each failed attempt: true ends the retries (shutdown).
  using GiveUp = std::function<bool()>;

  JournalWriter(DatabaseConfig config, const JournalOptions& options, ReachabilityTracker& reachability);

  // Writes the batch in one transaction; result[i] tells whether entries[i]
  // is durable. A connection failure is retried (reconnecting) until it
  // succeeds or give_up() says so; then every entry fails. If the database
  // rejects the batch, each entry is retried alone so only the bad ones fail.
  // Commands go into rows or blocks as the fold state plans (journal_plan.hpp).
  std::vector<bool> write(const std::vector<const JournalEntry*>& entries, const GiveUp& give_up);
  // Reserves `count` new ids of a sequence, retrying like write(); empty if
  // give_up() said so first.
  std::vector<std::int64_t> reserve_ids(IdSequence sequence, std::size_t count, const GiveUp& give_up);
  // Checks (reconnecting if needed) that the database answers; records it.
  void probe();

 private:
  enum class Outcome { ok, rejected, unavailable };
  using Work = std::function<void(pqxx::connection&)>;
  Outcome write_planned(const std::vector<const JournalEntry*>& entries, const GiveUp& give_up);
  bool give_block_id(JournalWrite& write, const GiveUp& give_up);
  Outcome run_with_retry(const Work& work, std::size_t waiting, const GiveUp& give_up);
  Outcome try_run(const Work& work);
  Outcome lost(const std::exception& error);
  void record(bool reachable, std::size_t waiting);
  std::chrono::milliseconds backoff(int attempt) const;

  DatabaseConfig config_;
  std::chrono::milliseconds backoff_;
  std::chrono::milliseconds max_backoff_;
  ReachabilityTracker& reachability_;
  std::unique_ptr<pqxx::connection> conn_;
  FoldState folds_;
  std::deque<std::int64_t> spare_blocks_;  // reserved block ids
};

}  // namespace concord::persistence::detail
