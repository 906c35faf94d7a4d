// Internal: journal_blocks (see journal_blocks.hpp).
#include "journal_blocks.hpp"

#include <charconv>
#include <map>
#include <stdexcept>

#include "concord/persistence/command_batch.hpp"
#include "sql_array.hpp"

namespace concord::persistence::detail {

namespace {

using Commands = std::map<std::int64_t, CommandRecord>;

// Reads a decimal number ending at `stop`; advances `text` past it.
bool read_number(std::string_view& text, char stop, std::int64_t& out) {
  const std::size_t end = text.find(stop);
  if (end == std::string_view::npos) return false;
  const auto [ptr, error] = std::from_chars(text.data(), text.data() + end, out);
  if (error != std::errc() || ptr != text.data() + end) return false;
  text.remove_prefix(end + 1);
  return true;
}

struct Block {
  std::int64_t id = 0;
  std::vector<EncodedRun> runs;
};

std::vector<Block> read_blocks(pqxx::transaction_base& txn, const char* sql) {
  std::vector<Block> blocks;
  for (const auto& row : txn.exec(sql)) {
    const auto id = row[0].as<std::int64_t>();
    auto runs = decode_block(std::string_view(row[1].c_str(), row[1].size()));
    if (!runs) throw std::runtime_error("journal block " + std::to_string(id) + " is unreadable");
    blocks.push_back({id, std::move(*runs)});
  }
  return blocks;
}

void add_run(Commands& commands, const EncodedRun& run) {
  auto decoded = decode_command_batch(run.first, run.last, run.payload);
  if (!decoded) throw std::runtime_error("match " + std::to_string(run.match_id) + ": unreadable journal block run");
  for (auto& command : *decoded) add_unique_command(commands, std::move(command));
}

// The last index of each match that match_command_batches holds.
std::map<std::int64_t, std::int64_t> stored_last(pqxx::transaction_base& txn,
                                                 const std::map<std::int64_t, Commands>& matches) {
  ArrayLiteral ids;
  for (const auto& [match_id, commands] : matches) ids.add(match_id);
  std::map<std::int64_t, std::int64_t> last;
  for (const auto& row : txn.exec_params("SELECT match_id, max(last_idx) FROM match_command_batches"
                                         " WHERE match_id = ANY($1::bigint[]) GROUP BY match_id",
                                         ids.take())) {
    last[row[0].as<std::int64_t>()] = row[1].as<std::int64_t>();
  }
  return last;
}

// match_command_batches rows as parallel arrays.
struct Rows {
  ArrayLiteral matches, firsts, lasts, payloads;
  std::size_t commands = 0;

  void add(std::int64_t match_id, const std::vector<const CommandRecord*>& run) {
    matches.add(match_id);
    firsts.add(run.front()->index);
    lasts.add(run.back()->index);
    payloads.add(encode_command_batch(run));
    commands += run.size();
  }
};

// The commands after `after`, as rows of consecutive indexes.
void add_rows(Rows& rows, std::int64_t match_id, const Commands& commands, std::int64_t after) {
  std::vector<const CommandRecord*> run;
  for (auto it = commands.upper_bound(after); it != commands.end(); ++it) {
    if (!run.empty() && run.back()->index + 1 != it->first) {
      rows.add(match_id, run);
      run.clear();
    }
    run.push_back(&it->second);
  }
  if (!run.empty()) rows.add(match_id, run);
}

}  // namespace

void add_unique_command(std::map<std::int64_t, CommandRecord>& by_index, CommandRecord command) {
  const auto [it, added] = by_index.try_emplace(command.index, command);
  if (added) return;
  const CommandRecord& stored = it->second;
  // Hashes of two versions (written before and after an upgrade) are not compared.
  const bool same_version = stored.state_hash.size() == command.state_hash.size();
  if (stored.seat != command.seat || stored.command_text != command.command_text ||
      (same_version && stored.state_hash != command.state_hash)) {
    throw std::runtime_error("journal: two different commands at index " + std::to_string(command.index));
  }
}

void append_block_run(std::string& block, const EncodedRun& run) {
  block += std::to_string(run.match_id);
  block += ' ';
  block += std::to_string(run.first);
  block += ' ';
  block += std::to_string(run.last);
  block += ' ';
  block += std::to_string(run.payload.size());
  block += '\n';
  block += run.payload;
}

std::optional<std::vector<EncodedRun>> decode_block(std::string_view block) {
  std::vector<EncodedRun> runs;
  while (!block.empty()) {
    EncodedRun run;
    std::int64_t size = 0;
    if (!read_number(block, ' ', run.match_id) || !read_number(block, ' ', run.first) ||
        !read_number(block, ' ', run.last) || !read_number(block, '\n', size)) {
      return std::nullopt;
    }
    if (size < 0 || static_cast<std::uint64_t>(size) > block.size() || run.first < 1 || run.last < run.first) {
      return std::nullopt;
    }
    run.payload.assign(block.substr(0, static_cast<std::size_t>(size)));
    block.remove_prefix(static_cast<std::size_t>(size));
    runs.push_back(std::move(run));
  }
  return runs;
}

std::vector<CommandRecord> block_commands_of(pqxx::transaction_base& txn, std::int64_t match_id) {
  Commands commands;
  for (const Block& block : read_blocks(txn, "SELECT id, payload FROM journal_blocks ORDER BY id")) {
    for (const EncodedRun& run : block.runs) {
      if (run.match_id == match_id) add_run(commands, run);
    }
  }
  std::vector<CommandRecord> out;
  out.reserve(commands.size());
  for (auto& [index, command] : commands) out.push_back(std::move(command));
  return out;
}

void purge_block_runs(pqxx::transaction_base& txn, std::int64_t match_id) {
  for (const Block& block : read_blocks(txn, "SELECT id, payload FROM journal_blocks ORDER BY id")) {
    std::string kept;
    bool changed = false;
    for (const EncodedRun& run : block.runs) {
      if (run.match_id == match_id) {
        changed = true;
      } else {
        append_block_run(kept, run);
      }
    }
    if (!changed) continue;
    if (kept.empty()) {
      txn.exec_params("DELETE FROM journal_blocks WHERE id = $1", block.id);
    } else {
      txn.exec_params("UPDATE journal_blocks SET payload = $2 WHERE id = $1", block.id, kept);
    }
  }
}

std::size_t fold_all_blocks(pqxx::transaction_base& txn) {
  const auto blocks = read_blocks(txn, "SELECT id, payload FROM journal_blocks ORDER BY id FOR UPDATE");
  if (blocks.empty()) return 0;
  std::map<std::int64_t, Commands> matches;
  ArrayLiteral ids;
  for (const Block& block : blocks) {
    ids.add(block.id);
    for (const EncodedRun& run : block.runs) add_run(matches[run.match_id], run);
  }
  const auto last = stored_last(txn, matches);
  Rows rows;
  for (const auto& [match_id, commands] : matches) {
    const auto stored = last.find(match_id);
    add_rows(rows, match_id, commands, stored == last.end() ? 0 : stored->second);
  }
  if (rows.commands > 0) {
    txn.exec_params("INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload)"
                    " SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[])",
                    rows.matches.take(), rows.firsts.take(), rows.lasts.take(), rows.payloads.take());
  }
  txn.exec_params("DELETE FROM journal_blocks WHERE id = ANY($1::bigint[])", ids.take());
  return rows.commands;
}

}  // namespace concord::persistence::detail
