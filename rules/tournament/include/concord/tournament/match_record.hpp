// One pairing's games: best-of-N bookkeeping (N = 1, 3 or 5). Who won each
// game is recorded in order; the match is decided once a side has won the
// majority (N/2 + 1 games). The match result (win/draw/loss) is derived from
// the games won, as MTR does: more games won wins the match, equal is a draw.
#pragma once

#include <optional>
#include <vector>

#include "concord/rules/types.hpp"

namespace concord::tournament {

using rules::Rejection;

// The two sides of a pairing: the first and second player of the table.
enum class Side { First, Second };

// One game's result: a side won it, or it was drawn.
struct GameResult {
  std::optional<Side> winner;  // nullopt: drawn
  static GameResult won_by(Side s) { return {s}; }
  static GameResult drawn() { return {std::nullopt}; }
  bool operator==(const GameResult&) const = default;
};

enum class MatchOutcome { FirstWins, Draw, SecondWins };

class MatchRecord {
 public:
  // best_of must be 1, 3 or 5 (Tournament checks it on creation).
  explicit MatchRecord(int best_of = 1) : best_of_(best_of) {}

  // Records the next game. Refuses (MATCH_OVER) once the match is decided or
  // ended: a late report must not change a settled result.
  std::optional<Rejection> record_game(GameResult game);
  // Ends the match as it stands (round time ran out, both players agreed to
  // a draw, a judge's decision). Idempotent.
  void end() { ended_ = true; }
  // Records a fixed score at once (a bye's 2-0, a missed round's 0-2).
  static MatchRecord fixed(int best_of, int first_wins, int second_wins);

  int best_of() const { return best_of_; }
  int wins(Side side) const;
  int draws() const;
  int games_played() const { return static_cast<int>(games_.size()); }
  const std::vector<GameResult>& games() const { return games_; }
  // Decided: one side has won the majority of the N games.
  bool decided() const { return wins(Side::First) >= majority() || wins(Side::Second) >= majority(); }
  bool over() const { return ended_ || decided(); }
  MatchOutcome outcome() const;

 private:
  int majority() const { return best_of_ / 2 + 1; }

  int best_of_;
  std::vector<GameResult> games_;
  bool ended_ = false;
};

}  // namespace concord::tournament
