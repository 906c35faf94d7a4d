// TournamentRepository and RatingRepository (migration 0005).
#include "concord/persistence/tournament_repository.hpp"

#include <set>

namespace concord::persistence {

namespace {

constexpr const char* kSelectTournament =
    "SELECT t.id, t.name, t.game, t.organizer_id, p.username AS organizer, t.settings, t.status, t.seed_hex,"
    " t.seed_commitment, (extract(epoch FROM t.created_at) * 1000)::bigint AS created_ms"
    " FROM tournaments t JOIN players p ON p.id = t.organizer_id ";

TournamentRecord to_tournament(const pqxx::row& row) {
  TournamentRecord out;
  out.id = row["id"].as<std::int64_t>();
  out.name = row["name"].as<std::string>();
  out.game = row["game"].as<std::string>();
  out.organizer_id = row["organizer_id"].as<std::int64_t>();
  out.organizer = row["organizer"].as<std::string>();
  out.settings = row["settings"].as<std::string>();
  out.status = row["status"].as<std::string>();
  out.seed_hex = row["seed_hex"].as<std::string>();
  out.seed_commitment = row["seed_commitment"].as<std::string>();
  out.created_unix_ms = row["created_ms"].as<std::int64_t>();
  return out;
}

void insert_tables(pqxx::work& txn, std::int64_t tournament_id, const std::vector<TableRecord>& tables) {
  for (const auto& table : tables) {
    txn.exec_params(
        "INSERT INTO tournament_tables (tournament_id, round, table_no, top_cut, first_id, second_id, ends_at)"
        " VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::bigint IS NULL THEN NULL"
        " ELSE to_timestamp($7::bigint / 1000.0) END)",
        tournament_id, table.round, table.table_no, table.top_cut, table.first_id, table.second_id,
        table.ends_unix_ms);
  }
}

}  // namespace

std::int64_t TournamentRepository::create(const TournamentRecord& t) {
  pqxx::work txn(conn_);
  const auto id = txn.exec_params1(
                         "INSERT INTO tournaments (name, game, organizer_id, settings, status)"
                         " VALUES ($1, $2, $3, $4, $5) RETURNING id",
                         t.name, t.game, t.organizer_id, t.settings, t.status)[0]
                      .as<std::int64_t>();
  txn.commit();
  return id;
}

std::optional<TournamentRecord> TournamentRepository::get(std::int64_t id) {
  pqxx::read_transaction txn(conn_);
  const auto rows = txn.exec_params(std::string(kSelectTournament) + "WHERE t.id = $1", id);
  if (rows.empty()) return std::nullopt;
  return to_tournament(rows[0]);
}

std::vector<TournamentRecord> TournamentRepository::list(bool unfinished_only) {
  pqxx::read_transaction txn(conn_);
  std::vector<TournamentRecord> out;
  const std::string where = unfinished_only ? "WHERE t.status NOT IN ('finished', 'cancelled') " : "";
  for (const auto& row : txn.exec(std::string(kSelectTournament) + where + "ORDER BY t.id")) {
    out.push_back(to_tournament(row));
  }
  return out;
}

void TournamentRepository::set_status(std::int64_t id, const std::string& status) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE tournaments SET status = $2, finished_at = CASE WHEN $2 IN ('finished', 'cancelled') THEN now()"
      " ELSE finished_at END WHERE id = $1",
      id, status);
  txn.commit();
}

void TournamentRepository::start(std::int64_t id, const std::string& seed_hex, const std::string& commitment,
                                 const std::vector<TableRecord>& first_round) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE tournaments SET status = 'running', seed_hex = $2, seed_commitment = $3, started_at = now()"
      " WHERE id = $1",
      id, seed_hex, commitment);
  insert_tables(txn, id, first_round);
  txn.commit();
}

bool TournamentRepository::add_entrant(std::int64_t tournament_id, const EntrantRecord& e) {
  pqxx::work txn(conn_);
  const auto result = txn.exec_params(
      "INSERT INTO tournament_entrants (tournament_id, player_id, registration, first_round, deck_body)"
      " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (tournament_id, player_id) DO NOTHING",
      tournament_id, e.player_id, e.registration, e.first_round, e.deck_body);
  txn.commit();
  return result.affected_rows() == 1;
}

void TournamentRepository::set_dropped(std::int64_t tournament_id, std::int64_t player_id) {
  pqxx::work txn(conn_);
  txn.exec_params("UPDATE tournament_entrants SET dropped = true WHERE tournament_id = $1 AND player_id = $2",
                  tournament_id, player_id);
  txn.commit();
}

std::vector<EntrantRecord> TournamentRepository::entrants(std::int64_t tournament_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<EntrantRecord> out;
  for (const auto& row : txn.exec_params(
           "SELECT e.player_id, p.username, e.registration, e.first_round, e.dropped, e.deck_body"
           " FROM tournament_entrants e JOIN players p ON p.id = e.player_id WHERE e.tournament_id = $1"
           " ORDER BY e.registration",
           tournament_id)) {
    out.push_back({row[0].as<std::int64_t>(), row[1].as<std::string>(), row[2].as<int>(), row[3].as<int>(),
                   row[4].as<bool>(), row[5].as<std::string>()});
  }
  return out;
}

void TournamentRepository::add_round(std::int64_t tournament_id, const std::vector<TableRecord>& tables) {
  pqxx::work txn(conn_);
  insert_tables(txn, tournament_id, tables);
  txn.commit();
}

std::vector<TableRecord> TournamentRepository::tables(std::int64_t tournament_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<TableRecord> out;
  for (const auto& row : txn.exec_params(
           "SELECT round, table_no, top_cut, first_id, second_id,"
           " (extract(epoch FROM ends_at) * 1000)::bigint AS ends_ms, ended"
           " FROM tournament_tables WHERE tournament_id = $1 ORDER BY round, table_no",
           tournament_id)) {
    TableRecord table;
    table.round = row["round"].as<int>();
    table.table_no = row["table_no"].as<int>();
    table.top_cut = row["top_cut"].as<bool>();
    table.first_id = row["first_id"].as<std::int64_t>();
    if (!row["second_id"].is_null()) table.second_id = row["second_id"].as<std::int64_t>();
    if (!row["ends_ms"].is_null()) table.ends_unix_ms = row["ends_ms"].as<std::int64_t>();
    table.ended = row["ended"].as<bool>();
    out.push_back(table);
  }
  return out;
}

void TournamentRepository::set_table_deadline(std::int64_t tournament_id, int round, int table_no,
                                              std::int64_t ends_unix_ms) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE tournament_tables SET ends_at = to_timestamp($4::bigint / 1000.0)"
      " WHERE tournament_id = $1 AND round = $2 AND table_no = $3",
      tournament_id, round, table_no, ends_unix_ms);
  txn.commit();
}

void TournamentRepository::end_table(std::int64_t tournament_id, int round, int table_no) {
  pqxx::work txn(conn_);
  txn.exec_params("UPDATE tournament_tables SET ended = true WHERE tournament_id = $1 AND round = $2 AND table_no = $3",
                  tournament_id, round, table_no);
  txn.commit();
}

void TournamentRepository::start_game(std::int64_t tournament_id, const TournamentGameRecord& game) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "INSERT INTO tournament_games (tournament_id, round, table_no, game_no, room_id) VALUES ($1, $2, $3, $4, $5)"
      // A game whose room was lost before its match started (a restart)
      // gets a new room.
      " ON CONFLICT (tournament_id, round, table_no, game_no) DO UPDATE SET room_id = EXCLUDED.room_id"
      " WHERE tournament_games.match_id IS NULL AND tournament_games.winner_side IS NULL",
      tournament_id, game.round, game.table_no, game.game_no, game.room_id);
  txn.commit();
}

void TournamentRepository::set_game_match(std::int64_t tournament_id, int round, int table_no, int game_no,
                                          std::int64_t match_id) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE tournament_games SET match_id = $5"
      " WHERE tournament_id = $1 AND round = $2 AND table_no = $3 AND game_no = $4",
      tournament_id, round, table_no, game_no, match_id);
  txn.commit();
}

void TournamentRepository::record_game(std::int64_t tournament_id, int round, int table_no, int game_no,
                                       const std::string& winner_side, const std::string& reason) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "UPDATE tournament_games SET winner_side = $5, reason = $6"
      " WHERE tournament_id = $1 AND round = $2 AND table_no = $3 AND game_no = $4",
      tournament_id, round, table_no, game_no, winner_side, reason);
  txn.commit();
}

std::vector<TournamentGameRecord> TournamentRepository::games(std::int64_t tournament_id) {
  pqxx::read_transaction txn(conn_);
  std::vector<TournamentGameRecord> out;
  for (const auto& row : txn.exec_params(
           "SELECT round, table_no, game_no, room_id, match_id, COALESCE(winner_side, '') AS winner_side, reason"
           " FROM tournament_games WHERE tournament_id = $1 ORDER BY round, table_no, game_no",
           tournament_id)) {
    TournamentGameRecord game;
    game.round = row["round"].as<int>();
    game.table_no = row["table_no"].as<int>();
    game.game_no = row["game_no"].as<int>();
    game.room_id = row["room_id"].as<std::string>();
    if (!row["match_id"].is_null()) game.match_id = row["match_id"].as<std::int64_t>();
    game.winner_side = row["winner_side"].as<std::string>();
    game.reason = row["reason"].as<std::string>();
    out.push_back(game);
  }
  return out;
}

std::optional<TournamentRepository::RoomMatch> TournamentRepository::latest_match_in_room(const std::string& room_id) {
  pqxx::read_transaction txn(conn_);
  const auto rows = txn.exec_params(
      "SELECT id, status, COALESCE(result_text, '') FROM matches WHERE room_id = $1 ORDER BY id DESC LIMIT 1", room_id);
  if (rows.empty()) return std::nullopt;
  return RoomMatch{rows[0][0].as<std::int64_t>(), rows[0][1].as<std::string>(), rows[0][2].as<std::string>()};
}

void TournamentRepository::save_standings(std::int64_t tournament_id, int round, const std::string& body) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "INSERT INTO tournament_standings (tournament_id, round, body) VALUES ($1, $2, $3)"
      " ON CONFLICT (tournament_id, round) DO UPDATE SET body = EXCLUDED.body, created_at = now()",
      tournament_id, round, body);
  txn.commit();
}

std::optional<std::string> TournamentRepository::standings(std::int64_t tournament_id, int round) {
  pqxx::read_transaction txn(conn_);
  const auto rows = round > 0 ? txn.exec_params("SELECT body FROM tournament_standings WHERE tournament_id = $1"
                                                " AND round = $2",
                                                tournament_id, round)
                              : txn.exec_params("SELECT body FROM tournament_standings WHERE tournament_id = $1"
                                                " ORDER BY round DESC LIMIT 1",
                                                tournament_id);
  if (rows.empty()) return std::nullopt;
  return rows[0][0].as<std::string>();
}

std::set<std::int64_t> TournamentRepository::organizers() {
  pqxx::read_transaction txn(conn_);
  std::set<std::int64_t> out;
  for (const auto& row : txn.exec("SELECT player_id FROM organizers")) out.insert(row[0].as<std::int64_t>());
  return out;
}

void TournamentRepository::grant_organizer(std::int64_t player_id, std::int64_t granted_by) {
  pqxx::work txn(conn_);
  txn.exec_params(
      "INSERT INTO organizers (player_id, granted_by) VALUES ($1, $2) ON CONFLICT (player_id) DO NOTHING",
      player_id, granted_by);
  txn.commit();
}

void TournamentRepository::revoke_organizer(std::int64_t player_id) {
  pqxx::work txn(conn_);
  txn.exec_params("DELETE FROM organizers WHERE player_id = $1", player_id);
  txn.commit();
}

// --- ratings -------------------------------------------------------------------------

std::optional<RatingRecord> RatingRepository::get(std::int64_t player_id, const std::string& game) {
  pqxx::read_transaction txn(conn_);
  const auto rows = txn.exec_params(
      "SELECT rating, deviation, volatility, (extract(epoch FROM updated_at) * 1000)::bigint"
      " FROM ratings WHERE player_id = $1 AND game = $2",
      player_id, game);
  if (rows.empty()) return std::nullopt;
  return RatingRecord{player_id, game, rows[0][0].as<double>(), rows[0][1].as<double>(), rows[0][2].as<double>(), 0,
                      rows[0][3].as<std::int64_t>()};
}

void RatingRepository::save(const std::vector<RatingRecord>& ratings) {
  pqxx::work txn(conn_);
  for (const auto& r : ratings) {
    txn.exec_params(
        "INSERT INTO ratings (player_id, game, rating, deviation, volatility) VALUES ($1, $2, $3, $4, $5)"
        " ON CONFLICT (player_id, game) DO UPDATE SET rating = EXCLUDED.rating, deviation = EXCLUDED.deviation,"
        " volatility = EXCLUDED.volatility, updated_at = now()",
        r.player_id, r.game, r.rating, r.deviation, r.volatility);
    txn.exec_params(
        "INSERT INTO rating_history (player_id, game, match_id, rating, deviation, volatility)"
        " VALUES ($1, $2, NULLIF($3, 0), $4, $5, $6)",
        r.player_id, r.game, r.match_id, r.rating, r.deviation, r.volatility);
  }
  txn.commit();
}

std::vector<RatingRecord> RatingRepository::history(std::int64_t player_id, const std::string& game, int limit) {
  pqxx::read_transaction txn(conn_);
  std::vector<RatingRecord> out;
  for (const auto& row : txn.exec_params(
           "SELECT rating, deviation, volatility, COALESCE(match_id, 0),"
           " (extract(epoch FROM created_at) * 1000)::bigint FROM"
           " (SELECT * FROM rating_history WHERE player_id = $1 AND game = $2 ORDER BY id DESC LIMIT $3) h"
           " ORDER BY id",
           player_id, game, limit)) {
    out.push_back({player_id, game, row[0].as<double>(), row[1].as<double>(), row[2].as<double>(),
                   row[3].as<std::int64_t>(), row[4].as<std::int64_t>()});
  }
  return out;
}

}  // namespace concord::persistence
