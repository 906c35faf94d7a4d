// DeckRepository: the decks table. Every query is scoped to the owning player.
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

namespace {

constexpr const char* kDeckColumns = "id, player_id, game, name, body, card_count";

DeckRecord to_deck(const pqxx::row& row) {
  DeckRecord deck;
  deck.id = row["id"].as<std::int64_t>();
  deck.player_id = row["player_id"].as<std::int64_t>();
  deck.game = row["game"].as<std::string>();
  deck.name = row["name"].as<std::string>();
  deck.body = row["body"].as<std::string>();
  deck.card_count = row["card_count"].as<unsigned>();
  return deck;
}

}  // namespace

std::int64_t DeckRepository::save(std::int64_t player_id, const std::string& game,
                                  const std::string& name, const std::string& body,
                                  unsigned card_count) {
  pqxx::work txn(conn_);
  const auto row = txn.exec_params1(
      "INSERT INTO decks (player_id, game, name, body, card_count) VALUES ($1, $2, $3, $4, $5) "
      "ON CONFLICT (player_id, game, name) DO UPDATE "
      "SET body = EXCLUDED.body, card_count = EXCLUDED.card_count, updated_at = now() "
      "RETURNING id",
      player_id, game, name, body, card_count);
  txn.commit();
  return row[0].as<std::int64_t>();
}

std::vector<DeckRecord> DeckRepository::list(std::int64_t player_id, const std::string& game) {
  pqxx::read_transaction txn(conn_);
  const auto result =
      txn.exec_params(std::string("SELECT ") + kDeckColumns +
                          " FROM decks WHERE player_id = $1"
                          " AND ($2::text = '' OR game = $2::text) ORDER BY game, name, id",
                      player_id, game);
  std::vector<DeckRecord> decks;
  decks.reserve(result.size());
  for (const auto& row : result) decks.push_back(to_deck(row));
  return decks;
}

std::optional<DeckRecord> DeckRepository::get(std::int64_t player_id, std::int64_t deck_id) {
  pqxx::read_transaction txn(conn_);
  const auto result = txn.exec_params(
      std::string("SELECT ") + kDeckColumns + " FROM decks WHERE id = $1 AND player_id = $2",
      deck_id, player_id);
  if (result.empty()) return std::nullopt;
  return to_deck(result[0]);
}

bool DeckRepository::remove(std::int64_t player_id, std::int64_t deck_id) {
  pqxx::work txn(conn_);
  const auto result =
      txn.exec_params("DELETE FROM decks WHERE id = $1 AND player_id = $2", deck_id, player_id);
  txn.commit();
  return result.affected_rows() > 0;
}

}  // namespace concord::persistence
