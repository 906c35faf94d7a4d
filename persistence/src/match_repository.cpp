// MatchRepository: matches, their seats and their command log (read side;
// the journal appends commands and finishes matches).
#include "concord/persistence/repositories.hpp"

#include <map>
#include <stdexcept>

#include "concord/persistence/command_batch.hpp"
#include "journal_blocks.hpp"
#include "journal_sql.hpp"

namespace concord::persistence {

namespace {

// One row per seat (or one row with NULL seat columns for a seatless match).
constexpr const char* kSelectMatches =
    "SELECT m.id, m.room_id, m.game, m.room_name, m.options_text, m.seed_hex,"
    " m.seed_commitment, m.status, m.result_text,"
    " m.password_hash, COALESCE(m.creator_id, 0) AS creator_id, COALESCE(m.seat_count, 0) AS seat_count,"
    " m.settings_blob,"
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
  match.password_hash = row["password_hash"].as<std::string>();
  match.creator_id = row["creator_id"].as<std::int64_t>();
  match.seat_count = row["seat_count"].as<int>();
  match.settings_blob = row["settings_blob"].as<std::string>();
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

}  // namespace

// The journal's statement for new matches, for one match outside a batch
// (--journal false, tests): an id from the sequence, then the match and its
// seats, committed on their own.
std::int64_t MatchRepository::create(const MatchRecord& match) {
  CreateMatch create{match};
  create.record.id = detail::reserve_ids_sql(conn_, detail::IdSequence::matches, 1).at(0);
  const std::int64_t id = create.record.id;
  const JournalEntry entry = std::move(create);
  detail::write_journal_entries(conn_, {&entry});
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
  std::map<std::int64_t, CommandRecord> by_index;
  const auto rows = txn.exec_params(
      "SELECT idx, seat, command_text, state_hash FROM match_commands WHERE match_id = $1", match_id);
  for (const auto& row : rows) {
    detail::add_unique_command(by_index, {row["idx"].as<std::int64_t>(), row["seat"].as<int>(),
                                          row["command_text"].as<std::string>(),
                                          row["state_hash"].as<std::string>(), ""});
  }
  const auto runs = txn.exec_params(
      "SELECT first_idx, last_idx, payload FROM match_command_batches WHERE match_id = $1 ORDER BY first_idx",
      match_id);
  for (const auto& row : runs) {
    auto decoded = decode_command_batch(row["first_idx"].as<std::int64_t>(), row["last_idx"].as<std::int64_t>(),
                                        row["payload"].as<std::string>());
    if (!decoded) throw std::runtime_error("match " + std::to_string(match_id) + ": unreadable journal row");
    for (auto& command : *decoded) detail::add_unique_command(by_index, std::move(command));
  }
  // The journal's blocks: commands not folded into a row yet (and copies of
  // some that are).
  for (auto& command : detail::block_commands_of(txn, match_id)) {
    detail::add_unique_command(by_index, std::move(command));
  }
  std::vector<CommandRecord> commands;
  commands.reserve(by_index.size());
  for (auto& [index, command] : by_index) commands.push_back(std::move(command));
  return commands;
}

std::size_t MatchRepository::fold_journal_blocks() {
  pqxx::work txn(conn_);
  const std::size_t folded = detail::fold_all_blocks(txn);
  txn.commit();
  return folded;
}

bool MatchRepository::finish(std::int64_t match_id, const std::string& status, const std::string& result_text) {
  pqxx::work tx(conn_);
  const auto result = tx.exec_params(
      "UPDATE matches SET status = $2, result_text = $3, finished_at = now() WHERE id = $1", match_id, status,
      result_text);
  tx.commit();
  return result.affected_rows() == 1;
}

void MatchRepository::update_settings_blob(std::int64_t match_id, const std::string& blob) {
  pqxx::work tx(conn_);
  tx.exec_params("UPDATE matches SET settings_blob = $2 WHERE id = $1", match_id, blob);
  tx.commit();
}

}  // namespace concord::persistence
