// The read side of tournaments: every read runs the repository queries on a
// database worker (WorkerPool) and hands back the wire message or an error.
// The database is the truth: the director persists every change before it
// announces it, so nothing here asks the director.
//
// `done` is called exactly once, on a database worker thread (or, when the
// database is unreachable and the job never started, wherever WorkerPool
// calls its Unavailable callback): a caller that needs its own strand posts.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <variant>

#include "concord/persistence/journal.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::server {

struct AppContext;

// Error codes of the reads (besides the database's: UNAVAILABLE, INTERNAL,
// INVALID_REQUEST from classify_db_error).
namespace read_errors {
inline constexpr const char* kNoSuchTournament = "NO_SUCH_TOURNAMENT";
inline constexpr const char* kNoSuchRound = "NO_SUCH_ROUND";
inline constexpr const char* kNoStandingsYet = "NO_STANDINGS_YET";
inline constexpr const char* kNoSuchPlayer = "NO_SUCH_PLAYER";
inline constexpr const char* kUnavailable = "UNAVAILABLE";
inline constexpr const char* kInternal = "INTERNAL";
}  // namespace read_errors

struct ReadError {
  std::string code;
  std::string message;
};

template <typename T>
using ReadResult = std::variant<T, ReadError>;

class TournamentReader {
 public:
  static constexpr int kMaxListed = 100;         // ListTournaments: the newest events
  static constexpr int kMaxRatingHistory = 100;  // Rating.history: the newest points, oldest first
  static constexpr int kMaxRound = 1000;         // a larger round number is refused (NO_SUCH_ROUND)

  explicit TournamentReader(AppContext& ctx);
  explicit TournamentReader(persistence::WorkerPool& db);

  // The newest events first (at most kMaxListed), without entrants.
  void list(std::function<void(ReadResult<v1::TournamentList>)> done);
  // One event with its entrants. NO_SUCH_TOURNAMENT.
  void info(std::int64_t id, std::function<void(ReadResult<v1::TournamentInfo>)> done);
  // The tables of `round` (0: the current round). NO_SUCH_TOURNAMENT,
  // NO_SUCH_ROUND (not paired yet, or no round started when round is 0).
  void pairings(std::int64_t id, int round, std::function<void(ReadResult<v1::Pairings>)> done);
  // The standings snapshot after `round` (0: the newest). NO_SUCH_TOURNAMENT,
  // NO_STANDINGS_YET (round 0, no round finished), NO_SUCH_ROUND.
  void standings(std::int64_t id, int round, std::function<void(ReadResult<v1::Standings>)> done);
  // The player's rating in `game` (a new player's when none is stored) and
  // its history. NO_SUCH_PLAYER.
  void rating(std::string username, std::string game, std::function<void(ReadResult<v1::Rating>)> done);

 private:
  template <typename T>
  void run(std::function<void(ReadResult<T>)> done, std::function<ReadResult<T>(pqxx::connection&)> read);

  persistence::WorkerPool& db_;
};

}  // namespace concord::server
