// Calendar: the Seals on the calendar and the time wheel. Seals go on the
// innermost free space of their month (after the Seals already there); turns
// are taken from the centre outwards; the wheel skips empty months.
#pragma once

#include <vector>

#include "concord/conquests/state.hpp"

namespace concord::conquests {

class Calendar {
 public:
  explicit Calendar(GameState& state) : s_(state) {}

  // Puts a new Seal (or the EVE marker) on the next free space of `month`.
  void place(int seat, int kind, int month);
  // Moves an existing Seal to the next free space of `month`.
  void move(int index, int month);
  int find(int seat, int kind) const;  // index in seals, -1 if none
  // The Seals of the current month that are next: the first one and, when it
  // is a player's, every Seal of the same player right after it (he chooses
  // which to take first). Empty when the month has no Seal left.
  static std::vector<int> next(const GameState& s);
  // Seals of the current month still to be resolved, in order.
  static std::vector<int> in_month(const GameState& s, int month);
  // Turns the wheel to the next month holding a Seal; returns the Decembers passed.
  int turn_wheel();

 private:
  GameState& s_;
};

}  // namespace concord::conquests
