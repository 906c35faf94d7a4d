// Internal: journal_blocks (migration 0008). A block holds the runs of
// commands of many matches that one group commit made durable, until each
// match's runs are folded into match_command_batches rows of its own.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <pqxx/pqxx>

#include "concord/persistence/repositories.hpp"

namespace concord::persistence::detail {

// Commands first..last of a match, encoded as in a match_command_batches
// row: one such row, or one run in a block.
struct EncodedRun {
  std::int64_t match_id = 0;
  std::int64_t first = 0;
  std::int64_t last = 0;
  std::string payload;
};

// Appends "<match_id> <first> <last> <bytes>\n<payload>" to a block.
void append_block_run(std::string& block, const EncodedRun& run);
// The runs of a block; nullopt if it is malformed.
std::optional<std::vector<EncodedRun>> decode_block(std::string_view block);

// Adds a command read from the journal: the same index may be stored twice
// only with the same command (an in-doubt commit written again, a run both
// folded and still in a block); anything else is a corrupt log and throws.
void add_unique_command(std::map<std::int64_t, CommandRecord>& by_index, CommandRecord command);

// The commands of the match that blocks hold, by index (in-doubt copies of
// a command appear once; two different commands at one index throw).
std::vector<CommandRecord> block_commands_of(pqxx::transaction_base& txn, std::int64_t match_id);

// Removes the match's runs from every block (deleting blocks left empty).
// For a rollback, after the journal folded the match: the runs are copies of
// rows that the rollback may void.
void purge_block_runs(pqxx::transaction_base& txn, std::int64_t match_id);

// Start-up, before recovery, while no journal writes: every block left by
// the previous process becomes match_command_batches rows (the commands
// after each match's last stored index; those before it were folded
// already), and the blocks are deleted. Returns how many commands it stored.
std::size_t fold_all_blocks(pqxx::transaction_base& txn);

}  // namespace concord::persistence::detail
