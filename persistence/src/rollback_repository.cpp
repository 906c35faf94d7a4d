// RollbackRepository: match_rollbacks and match_voided_commands (migration
// 0004). A rollback moves the voided commands out of the live log
// (match_command_batches, and match_commands rows from before 0002) in the
// same transaction that records it, so recovery reads the rolled-back log.
// The journal must have folded the match first (FoldMatch): the rollback
// reads and rewrites rows, and removes the match's runs from the journal's
// blocks.
#include <map>

#include "concord/persistence/command_batch.hpp"
#include "concord/persistence/repositories.hpp"
#include "journal_blocks.hpp"

namespace concord::persistence {

namespace {

using Commands = std::map<std::int64_t, CommandRecord>;

// Every live command after `after`, and the batch rows that hold any: those
// that start after it (deleted) and the one that straddles it (cut short).
struct Tail {
  Commands commands;
  std::vector<std::int64_t> straddling;  // first_idx of rows that start at or before `after`
  Commands kept;                         // the commands of those rows up to `after`
};

Tail read_tail(pqxx::work& txn, std::int64_t match_id, std::int64_t after) {
  Tail tail;
  for (const auto& row : txn.exec_params(
           "SELECT idx, seat, command_text, state_hash FROM match_commands WHERE match_id = $1 AND idx > $2",
           match_id, after)) {
    tail.commands[row[0].as<std::int64_t>()] = {row[0].as<std::int64_t>(), row[1].as<int>(), row[2].as<std::string>(),
                                                row[3].as<std::string>(), ""};
  }
  for (const auto& row : txn.exec_params(
           "SELECT first_idx, last_idx, payload FROM match_command_batches WHERE match_id = $1 AND last_idx > $2",
           match_id, after)) {
    const auto first = row[0].as<std::int64_t>();
    auto decoded = decode_command_batch(first, row[1].as<std::int64_t>(), row[2].as<std::string>());
    if (!decoded) throw std::runtime_error("match " + std::to_string(match_id) + ": unreadable journal row");
    if (first <= after) tail.straddling.push_back(first);
    for (auto& command : *decoded) {
      (command.index > after ? tail.commands : tail.kept)[command.index] = std::move(command);
    }
  }
  return tail;
}

void check_contiguous(const Commands& commands, const RollbackRecord& rollback) {
  const auto expected = rollback.from_index - rollback.to_index;
  const bool whole = static_cast<std::int64_t>(commands.size()) == expected && !commands.empty() &&
                     commands.begin()->first == rollback.to_index + 1 &&
                     commands.rbegin()->first == rollback.from_index;
  if (!whole) {
    throw RollbackConflict("the journal holds " + std::to_string(commands.size()) + " commands after index " +
                           std::to_string(rollback.to_index) + ", not " + std::to_string(expected));
  }
}

std::string encode(const Commands& commands) {
  std::vector<const CommandRecord*> run;
  for (const auto& [index, command] : commands) run.push_back(&command);
  return encode_command_batch(run);
}

// A PostgreSQL array literal of the ids.
std::string bigint_array(const std::vector<std::int64_t>& ids) {
  std::string list;
  for (const auto id : ids) list += (list.empty() ? "" : ",") + std::to_string(id);
  return "{" + list + "}";
}

// The straddling rows become one row of their commands up to `after` (a
// retried in-doubt commit may have written the same commands twice).
void cut_straddling(pqxx::work& txn, std::int64_t match_id, std::int64_t after, const Tail& tail) {
  if (tail.straddling.empty()) return;
  txn.exec_params("DELETE FROM match_command_batches WHERE match_id = $1 AND first_idx = ANY($2::bigint[])", match_id,
                  bigint_array(tail.straddling));
  if (tail.kept.empty()) return;
  txn.exec_params("INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload) VALUES ($1, $2, $3, $4)"
                  " ON CONFLICT (match_id, first_idx) DO NOTHING",
                  match_id, tail.kept.begin()->first, after, encode(tail.kept));
}

RollbackRecord to_rollback(const pqxx::row& row) {
  RollbackRecord out;
  out.id = row["id"].as<std::int64_t>();
  out.match_id = row["match_id"].as<std::int64_t>();
  out.room_id = row["room_id"].as<std::string>();
  out.judge_id = row["judge_id"].as<std::int64_t>();
  out.judge = row["judge"].as<std::string>();
  out.from_index = row["from_idx"].as<std::int64_t>();
  out.to_index = row["to_idx"].as<std::int64_t>();
  out.reason = row["reason"].as<std::string>();
  out.created_unix_ms = row["created_ms"].as<std::int64_t>();
  return out;
}

}  // namespace

std::int64_t RollbackRepository::void_commands(const RollbackRecord& rollback) {
  pqxx::work txn(conn_);
  txn.exec_params("SELECT id FROM matches WHERE id = $1 FOR UPDATE", rollback.match_id);
  const auto after = rollback.to_index;
  const auto tail = read_tail(txn, rollback.match_id, after);
  check_contiguous(tail.commands, rollback);
  const auto id = txn.exec_params1(
                         "INSERT INTO match_rollbacks (match_id, room_id, judge_id, from_idx, to_idx, reason)"
                         " VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
                         rollback.match_id, rollback.room_id, rollback.judge_id, rollback.from_index, after,
                         rollback.reason)[0]
                      .as<std::int64_t>();
  txn.exec_params(
      "INSERT INTO match_voided_commands (rollback_id, match_id, first_idx, last_idx, payload)"
      " VALUES ($1, $2, $3, $4, $5)",
      id, rollback.match_id, after + 1, rollback.from_index, encode(tail.commands));
  cut_straddling(txn, rollback.match_id, after, tail);
  txn.exec_params("DELETE FROM match_command_batches WHERE match_id = $1 AND first_idx > $2", rollback.match_id, after);
  txn.exec_params("DELETE FROM match_commands WHERE match_id = $1 AND idx > $2", rollback.match_id, after);
  // The journal folded the match before the rollback (FoldMatch): its runs
  // still in blocks are copies, and the voided ones must not come back.
  detail::purge_block_runs(txn, rollback.match_id);
  txn.commit();
  return id;
}

std::vector<RollbackRecord> RollbackRepository::rollbacks(std::int64_t match_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<RollbackRecord> out;
  for (const auto& row : txn.exec_params(
           "SELECT r.id, r.match_id, r.room_id, r.judge_id, p.username AS judge, r.from_idx, r.to_idx, r.reason,"
           " (extract(epoch FROM r.created_at) * 1000)::bigint AS created_ms"
           " FROM match_rollbacks r JOIN players p ON p.id = r.judge_id WHERE r.match_id = $1 ORDER BY r.id",
           match_id)) {
    out.push_back(to_rollback(row));
  }
  return out;
}

std::vector<VoidedCommand> RollbackRepository::voided(std::int64_t match_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<VoidedCommand> out;
  for (const auto& row : txn.exec_params(
           "SELECT rollback_id, first_idx, last_idx, payload FROM match_voided_commands WHERE match_id = $1"
           " ORDER BY rollback_id",
           match_id)) {
    auto decoded = decode_command_batch(row[1].as<std::int64_t>(), row[2].as<std::int64_t>(), row[3].as<std::string>());
    if (!decoded) throw std::runtime_error("match " + std::to_string(match_id) + ": unreadable voided commands");
    for (auto& command : *decoded) out.push_back({row[0].as<std::int64_t>(), std::move(command)});
  }
  return out;
}

}  // namespace concord::persistence
