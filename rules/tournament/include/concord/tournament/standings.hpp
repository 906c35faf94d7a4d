// Standings and tiebreakers as in the Magic Tournament Rules, appendix C:
//   match points: 3 per match win (a bye is a win), 1 per draw, 0 per loss;
//   game points:  3 per game win, 1 per drawn game, 0 per game loss;
//   MWP = match points / (3 x rounds played), GWP = game points / (3 x games
//   played), each floored at 1/3;
//   OMW% = mean of the opponents' MWPs, OGW% = mean of the opponents' GWPs.
// A bye is a 2-0 match win for points and percentages but the bye is no
// opponent; a missed round of a late entry is a 0-2 loss with no opponent;
// a dropped player's matches stay and they still count as an opponent.
// Order: match points, OMW%, GW%, OGW%, then a seeded tie key (below).
#pragma once

#include <cstdint>
#include <vector>

#include "concord/tournament/tournament.hpp"

namespace concord::tournament {

// A percentage in parts per billion (1/3 = 333333333). Rounding each rate
// to an integer once makes rates that are equal in exact arithmetic compare
// equal whatever order their terms were summed in, so ties are real ties.
using Rate = std::int64_t;
constexpr Rate kRateScale = 1'000'000'000;
constexpr Rate kRateFloor = 333'333'333;  // the MTR's 1/3 floor

struct Standing {
  PlayerId player = 0;
  int rank = 0;  // 1-based
  int match_points = 0;
  int game_points = 0;
  int rounds_played = 0;  // matches, byes and missed rounds
  int games_played = 0;
  int wins = 0, draws = 0, losses = 0, byes = 0;
  Rate mwp = 0, omw = 0, gwp = 0, ogw = 0;
  // Last resort when every tiebreaker is equal: the first 8 bytes of
  // SHA-256(seed bytes, "tie", registration order), then registration order.
  // Random as MTR wants, yet the same for the same seed and players.
  std::uint64_t tie_key = 0;
  bool dropped = false;
};

// Counts every pairing whose match is over, every bye and missed round.
std::vector<Standing> compute_standings(const Tournament& tournament);

// The seeded tie key of the player registered at position `registration`.
std::uint64_t standings_tie_key(const rules::Seed& seed, int registration);

}  // namespace concord::tournament
