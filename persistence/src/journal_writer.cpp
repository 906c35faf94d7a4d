// Internal: the journal thread's database side (see journal_writer.hpp).
#include "journal_writer.hpp"

#include <algorithm>
#include <thread>

#include <spdlog/spdlog.h>

#include "connection_util.hpp"
#include "journal_sql.hpp"

namespace concord::persistence::detail {

JournalWriter::JournalWriter(DatabaseConfig config, const JournalOptions& options,
                             ReachabilityTracker& reachability)
    : config_(std::move(config)),
      backoff_(std::max(std::chrono::milliseconds(1), options.retry_backoff)),
      max_backoff_(std::max(backoff_, options.max_backoff)),
      reachability_(reachability) {}

std::vector<bool> JournalWriter::write(const std::vector<const JournalEntry*>& entries, const GiveUp& give_up) {
  const auto write_all = [&entries](pqxx::connection& conn) { write_journal_entries(conn, entries); };
  const Outcome outcome = run_with_retry(write_all, entries.size(), give_up);
  if (outcome != Outcome::rejected || entries.size() == 1) {
    return std::vector<bool>(entries.size(), outcome == Outcome::ok);
  }
  spdlog::warn("journal: batch of {} rejected, writing its entries one by one", entries.size());
  std::vector<bool> results;
  results.reserve(entries.size());
  for (const JournalEntry* entry : entries) {
    const auto write_one = [entry](pqxx::connection& conn) { write_journal_entries(conn, {entry}); };
    results.push_back(run_with_retry(write_one, 1, give_up) == Outcome::ok);
  }
  return results;
}

std::vector<std::int64_t> JournalWriter::reserve_match_ids(std::size_t count, const GiveUp& give_up) {
  std::vector<std::int64_t> ids;
  const auto reserve = [&ids, count](pqxx::connection& conn) { ids = reserve_match_ids_sql(conn, count); };
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
