// An event's state as the director keeps it: the persisted records (the
// database is the truth) and the pure tournament they describe, rebuilt from
// them whenever it is needed (concord::tournament::Tournament::restore and
// a TopCut replayed from its tables). Nothing here does I/O.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "concord/persistence/tournament_repository.hpp"
#include "concord/tournament/top_cut.hpp"
#include "concord/tournament/tournament.hpp"
#include "tournament_config.hpp"

namespace concord::server {

// Which game of which event a room plays: "t<id>/r<round>/t<table>/g<game>".
struct GameTag {
  std::int64_t tournament = 0;
  int round = 0, table = 0, game = 0;
  std::string text() const;
  static std::optional<GameTag> parse(const std::string& text);
};

struct EventRecords {
  persistence::TournamentRecord record;
  TournamentConfig config;
  std::vector<persistence::EntrantRecord> entrants;  // registration order
  std::vector<persistence::TableRecord> tables;      // by round, table
  std::vector<persistence::TournamentGameRecord> games;  // by round, table, game

  int current_round() const;  // 0 before round 1
  bool top_cut_started() const;
  const persistence::TableRecord* table(int round, int table_no) const;
  persistence::TableRecord* table(int round, int table_no);
  std::vector<const persistence::TournamentGameRecord*> games_of(int round, int table_no) const;
  persistence::TournamentGameRecord* game(int round, int table_no, int game_no);
  // The game of a table being played (no result yet), if any.
  const persistence::TournamentGameRecord* game_in_progress(int round, int table_no) const;
  const persistence::EntrantRecord* entrant(std::int64_t player_id) const;
  std::string name_of(std::int64_t player_id) const;
};

tournament::TournamentOptions tournament_options(const EventRecords& event);

// Every entrant's username by account id.
std::map<std::int64_t, std::string> names_of(const EventRecords& event);

// The match at a table as its recorded games make it (ended: as it stood).
tournament::MatchRecord table_match(const EventRecords& event, const persistence::TableRecord& table);

// The Swiss or round-robin part of the event (top-cut tables left out).
std::variant<tournament::Tournament, rules::Rejection> rebuild_tournament(const EventRecords& event);

// The top cut, replayed from its tables: seeded as its first round's tables
// were (so a player dropping later changes nothing), each decided match
// reports its winner (a drawn one: the higher seed goes on, chosen). nullopt
// before the cut.
std::optional<tournament::TopCut> rebuild_top_cut(const EventRecords& event);

// Who sits in the first seat of game `game_no` at a table: game 1 the table's
// first player; later games the loser of the game before (after a draw, the
// player who did not sit first in it). None of the hosted games lets a player
// choose who starts; who starts follows each game's own rule from the seats.
std::int64_t first_seat_of(const EventRecords& event, const persistence::TableRecord& table, int game_no);

// The side of the table ("first", "second", "draw") a room's result gives,
// knowing who sat in the room's first seat.
std::string winner_side(const persistence::TableRecord& table, std::int64_t first_seat_player,
                        const rules::MatchResult& result);

}  // namespace concord::server
