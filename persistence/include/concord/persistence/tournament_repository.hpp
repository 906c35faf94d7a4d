// Tournaments and ratings (migration 0005). Like every repository: the
// caller owns the connection (a WorkerPool worker), never an I/O thread.
// Every write that changes an event's state is one transaction, so that a
// kill -9 leaves either the state before or the state after it.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <pqxx/pqxx>

namespace concord::persistence {

struct TournamentRecord {
  std::int64_t id = 0;
  std::string name;
  std::string game;
  std::int64_t organizer_id = 0;
  std::string organizer;           // username (when read)
  std::string settings;            // the organizer's settings as "key=value" lines
  std::string status;              // see migration 0005
  std::string seed_hex;            // set at the start; published only with the end
  std::string seed_commitment;
  std::int64_t created_unix_ms = 0;
};

struct EntrantRecord {
  std::int64_t player_id = 0;
  std::string username;            // when read
  int registration = 0;            // 0-based order
  int first_round = 1;
  bool dropped = false;
  std::string deck_body;           // frozen copy (rules::Deck::to_text)
};

struct TableRecord {
  int round = 0;
  int table_no = 0;                // 1-based
  bool top_cut = false;
  std::int64_t first_id = 0;
  std::optional<std::int64_t> second_id;  // nullopt: a bye
  std::optional<std::int64_t> ends_unix_ms;
  bool ended = false;
};

struct TournamentGameRecord {
  int round = 0;
  int table_no = 0;
  int game_no = 0;                 // 1-based
  std::string room_id;
  std::optional<std::int64_t> match_id;
  std::string winner_side;         // "first", "second", "draw"; "" while being played
  std::string reason;
};

class TournamentRepository {
 public:
  explicit TournamentRepository(pqxx::connection& conn) : conn_(conn) {}

  std::int64_t create(const TournamentRecord& tournament);
  std::optional<TournamentRecord> get(std::int64_t id);
  std::vector<TournamentRecord> list(bool unfinished_only);
  void set_status(std::int64_t id, const std::string& status);
  // Registration closed, round 1 paired: the seed, the status and the first
  // round's tables in one transaction.
  void start(std::int64_t id, const std::string& seed_hex, const std::string& commitment,
             const std::vector<TableRecord>& first_round);

  // false when the player is already registered.
  bool add_entrant(std::int64_t tournament_id, const EntrantRecord& entrant);
  void set_dropped(std::int64_t tournament_id, std::int64_t player_id);
  std::vector<EntrantRecord> entrants(std::int64_t tournament_id);  // registration order

  void add_round(std::int64_t tournament_id, const std::vector<TableRecord>& tables);
  std::vector<TableRecord> tables(std::int64_t tournament_id);  // by round, table
  void set_table_deadline(std::int64_t tournament_id, int round, int table_no, std::int64_t ends_unix_ms);
  void end_table(std::int64_t tournament_id, int round, int table_no);

  void start_game(std::int64_t tournament_id, const TournamentGameRecord& game);
  void set_game_match(std::int64_t tournament_id, int round, int table_no, int game_no, std::int64_t match_id);
  void record_game(std::int64_t tournament_id, int round, int table_no, int game_no, const std::string& winner_side,
                   const std::string& reason);
  std::vector<TournamentGameRecord> games(std::int64_t tournament_id);  // by round, table, game
  // The newest match played in a room (recovery: did a game's match start,
  // and how did it end?).
  struct RoomMatch {
    std::int64_t match_id = 0;
    std::string status;       // "running", "finished", "aborted"
    std::string result_text;
  };
  std::optional<RoomMatch> latest_match_in_room(const std::string& room_id);

  void save_standings(std::int64_t tournament_id, int round, const std::string& body);
  std::optional<std::string> standings(std::int64_t tournament_id, int round);  // round 0: the newest

  std::set<std::int64_t> organizers();
  void grant_organizer(std::int64_t player_id, std::int64_t granted_by);
  void revoke_organizer(std::int64_t player_id);

 private:
  pqxx::connection& conn_;
};

struct RatingRecord {
  std::int64_t player_id = 0;
  std::string game;
  double rating = 1500.0;
  double deviation = 350.0;
  double volatility = 0.06;
  std::int64_t match_id = 0;       // history: the match that changed it
  std::int64_t at_unix_ms = 0;
};

class RatingRepository {
 public:
  explicit RatingRepository(pqxx::connection& conn) : conn_(conn) {}
  std::optional<RatingRecord> get(std::int64_t player_id, const std::string& game);
  // The new ratings of a rated match and their history rows, in one transaction.
  void save(const std::vector<RatingRecord>& ratings);
  std::vector<RatingRecord> history(std::int64_t player_id, const std::string& game, int limit);  // oldest first

 private:
  pqxx::connection& conn_;
};

}  // namespace concord::persistence
