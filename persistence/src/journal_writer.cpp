// Internal: the journal thread's database side (see journal_writer.hpp).
#include "journal_writer.hpp"

#include <algorithm>
#include <thread>

#include <spdlog/spdlog.h>

#include "connection_util.hpp"
#include "journal_sql.hpp"

namespace concord::persistence::detail {

namespace {
constexpr std::chrono::milliseconds kMaxBackoff{2000};
}  // namespace

JournalWriter::JournalWriter(DatabaseConfig config, int max_attempts,
                             std::chrono::milliseconds backoff)
    : config_(std::move(config)), max_attempts_(std::max(1, max_attempts)), backoff_(backoff) {}

std::vector<bool> JournalWriter::write(const std::vector<const JournalEntry*>& entries) {
  const Outcome outcome = write_with_retry(entries);
  if (outcome != Outcome::rejected || entries.size() == 1) {
    return std::vector<bool>(entries.size(), outcome == Outcome::ok);
  }
  spdlog::warn("journal: batch of {} rejected, writing its entries one by one", entries.size());
  std::vector<bool> results;
  results.reserve(entries.size());
  for (const JournalEntry* entry : entries) {
    results.push_back(write_with_retry({entry}) == Outcome::ok);
  }
  return results;
}

JournalWriter::Outcome JournalWriter::write_with_retry(
    const std::vector<const JournalEntry*>& entries) {
  for (int attempt = 0; attempt < max_attempts_; ++attempt) {
    if (attempt > 0) std::this_thread::sleep_for(backoff(attempt));
    const Outcome outcome = try_write(entries);
    if (outcome != Outcome::unavailable) return outcome;
  }
  spdlog::error("journal: database unavailable after {} attempts, {} entries failed", max_attempts_,
                entries.size());
  return Outcome::unavailable;
}

JournalWriter::Outcome JournalWriter::try_write(const std::vector<const JournalEntry*>& entries) {
  try {
    if (connection_lost(conn_.get())) conn_ = connect_named(config_, "concord-journal");
    write_journal_entries(*conn_, entries);
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
  spdlog::warn("journal: database connection lost: {}", error.what());
  conn_.reset();
  return Outcome::unavailable;
}

std::chrono::milliseconds JournalWriter::backoff(int attempt) const {
  const std::chrono::milliseconds::rep factor = 1 << std::min(attempt - 1, 10);
  return std::min(kMaxBackoff, backoff_ * factor);
}

}  // namespace concord::persistence::detail
