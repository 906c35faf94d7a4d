// Round robin by the circle method: seat 0 stays, the others rotate one step
// a round; with an odd count a dummy seat makes the bye. Every pair meets
// exactly once in round_robin_round_count(n) rounds.
#pragma once

#include <utility>
#include <vector>

namespace concord::tournament {

// n - 1 rounds for an even n, n for an odd n; 0 below two players.
int round_robin_round_count(int players);

// The seat pairs of 1-based `round`; -1 stands for the bye (odd counts only).
std::vector<std::pair<int, int>> round_robin_pairs(int players, int round);

}  // namespace concord::tournament
