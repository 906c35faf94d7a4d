// Swiss pairing of one round as a maximum-weight matching (see README.md,
// "Swiss pairing", for the weights and the windows).
#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "concord/rules/seed.hpp"
#include "concord/tournament/tournament.hpp"

namespace concord::tournament {

// An active player as the pairer sees them.
struct SwissEntrant {
  PlayerId id = 0;
  int match_points = 0;
  bool had_bye = false;
  std::vector<PlayerId> opponents;  // everyone met so far
};

struct SwissRoundPairs {
  std::vector<std::pair<PlayerId, PlayerId>> tables;  // higher-ranked player first
  std::optional<PlayerId> bye;
};

struct SwissLimits {
  // Up to this many players, one matching over everybody (the exact optimum).
  std::size_t single_solve = 128;
  // Larger fields are cut, in rank order, into windows of about this size
  // (extended to the next score-group boundary when one is near).
  std::size_t window = 48;
  // A window whose best pairing still has a rematch or a pair-down across
  // more than one score group at its edge absorbs its neighbour, up to this size.
  std::size_t max_window = 256;
};

// Round 1: a shuffle from the seed, paired in order; an odd player out gets the bye.
SwissRoundPairs pair_first_round(std::vector<PlayerId> players, const rules::Seed& seed);

// Later rounds. `ranked` holds the players still in, in standings order.
SwissRoundPairs pair_swiss_round(const std::vector<SwissEntrant>& ranked, const rules::Seed& seed, int round,
                                 const SwissLimits& limits = {});

// The seed of one round's randomness: SHA-256(seed bytes, "round:", round).
rules::Seed round_seed(const rules::Seed& seed, int round);

}  // namespace concord::tournament
