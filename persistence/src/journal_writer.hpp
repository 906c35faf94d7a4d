// Internal: the journal thread's database side. Owns one connection and turns
// a batch into per-entry results, reconnecting with backoff on connection loss.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/journal.hpp"

namespace concord::persistence::detail {

class JournalWriter {
 public:
  JournalWriter(DatabaseConfig config, int max_attempts, std::chrono::milliseconds backoff);

  // Writes the batch in one transaction; result[i] tells whether entries[i]
  // is durable. A connection failure is retried (reconnecting) up to
  // max_attempts times, then every entry fails. If the database rejects the
  // batch, each entry is retried alone so only the bad ones fail.
  std::vector<bool> write(const std::vector<const JournalEntry*>& entries);

 private:
  enum class Outcome { ok, rejected, unavailable };
  Outcome write_with_retry(const std::vector<const JournalEntry*>& entries);
  Outcome try_write(const std::vector<const JournalEntry*>& entries);
  Outcome lost(const std::exception& error);
  std::chrono::milliseconds backoff(int attempt) const;

  DatabaseConfig config_;
  int max_attempts_;
  std::chrono::milliseconds backoff_;
  std::unique_ptr<pqxx::connection> conn_;
};

}  // namespace concord::persistence::detail
