// Glicko-2 ratings as in Glickman's "Example of the Glicko-2 system"
// (2013): rating, rating deviation (RD), volatility; system constant tau;
// the new volatility by the Illinois algorithm (step 5.1 of the paper).
// Defaults: a new player is 1500 / 350 / 0.06 and tau = 0.5 (the paper
// suggests 0.3 to 1.2; 0.5 is its example's and a middle value).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace concord::tournament {

struct Glicko2Rating {
  double rating = 1500.0;
  double rd = 350.0;
  double volatility = 0.06;
};

struct Glicko2Settings {
  double tau = 0.5;
  double epsilon = 0.000001;  // convergence tolerance of the Illinois iteration
  // RD never grows past a new player's: a long absence makes a player as
  // uncertain as a newcomer, no more (Glicko-1's cap; the paper has none).
  double max_rd = 350.0;
};

struct Glicko2Game {
  Glicko2Rating opponent;  // as of the start of the rating period
  double score = 0.0;      // 1 win, 0.5 draw, 0 loss
};

// One rating period for one player. With no games only the RD grows:
// RD' = sqrt(RD^2 + volatility^2) on the Glicko-2 scale (step 6).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Settings& settings = {});

// A rating period over many players: results are collected, then closed all
// at once against the ratings as they were at the period's start.
class Glicko2Period {
 public:
  using PlayerKey = std::int64_t;
  void add_result(PlayerKey a, PlayerKey b, double score_of_a);
  // Every player in `ratings` gets a new rating; players with results but no
  // rating start from the defaults.
  std::map<PlayerKey, Glicko2Rating> close(const std::map<PlayerKey, Glicko2Rating>& ratings,
                                           const Glicko2Settings& settings = {}) const;

 private:
  struct Result {
    PlayerKey a, b;
    double score_of_a;
  };
  std::vector<Result> results_;
};

}  // namespace concord::tournament
