// SessionRepository: the sessions table (tokens stored only as hashes).
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

void SessionRepository::create(const std::string& token_hash, std::int64_t player_id) {
  pqxx::work txn(conn_);
  txn.exec_params("INSERT INTO sessions (token_hash, player_id) VALUES ($1, $2)", token_hash,
                  player_id);
  txn.commit();
}

std::optional<std::int64_t> SessionRepository::find_player(const std::string& token_hash) {
  pqxx::work txn(conn_);
  const auto result = txn.exec_params(
      "UPDATE sessions SET last_seen = now() "
      "WHERE token_hash = $1 AND revoked_at IS NULL RETURNING player_id",
      token_hash);
  txn.commit();
  if (result.empty()) return std::nullopt;
  return result[0][0].as<std::int64_t>();
}

void SessionRepository::revoke(const std::string& token_hash) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL",
      token_hash);
  txn.commit();
}

std::set<std::string> SessionRepository::live(const std::set<std::string>& token_hashes) {
  std::string list;
  for (const auto& hash : token_hashes) list += (list.empty() ? "" : ",") + hash;
  pqxx::read_transaction txn(conn_);
  const auto result = txn.exec_params(
      "SELECT token_hash FROM sessions "
      "WHERE token_hash = ANY (string_to_array($1, ',')) AND revoked_at IS NULL",
      list);
  std::set<std::string> out;
  for (const auto& row : result) out.insert(row[0].as<std::string>());
  return out;
}

}  // namespace concord::persistence
