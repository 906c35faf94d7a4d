// MatchRepository: matches, their seats and their command log (read side;
// the journal appends commands and finishes matches).
#include "concord/persistence/repositories.hpp"

namespace concord::persistence {

namespace {

// One row per seat (or one row with NULL seat columns for a seatless match).
constexpr const char* kSelectMatches =
    "SELECT m.id, m.room_id, m.game, m.room_name, m.options_text, m.seed_hex,"
    " m.seed_commitment, m.status, m.result_text,"
    " s.seat, s.player_id, s.username, s.deck_body"
    " FROM matches m LEFT JOIN match_seats s ON s.match_id = m.id ";

MatchRecord to_match(const pqxx::row& row) {
  MatchRecord match;
  match.id = row["id"].as<std::int64_t>();
  match.room_id = row["room_id"].as<std::string>();
  match.game = row["game"].as<std::string>();
  match.room_name = row["room_name"].as<std::string>();
  match.options_text = row["options_text"].as<std::string>();
  match.seed_hex = row["seed_hex"].as<std::string>();
  match.seed_commitment = row["seed_commitment"].as<std::string>();
  match.status = row["status"].as<std::string>();
  match.result_text = row["result_text"].as<std::string>();
  return match;
}

MatchSeatRecord to_seat(const pqxx::row& row) {
  MatchSeatRecord seat;
  seat.seat = row["seat"].as<int>();
  seat.player_id = row["player_id"].as<std::int64_t>();
  seat.username = row["username"].as<std::string>();
  seat.deck_body = row["deck_body"].as<std::string>();
  return seat;
}

// Folds the joined rows (ordered by match id, then seat) into matches.
std::vector<MatchRecord> to_matches(const pqxx::result& result) {
  std::vector<MatchRecord> matches;
  for (const auto& row : result) {
    const auto id = row["id"].as<std::int64_t>();
    if (matches.empty() || matches.back().id != id) matches.push_back(to_match(row));
    if (!row["seat"].is_null()) matches.back().seats.push_back(to_seat(row));
  }
  return matches;
}

std::int64_t insert_match(pqxx::work& txn, const MatchRecord& match) {
  return txn
      .exec_params1(
          "INSERT INTO matches (room_id, game, room_name, options_text, seed_hex,"
          " seed_commitment, status) VALUES ($1, $2, $3, $4, $5, $6, 'running') RETURNING id",
          match.room_id, match.game, match.room_name, match.options_text, match.seed_hex,
          match.seed_commitment)[0]
      .as<std::int64_t>();
}

void insert_seat(pqxx::work& txn, std::int64_t match_id, const MatchSeatRecord& seat) {
  txn.exec_params(
      "INSERT INTO match_seats (match_id, seat, player_id, username, deck_body)"
      " VALUES ($1, $2, $3, $4, $5)",
      match_id, seat.seat, seat.player_id, seat.username, seat.deck_body);
}

}  // namespace

std::int64_t MatchRepository::create(const MatchRecord& match) {
  pqxx::work txn(conn_);
  const std::int64_t id = insert_match(txn, match);
  for (const auto& seat : match.seats) insert_seat(txn, id, seat);
  txn.commit();
  return id;
}

std::optional<MatchRecord> MatchRepository::get(std::int64_t match_id) {
  pqxx::read_transaction txn(conn_);
  auto matches = to_matches(
      txn.exec_params(std::string(kSelectMatches) + "WHERE m.id = $1 ORDER BY s.seat", match_id));
  if (matches.empty()) return std::nullopt;
  return std::move(matches.front());
}

std::vector<MatchRecord> MatchRepository::list_running() {
  pqxx::read_transaction txn(conn_);
  return to_matches(
      txn.exec(std::string(kSelectMatches) + "WHERE m.status = 'running' ORDER BY m.id, s.seat"));
}

std::vector<CommandRecord> MatchRepository::commands(std::int64_t match_id) {
  pqxx::read_transaction txn(conn_);
  const auto result = txn.exec_params(
      "SELECT idx, seat, command_text, state_hash FROM match_commands"
      " WHERE match_id = $1 ORDER BY idx",
      match_id);
  std::vector<CommandRecord> commands;
  commands.reserve(result.size());
  for (const auto& row : result) {
    commands.push_back({row["idx"].as<std::int64_t>(), row["seat"].as<int>(),
                        row["command_text"].as<std::string>(),
                        row["state_hash"].as<std::string>()});
  }
  return commands;
}

bool MatchRepository::finish(std::int64_t match_id, const std::string& status, const std::string& result_text) {
  pqxx::work tx(conn_);
  const auto result = tx.exec_params(
      "UPDATE matches SET status = $2, result_text = $3, finished_at = now() WHERE id = $1", match_id, status,
      result_text);
  tx.commit();
  return result.affected_rows() == 1;
}

}  // namespace concord::persistence
