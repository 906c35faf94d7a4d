// Internal: the SQL the journal runs for one batch (see journal_sql.hpp).
#include "journal_sql.hpp"

#include <algorithm>
#include <string>

namespace concord::persistence::detail {

namespace {

// Rows per INSERT statement: 5 parameters each, far below the 65535 limit.
constexpr std::size_t kRowsPerStatement = 1000;
constexpr std::size_t kColumns = 5;

using Commands = std::vector<const AppendCommand*>;

// "($1::bigint, $2::bigint, $3::integer, $4, $5), ($6::bigint, ..."
std::string values_list(std::size_t rows) {
  std::string sql;
  for (std::size_t row = 0; row < rows; ++row) {
    const std::size_t p = row * kColumns;
    if (row > 0) sql += ", ";
    sql += "($" + std::to_string(p + 1) + "::bigint, $" + std::to_string(p + 2) + "::bigint, $" +
           std::to_string(p + 3) + "::integer, $" + std::to_string(p + 4) + "::text, $" +
           std::to_string(p + 5) + "::text)";
  }
  return sql;
}

std::vector<std::string> command_params(Commands::const_iterator first,
                                        Commands::const_iterator last) {
  std::vector<std::string> params;
  params.reserve(static_cast<std::size_t>(last - first) * kColumns);
  for (auto it = first; it != last; ++it) {
    const AppendCommand& append = **it;
    params.push_back(std::to_string(append.match_id));
    params.push_back(std::to_string(append.command.index));
    params.push_back(std::to_string(append.command.seat));
    params.push_back(append.command.command_text);
    params.push_back(append.command.state_hash);
  }
  return params;
}

// Rows skipped by ON CONFLICT must already hold exactly the same command.
void check_existing(pqxx::work& txn, const std::string& values,
                    const std::vector<std::string>& params) {
  const auto same =
      txn.exec_params1("SELECT count(*) FROM match_commands c JOIN (VALUES " + values +
                           ") AS v(match_id, idx, seat, command_text, state_hash)"
                           " ON c.match_id = v.match_id AND c.idx = v.idx"
                           " WHERE c.seat = v.seat AND c.command_text = v.command_text"
                           " AND c.state_hash = v.state_hash",
                       pqxx::prepare::make_dynamic_params(params));
  if (same[0].as<std::size_t>() != params.size() / kColumns) {
    throw JournalRejected("journal: a command index is already used by a different command");
  }
}

void insert_chunk(pqxx::work& txn, Commands::const_iterator first, Commands::const_iterator last) {
  const std::size_t rows = static_cast<std::size_t>(last - first);
  const std::string values = values_list(rows);
  const std::vector<std::string> params = command_params(first, last);
  const auto result = txn.exec_params(
      "INSERT INTO match_commands (match_id, idx, seat, command_text, state_hash) VALUES " +
          values + " ON CONFLICT (match_id, idx) DO NOTHING",
      pqxx::prepare::make_dynamic_params(params));
  if (result.affected_rows() != rows) check_existing(txn, values, params);
}

void insert_commands(pqxx::work& txn, const Commands& commands) {
  for (std::size_t at = 0; at < commands.size(); at += kRowsPerStatement) {
    const std::size_t end = std::min(commands.size(), at + kRowsPerStatement);
    insert_chunk(txn, commands.begin() + static_cast<std::ptrdiff_t>(at),
                 commands.begin() + static_cast<std::ptrdiff_t>(end));
  }
}

void finish_match(pqxx::work& txn, const FinishMatch& finish) {
  const auto result = txn.exec_params(
      "UPDATE matches SET status = $2, result_text = $3, finished_at = now() WHERE id = $1",
      finish.match_id, finish.status, finish.result_text);
  if (result.affected_rows() != 1) {
    throw JournalRejected("journal: cannot finish unknown match " +
                          std::to_string(finish.match_id));
  }
}

}  // namespace

void write_journal_entries(pqxx::connection& conn,
                           const std::vector<const JournalEntry*>& entries) {
  Commands commands;
  std::vector<const FinishMatch*> finishes;
  for (const JournalEntry* entry : entries) {
    if (const auto* append = std::get_if<AppendCommand>(entry)) commands.push_back(append);
    if (const auto* finish = std::get_if<FinishMatch>(entry)) finishes.push_back(finish);
  }
  pqxx::work txn(conn, "journal");
  insert_commands(txn, commands);
  for (const FinishMatch* finish : finishes) finish_match(txn, *finish);
  txn.commit();
}

}  // namespace concord::persistence::detail
