#include "concord/tournament/round_robin.hpp"

namespace concord::tournament {

int round_robin_round_count(int players) {
  if (players < 2) return 0;
  return players % 2 == 0 ? players - 1 : players;
}

std::vector<std::pair<int, int>> round_robin_pairs(int players, int round) {
  if (players < 2 || round < 1 || round > round_robin_round_count(players)) return {};
  const int m = players % 2 == 0 ? players : players + 1;  // seat m-1 is the dummy when odd
  // Position 0 holds seat 0; position i > 0 holds the seat that has moved
  // round-1 steps along the circle of the other m-1 seats.
  auto seat_at = [&](int pos) {
    if (pos == 0) return 0;
    const int seat = 1 + (pos - 1 + (round - 1)) % (m - 1);
    return seat == players ? -1 : seat;
  };
  std::vector<std::pair<int, int>> out;
  for (int i = 0; i < m / 2; ++i) out.emplace_back(seat_at(i), seat_at(m - 1 - i));
  return out;
}

}  // namespace concord::tournament
