// A tournament's state as pure data: its players, its rounds and the games
// recorded in them. The server drives it (register, drop, pair, record) and
// persists what it returns; nothing here knows about rooms, clocks or SQL.
// Every method that can refuse returns the refusal as a value and leaves the
// state untouched.
#pragma once

#include <cstdint>
#include <optional>
#include <variant>
#include <vector>

#include "concord/rules/seed.hpp"
#include "concord/tournament/match_record.hpp"

namespace concord::tournament {

using PlayerId = std::int64_t;

struct Player {
  PlayerId id = 0;
  int registration = 0;  // 0-based registration order
  // A late entry joins at this round; each earlier round counts as a match
  // loss 0-2 with no opponent (MTR: late entrants take losses for the rounds
  // they missed).
  int first_round = 1;
  bool dropped = false;  // not paired any more; results stay
};

struct Pairing {
  PlayerId first = 0;
  std::optional<PlayerId> second;  // nullopt: a bye (a 2-0 match win)
  MatchRecord match;
  bool is_bye() const { return !second.has_value(); }
  bool involves(PlayerId p) const { return first == p || second == p; }
};

struct Round {
  int number = 0;                 // 1-based
  std::vector<Pairing> pairings;  // by table; a bye, if any, comes last
  bool complete() const;
};

enum class Format { Swiss, RoundRobin };

struct TournamentOptions {
  rules::Seed seed;  // committed when the event starts; all randomness comes from it
  Format format = Format::Swiss;
  int best_of = 3;            // 1, 3 or 5
  std::optional<int> rounds;  // Swiss override; default ceil(log2(players))
};

// ceil(log2(players)), at least 1: the usual number of Swiss rounds.
int default_swiss_rounds(int players);

class Tournament {
 public:
  // Refuses BAD_BEST_OF (not 1, 3 or 5) and BAD_ROUNDS (an override below 1).
  static std::variant<Tournament, Rejection> create(TournamentOptions options);
  // Rebuilds a tournament from what was persisted (crash recovery, replays,
  // hand-made examples in tests). The same checks as create(); the rounds are
  // taken as recorded.
  static std::variant<Tournament, Rejection> restore(TournamentOptions options, std::vector<Player> players,
                                                     std::vector<Round> rounds);

  // Before round 1, or later as a late entry (Swiss only). DUPLICATE_PLAYER,
  // LATE_ENTRY_NOT_ALLOWED, TOURNAMENT_OVER.
  std::optional<Rejection> register_player(PlayerId id);
  // UNKNOWN_PLAYER, ALREADY_DROPPED. A dropped player's current match stays
  // as recorded; they are not paired in later rounds.
  std::optional<Rejection> drop(PlayerId id);
  // Pairs the next round (Swiss or round robin). ROUND_NOT_FINISHED,
  // TOURNAMENT_OVER, NOT_ENOUGH_PLAYERS.
  std::optional<Rejection> pair_next_round();
  // Records a game at a table of the current round. NO_ROUND, NO_SUCH_TABLE,
  // BYE_HAS_NO_GAMES, MATCH_OVER.
  std::optional<Rejection> record_game(int table, GameResult game);
  // Ends the match at a table as it stands (time, agreed draw).
  std::optional<Rejection> end_match(int table);

  int planned_rounds() const;
  bool finished() const;  // every planned round paired and complete
  const TournamentOptions& options() const { return options_; }
  const std::vector<Player>& players() const { return players_; }
  const std::vector<Round>& rounds() const { return rounds_; }
  const Player* find(PlayerId id) const;
  std::vector<PlayerId> active_players() const;  // not dropped, registration order

 private:
  explicit Tournament(TournamentOptions options) : options_(std::move(options)) {}
  Pairing bye_for(PlayerId player) const;
  void fix_round_robin_order();
  std::vector<Pairing> pair_swiss() const;
  std::vector<Pairing> pair_round_robin() const;
  Pairing* current_table(int table);

  TournamentOptions options_;
  std::vector<Player> players_;
  std::vector<Round> rounds_;
  std::optional<int> planned_rounds_;  // fixed when round 1 is paired
  std::vector<PlayerId> round_robin_order_;  // the circle, fixed at round 1
};

}  // namespace concord::tournament
