// Internal: the SQL the journal runs for one batch.
#pragma once

#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/journal.hpp"

namespace concord::persistence::detail {

// Writes every entry in ONE statement, committed on its own: the commands
// as one row per run of consecutive commands of a match
// (match_command_batches), and the ends of matches (matches.status).
// Re-writing an already committed batch (after an in-doubt commit) is
// harmless: identical rows are skipped. A batch the database rejects (a
// different command at a used index, the end of an unknown match, a status
// it does not take) throws and writes nothing of it.
void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries);

}  // namespace concord::persistence::detail
