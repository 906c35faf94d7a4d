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

}  // namespace concord::persistence
