// Board: read-only questions about the star map in a state (ownership,
// presence, links, outposts, supply). The Engine asks; it never changes state.
#pragma once

#include <vector>

#include "concord/conquests/data.hpp"
#include "concord/conquests/state.hpp"

namespace concord::conquests {

class Board {
 public:
  Board(const StarMap& map, const GameState& state) : map_(map), s_(state) {}

  const RegionState& at(int r) const { return s_.regions[static_cast<std::size_t>(r)]; }
  bool owns(int seat, int r) const { return at(r).exists && at(r).owner == seat; }
  int agents(int seat, int r) const;
  bool present(int seat, int r) const { return owns(seat, r) || agents(seat, r) > 0; }
  bool empty(int r) const;                       // no owner, no agents, no HQ
  bool adjacent_to_owned(int seat, int r) const;
  bool adjacent_to_present(int seat, int r) const;
  // Gates to regions that exist with this player count.
  std::vector<int> gates(int r) const;
  int on_board(int seat) const;                  // units + agents
  int supply(int seat) const { return kUnitsPerEmpire - on_board(seat); }
  // Component labels of the regions the seat owns or has agents in (-1 elsewhere):
  // two owned regions with the same label are linked.
  std::vector<int> links(int seat) const;
  bool outpost_allowed(int seat, int r) const;   // own, not HQ, no outpost, every gate region present
  int outposts(int seat, int kind) const;        // outposts of that type (tokens it yields)
  int victory_points(int seat) const;
  int tokens(int seat, int kind) const;          // reserves + schedule + on cards

 private:
  const StarMap& map_;
  const GameState& s_;
};

}  // namespace concord::conquests
