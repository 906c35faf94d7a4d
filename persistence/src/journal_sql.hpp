// Internal: the SQL the journal runs for one batch.
#pragma once

#include <stdexcept>
#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/journal.hpp"

namespace concord::persistence::detail {

// An entry the database rejects for a reason retrying will not fix
// (e.g. finishing an unknown match, or a different command at a used index).
class JournalRejected : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writes every entry in ONE transaction and commits: the commands as one row
// per run of consecutive commands of a match (match_command_batches, one
// prepared INSERT for the whole batch, on its own when the batch holds no
// match end), then the match status updates.
// Re-writing an already committed batch (after an in-doubt commit) is
// harmless: identical rows are skipped.
void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries);

}  // namespace concord::persistence::detail
