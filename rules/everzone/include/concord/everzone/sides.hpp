// Who fights whom in the current battle ("Rules for Three Players", "Team Rules").
// A side is one army: a single player (1-vs-1, three players who chose
// different targets), two allies who chose the same target (they "share the
// RESOURCES from the Location card as if they were one army made up of two
// races"), or a team ("the troops of one team join together and form one army").
#pragma once

#include <vector>

#include "concord/everzone/state.hpp"

namespace concord::everzone {

struct Side {
  std::vector<int> seats;     // members still in the game, ascending
  int target = -1;            // index of the side this army attacks (-1: none yet)
  bool shared_limit = false;  // three-player alliance: one RESOURCE limit for both
};

// The sides of the current battle, in order of their lowest seat.
std::vector<Side> sides(const GameState& state);
// The same written over `out` (its sides' seat lists keep their capacity).
void sides(const GameState& state, std::vector<Side>& out);
// Index of the side holding `seat` in `all` (-1 if the seat is out of the game).
int side_of(const std::vector<Side>& all, int seat);
// The seats whose RESOURCE counts against the same limit as `seat`'s: the
// alliance in a three-player game, otherwise the seat alone (team members
// activate and deploy as players under the basic rules).
std::vector<int> limit_group(const GameState& state, int seat);
// Seats on another side than `seat` (still in the game).
std::vector<int> opponents(const GameState& state, int seat);
// Seats still in the game.
std::vector<int> alive_seats(const GameState& state);
// Seats of `seat`'s team (teams), or the seat alone.
std::vector<int> team_seats(const GameState& state, int seat);

}  // namespace concord::everzone
