// JudgeRepository: judges, judge_view_audit, judge_actions, judge_calls
// (migration 0003).
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

namespace {

constexpr const char* kSelectCalls =
    "SELECT c.id, c.room_id, c.caller_id, p.username AS caller, c.text, c.status,"
    " COALESCE(c.taken_by, 0) AS taken_by, COALESCE(j.username, '') AS taken_by_name, c.note,"
    " (extract(epoch FROM c.created_at) * 1000)::bigint AS created_ms"
    " FROM judge_calls c JOIN players p ON p.id = c.caller_id LEFT JOIN players j ON j.id = c.taken_by ";

JudgeCallRecord to_call(const pqxx::row& row) {
  JudgeCallRecord call;
  call.id = row["id"].as<std::int64_t>();
  call.room_id = row["room_id"].as<std::string>();
  call.caller_id = row["caller_id"].as<std::int64_t>();
  call.caller = row["caller"].as<std::string>();
  call.text = row["text"].as<std::string>();
  call.status = row["status"].as<std::string>();
  call.taken_by = row["taken_by"].as<std::int64_t>();
  call.taken_by_name = row["taken_by_name"].as<std::string>();
  call.note = row["note"].as<std::string>();
  call.created_unix_ms = row["created_ms"].as<std::int64_t>();
  return call;
}

JudgeActionRecord to_action(const pqxx::row& row) {
  JudgeActionRecord action;
  action.match_id = row["match_id"].as<std::int64_t>();
  action.room_id = row["room_id"].as<std::string>();
  action.judge_id = row["judge_id"].as<std::int64_t>();
  action.command_index = row["command_index"].as<std::int64_t>();
  action.kind = row["kind"].as<std::string>();
  if (!row["seat"].is_null()) action.seat = row["seat"].as<int>();
  if (!row["player_id"].is_null()) action.player_id = row["player_id"].as<std::int64_t>();
  action.category = row["category"].as<std::string>();
  action.penalty = row["penalty"].as<std::string>();
  action.detail = row["detail"].as<std::string>();
  return action;
}

}  // namespace

std::set<std::int64_t> JudgeRepository::judges() {
  pqxx::read_transaction txn(conn_);
  std::set<std::int64_t> out;
  for (const auto& row : txn.exec("SELECT player_id FROM judges")) out.insert(row[0].as<std::int64_t>());
  return out;
}

void JudgeRepository::grant(std::int64_t player_id, std::int64_t granted_by) {
  pqxx::work txn(conn_);
  txn.exec_params("INSERT INTO judges (player_id, granted_by) VALUES ($1, $2) ON CONFLICT (player_id) DO NOTHING",
                  player_id, granted_by);
  txn.commit();
}

void JudgeRepository::revoke(std::int64_t player_id) {
  pqxx::work txn(conn_);
  txn.exec_params("DELETE FROM judges WHERE player_id = $1", player_id);
  txn.commit();
}

void JudgeRepository::audit_view(std::int64_t judge_id, const std::string& room_id, std::int64_t match_id,
                                 std::int64_t command_index) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "INSERT INTO judge_view_audit (judge_id, room_id, match_id, command_index) VALUES ($1, $2, NULLIF($3, 0), $4)",
      judge_id, room_id, match_id, command_index);
  txn.commit();
}

namespace {

std::int64_t insert_action(pqxx::work& txn, const JudgeActionRecord& a) {
  const auto result = txn.exec_params(
      "INSERT INTO judge_actions (match_id, room_id, judge_id, command_index, kind, seat, player_id, category,"
      " penalty, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
      a.match_id, a.room_id, a.judge_id, a.command_index, a.kind, a.seat, a.player_id, a.category, a.penalty,
      a.detail);
  return result[0][0].as<std::int64_t>();
}

void update_result(pqxx::work& txn, std::int64_t match_id, std::int64_t judge_id, const std::string& result_text) {
  txn.exec_params(
      "UPDATE matches SET status = 'finished', result_text = $3, result_judge_id = $2,"
      " finished_at = COALESCE(finished_at, now()) WHERE id = $1",
      match_id, judge_id, result_text);
}

}  // namespace

std::int64_t JudgeRepository::record_action(const JudgeActionRecord& a) {
  pqxx::work txn(conn_);
  const auto id = insert_action(txn, a);
  txn.commit();
  return id;
}

std::vector<JudgeActionRecord> JudgeRepository::actions(std::int64_t match_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<JudgeActionRecord> out;
  for (const auto& row : txn.exec_params("SELECT * FROM judge_actions WHERE match_id = $1 ORDER BY id", match_id)) {
    out.push_back(to_action(row));
  }
  return out;
}

void JudgeRepository::judge_result(std::int64_t match_id, std::int64_t judge_id, const std::string& result_text) {
  pqxx::work txn(conn_);
  update_result(txn, match_id, judge_id, result_text);
  txn.commit();
}

std::int64_t JudgeRepository::record_result(const JudgeActionRecord& a, const std::string& result_text) {
  pqxx::work txn(conn_);
  const auto id = insert_action(txn, a);
  update_result(txn, a.match_id, a.judge_id, result_text);
  txn.commit();
  return id;
}

JudgeCallRecord JudgeRepository::open_call(const std::string& room_id, std::int64_t match_id, std::int64_t caller_id,
                                           const std::string& text) {
  pqxx::work txn(conn_);
  const auto id = txn.exec_params(
                         "INSERT INTO judge_calls (room_id, match_id, caller_id, text, status)"
                         " VALUES ($1, NULLIF($2, 0), $3, $4, 'open') RETURNING id",
                         room_id, match_id, caller_id, text)[0][0]
                      .as<std::int64_t>();
  const auto row = txn.exec_params(std::string(kSelectCalls) + "WHERE c.id = $1", id);
  txn.commit();
  return to_call(row[0]);
}

std::optional<JudgeCallRecord> JudgeRepository::call(std::int64_t call_id) {
  pqxx::read_transaction txn(conn_);
  const auto result = txn.exec_params(std::string(kSelectCalls) + "WHERE c.id = $1", call_id);
  if (result.empty()) return std::nullopt;
  return to_call(result[0]);
}

std::vector<JudgeCallRecord> JudgeRepository::unresolved_calls() {
  pqxx::read_transaction txn(conn_);
  std::vector<JudgeCallRecord> out;
  for (const auto& row : txn.exec(std::string(kSelectCalls) + "WHERE c.status <> 'resolved' ORDER BY c.id")) {
    out.push_back(to_call(row));
  }
  return out;
}

int JudgeRepository::open_calls_of_room(const std::string& room_id) {
  pqxx::read_transaction txn(conn_);
  return txn.exec_params("SELECT count(*) FROM judge_calls WHERE room_id = $1 AND status <> 'resolved'", room_id)[0][0]
      .as<int>();
}

bool JudgeRepository::take_call(std::int64_t call_id, std::int64_t judge_id) {
  pqxx::work txn(conn_);
  const auto result = txn.exec_params(
      "UPDATE judge_calls SET status = 'taken', taken_by = $2, taken_at = now() WHERE id = $1 AND status = 'open'",
      call_id, judge_id);
  txn.commit();
  return result.affected_rows() == 1;
}

bool JudgeRepository::resolve_call(std::int64_t call_id, std::int64_t judge_id, const std::string& note) {
  pqxx::work txn(conn_);
  const auto result = txn.exec_params(
      "UPDATE judge_calls SET status = 'resolved', note = $3, resolved_at = now()"
      " WHERE id = $1 AND status = 'taken' AND taken_by = $2",
      call_id, judge_id, note);
  txn.commit();
  return result.affected_rows() == 1;
}

}  // namespace concord::persistence
