// PlayerRepository: the players table.
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

namespace {

PlayerRecord to_player(const pqxx::row& row) {
  PlayerRecord player;
  player.id = row["id"].as<std::int64_t>();
  player.username = row["username"].as<std::string>();
  player.password_hash = row["password_hash"].as<std::string>();
  return player;
}

std::optional<PlayerRecord> first_player(const pqxx::result& result) {
  if (result.empty()) return std::nullopt;
  return to_player(result[0]);
}

}  // namespace

std::optional<std::int64_t> PlayerRepository::create(const std::string& username,
                                                     const std::string& password_hash) {
  pqxx::work txn(conn_);
  const auto result = txn.exec_params(
      "INSERT INTO players (username, username_lower, password_hash) VALUES ($1, lower($1), $2) "
      "ON CONFLICT (username_lower) DO NOTHING RETURNING id",
      username, password_hash);
  txn.commit();
  if (result.empty()) return std::nullopt;
  return result[0][0].as<std::int64_t>();
}

std::optional<PlayerRecord> PlayerRepository::find_by_username(const std::string& username) {
  pqxx::read_transaction txn(conn_);
  return first_player(txn.exec_params(
      "SELECT id, username, password_hash FROM players WHERE username_lower = lower($1)",
      username));
}

std::optional<PlayerRecord> PlayerRepository::find_by_id(std::int64_t id) {
  pqxx::read_transaction txn(conn_);
  return first_player(
      txn.exec_params("SELECT id, username, password_hash FROM players WHERE id = $1", id));
}

}  // namespace concord::persistence
