// Internal: the SQL the journal runs for one batch.
#pragma once

#include <cstdint>
#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/journal.hpp"
#include "journal_plan.hpp"

namespace concord::persistence::detail {

// Writes the whole write in ONE statement, committed on its own: its rows
// of commands (match_command_batches), its blocks and the blocks it drops
// (journal_blocks), the ends of matches (matches.status), and new matches
// (CreateMatch, their ids given) with their seats. Re-writing an already
// committed write (after an in-doubt commit) is harmless: identical rows
// and blocks are skipped. A write the database rejects (a different command
// at a used index, the end of an unknown match, a status it does not take)
// throws and writes nothing of it.
void write_journal(pqxx::connection& conn, const JournalWrite& write);
// The entries as rows only (direct_write), for one-off writes.
void write_journal_entries(pqxx::connection& conn, const std::vector<const JournalEntry*>& entries);

// `count` new ids from a sequence: for the journal's CreateMatch entries
// (matches_id_seq) and its blocks (journal_blocks_id_seq).
enum class IdSequence { matches, blocks };
std::vector<std::int64_t> reserve_ids_sql(pqxx::connection& conn, IdSequence sequence, std::size_t count);

}  // namespace concord::persistence::detail
