// Internal: the SQL the journal runs for one batch.
#pragma once

#include <cstdint>
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
// New matches (CreateMatch, their ids given) are written with their seats
// in the same statement.
void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries);

// `count` new ids from matches_id_seq, for the journal's CreateMatch entries.
std::vector<std::int64_t> reserve_match_ids_sql(pqxx::connection& conn, std::size_t count);

}  // namespace concord::persistence::detail
