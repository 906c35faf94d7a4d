#include "concord/tournament/match_record.hpp"

#include <algorithm>

namespace concord::tournament {

std::optional<Rejection> MatchRecord::record_game(GameResult game) {
  if (over()) return Rejection{"MATCH_OVER", "this match already has its result"};
  games_.push_back(game);
  return std::nullopt;
}

MatchRecord MatchRecord::fixed(int best_of, int first_wins, int second_wins) {
  MatchRecord record(best_of);
  for (int i = 0; i < first_wins; ++i) record.games_.push_back(GameResult::won_by(Side::First));
  for (int i = 0; i < second_wins; ++i) record.games_.push_back(GameResult::won_by(Side::Second));
  record.ended_ = true;
  return record;
}

int MatchRecord::wins(Side side) const {
  return static_cast<int>(
      std::count_if(games_.begin(), games_.end(), [side](const GameResult& g) { return g.winner == side; }));
}

int MatchRecord::draws() const {
  return static_cast<int>(
      std::count_if(games_.begin(), games_.end(), [](const GameResult& g) { return !g.winner.has_value(); }));
}

MatchOutcome MatchRecord::outcome() const {
  const int first = wins(Side::First);
  const int second = wins(Side::Second);
  if (first > second) return MatchOutcome::FirstWins;
  if (second > first) return MatchOutcome::SecondWins;
  return MatchOutcome::Draw;
}

}  // namespace concord::tournament
