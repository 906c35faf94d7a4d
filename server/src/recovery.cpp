// Crash recovery.
#include "recovery.hpp"

#include <spdlog/spdlog.h>

#include <map>

#include "lobby.hpp"

namespace concord::server {

namespace {

struct Rebuilt {
  std::vector<PlayerRef> players;
  std::vector<std::optional<rules::Deck>> decks;
  std::vector<rules::Command> log;
  std::vector<std::string> metas;  // each command's room record (clock charges)
  std::string last_hash;
  std::uint64_t rollbacks = 0;  // the prompt ids' epoch
};

std::optional<std::string> read_match(pqxx::connection& conn, const persistence::MatchRecord& match, Rebuilt& out) {
  for (const auto& seat : match.seats) {
    out.players.push_back({seat.player_id, seat.username});
    if (seat.deck_body.empty()) {
      out.decks.emplace_back();
      continue;
    }
    auto deck = rules::Deck::from_text(seat.deck_body);
    if (!deck) return "unreadable deck for seat " + std::to_string(seat.seat);
    out.decks.push_back(std::move(deck));
  }
  out.rollbacks = persistence::RollbackRepository(conn).rollbacks(match.id).size();
  for (const auto& record : persistence::MatchRepository(conn).commands(match.id)) {
    auto command = rules::Command::from_text(record.command_text);
    if (!command) return "unreadable command " + std::to_string(record.index);
    out.log.push_back(std::move(*command));
    out.metas.push_back(record.meta);
    out.last_hash = record.state_hash;
  }
  return std::nullopt;
}

// A pause still in force when the server stopped holds after the restart;
// the clocks are rebuilt from the commands' records and the judges' extensions.
std::optional<std::string> restore_judging(pqxx::connection& conn, Room& room, std::int64_t match_id,
                                           const std::vector<std::string>& metas) {
  const auto actions = persistence::JudgeRepository(conn).actions(match_id);
  std::map<std::int64_t, std::string> names;
  for (const auto& action : actions) {
    if (names.count(action.judge_id)) continue;
    if (auto judge = persistence::PlayerRepository(conn).find_by_id(action.judge_id)) names[judge->id] = judge->username;
  }
  room.restore_judging(actions, names);
  return room.restore_clock(metas, actions);
}

std::optional<std::string> restore_one(AppContext& ctx, pqxx::connection& conn, const persistence::MatchRecord& match) {
  const auto* game = ctx.games.find(match.game);
  if (!game) return "game '" + match.game + "' is not hosted by this server";
  const auto seed = rules::Seed::from_hex(match.seed_hex);
  if (!seed) return std::string("unreadable seed");
  Rebuilt rebuilt;
  if (auto error = read_match(conn, match, rebuilt)) return error;
  RoomSettings settings{match.room_name,
                        rules::options_from_text(match.options_text),
                        match.seat_count > 0 ? match.seat_count : static_cast<int>(match.seats.size()),
                        match.password_hash,
                        match.creator_id,
                        match.settings_blob,
                        {},
                        {},
                        {},
                        {},
                        {},
                        {}};
  read_settings_blob(match.settings_blob, settings);
  auto room = ctx.lobby.adopt(*game, match.room_id, std::move(settings));
  auto error = room->restore(match.id, rebuilt.players, rebuilt.decks, *seed, rebuilt.log, rebuilt.last_hash,
                             rebuilt.rollbacks);
  if (error) {
    ctx.lobby.remove(match.room_id);
    return error;
  }
  if (auto result = room->restored_result()) persistence::MatchRepository(conn).finish(match.id, "finished", *result);
  if (auto clock_error = restore_judging(conn, *room, match.id, rebuilt.metas)) {
    ctx.lobby.remove(match.room_id);
    return clock_error;
  }
  return std::nullopt;
}

void mark_aborted(pqxx::connection& conn, std::int64_t match_id, const std::string& reason) {
  persistence::MatchRepository(conn).finish(match_id, "aborted", "aborted: " + reason);
}

}  // namespace

RecoveryReport recover_matches(AppContext& ctx, pqxx::connection& conn) {
  RecoveryReport report;
  for (const auto& match : persistence::MatchRepository(conn).list_running()) {
    if (auto error = restore_one(ctx, conn, match)) {
      spdlog::error("match {} (room {}) could not be recovered: {}", match.id, match.room_id, *error);
      mark_aborted(conn, match.id, *error);
      ++report.failed;
      continue;
    }
    spdlog::info("match {} (room {}) recovered", match.id, match.room_id);
    ++report.restored;
  }
  return report;
}

}  // namespace concord::server
