// Internal: the journal thread's database side (see journal_writer.hpp).
#include "journal_writer.hpp"

#include <algorithm>
#include <thread>

#include <spdlog/spdlog.h>

#include "connection_util.hpp"

namespace concord::persistence::detail {

JournalWriter::JournalWriter(DatabaseConfig config, const JournalOptions& options,
                             ReachabilityTracker& reachability)
    : config_(std::move(config)),
      backoff_(std::max(std::chrono::milliseconds(1), options.retry_backoff)),
      max_backoff_(std::max(backoff_, options.max_backoff)),
      reachability_(reachability),
      folds_({.block_runs = std::max<std::size_t>(1, options.block_runs),
              .max_unfolded_bytes = options.max_unfolded_bytes,
              .max_block_age = options.max_block_age}) {}

namespace {

// Block ids reserved at a time: one query for this many group commits.
constexpr std::size_t kReservedBlockIds = 64;

}  // namespace

std::vector<bool> JournalWriter::write(const std::vector<const JournalEntry*>& entries, const GiveUp& give_up) {
  const Outcome outcome = write_planned(entries, give_up);
  if (outcome != Outcome::rejected || entries.size() == 1) {
    return std::vector<bool>(entries.size(), outcome == Outcome::ok);
  }
  spdlog::warn("journal: batch of {} rejected, writing its entries one by one", entries.size());
  std::vector<bool> results;
  results.reserve(entries.size());
  for (const JournalEntry* entry : entries) results.push_back(write_planned({entry}, give_up) == Outcome::ok);
  return results;
}

// The fold state learns what a write left unfolded only once it is
// committed: a write that failed changed nothing it remembers.
JournalWriter::Outcome JournalWriter::write_planned(const std::vector<const JournalEntry*>& entries,
                                                    const GiveUp& give_up) {
  JournalWrite planned = folds_.plan(entries);
  if (!give_block_id(planned, give_up)) return Outcome::unavailable;
  const auto write_all = [&planned](pqxx::connection& conn) { write_journal(conn, planned); };
  const Outcome outcome = planned.writes_nothing() ? Outcome::ok : run_with_retry(write_all, entries.size(), give_up);
  if (outcome == Outcome::ok) folds_.written(planned);
  return outcome;
}

bool JournalWriter::give_block_id(JournalWrite& write, const GiveUp& give_up) {
  if (write.block.empty()) return true;
  if (spare_blocks_.empty()) {
    const auto more = reserve_ids(IdSequence::blocks, kReservedBlockIds, give_up);
    spare_blocks_.insert(spare_blocks_.end(), more.begin(), more.end());
    if (spare_blocks_.empty()) return false;
  }
  write.block_id = spare_blocks_.front();
  spare_blocks_.pop_front();
  return true;
}

std::vector<std::int64_t> JournalWriter::reserve_ids(IdSequence sequence, std::size_t count, const GiveUp& give_up) {
  std::vector<std::int64_t> ids;
  const auto reserve = [&ids, sequence, count](pqxx::connection& conn) {
    ids = reserve_ids_sql(conn, sequence, count);
  };
  if (run_with_retry(reserve, count, give_up) != Outcome::ok) ids.clear();
  return ids;
}

JournalWriter::Outcome JournalWriter::run_with_retry(const Work& work, std::size_t waiting, const GiveUp& give_up) {
  for (int attempt = 0;; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(backoff(attempt));
    const Outcome outcome = try_run(work);
    record(outcome != Outcome::unavailable, waiting);
    if (outcome != Outcome::unavailable) return outcome;
    if (give_up()) {
      spdlog::error("journal: database still unreachable at shutdown, {} entries not written", waiting);
      return Outcome::unavailable;
    }
  }
}

void JournalWriter::probe() {
  try {
    if (connection_lost(conn_.get())) conn_ = connect_named(config_, "concord-journal", Plans::generic_by_key);
    pqxx::nontransaction txn(*conn_);
    txn.exec("SELECT 1");
    record(true, 0);
  } catch (const std::exception&) {
    conn_.reset();
    record(false, 0);
  }
}

JournalWriter::Outcome JournalWriter::try_run(const Work& work) {
  try {
    if (connection_lost(conn_.get())) conn_ = connect_named(config_, "concord-journal", Plans::generic_by_key);
    work(*conn_);
    return Outcome::ok;
  } catch (const pqxx::broken_connection& e) {
    return lost(e);
  } catch (const pqxx::in_doubt_error& e) {
    return lost(e);
  } catch (const std::exception& e) {
    if (connection_lost(conn_.get())) return lost(e);
    spdlog::error("journal: write rejected: {}", e.what());
    return Outcome::rejected;
  }
}

JournalWriter::Outcome JournalWriter::lost(const std::exception& error) {
  if (reachability_.get().reachable) spdlog::warn("journal: database connection lost: {}", error.what());
  conn_.reset();
  return Outcome::unavailable;
}

// Logs only the transitions, not every retry.
void JournalWriter::record(bool reachable, std::size_t waiting) {
  const double change = reachability_.mark(reachable);
  if (change < 0) {
    spdlog::error("journal: database unreachable; retrying every {} ms at most, {} entries waiting",
                  max_backoff_.count(), waiting);
  } else if (change > 0) {
    spdlog::warn("journal: database reachable again after {:.1f} s", change);
  }
}

std::chrono::milliseconds JournalWriter::backoff(int attempt) const {
  const std::chrono::milliseconds::rep factor = 1 << std::min(attempt - 1, 10);
  return std::min(max_backoff_, backoff_ * factor);
}

}  // namespace concord::persistence::detail
