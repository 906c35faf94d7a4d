#include "concord/conquests/board.hpp"

#include <algorithm>

namespace concord::conquests {

int Board::agents(int seat, int r) const {
  const auto& a = at(r).agents;
  return static_cast<int>(std::count(a.begin(), a.end(), seat));
}

bool Board::empty(int r) const {
  const auto& reg = at(r);
  return reg.exists && reg.owner == kNoSeat && reg.agents.empty() && reg.hq == kNoSeat;
}

std::vector<int> Board::gates(int r) const {
  std::vector<int> out;
  for (int g : map_.region(r).gates)
    if (at(g).exists) out.push_back(g);
  return out;
}

bool Board::adjacent_to_owned(int seat, int r) const {
  for (int g : gates(r))
    if (owns(seat, g)) return true;
  return false;
}

bool Board::adjacent_to_present(int seat, int r) const {
  for (int g : gates(r))
    if (present(seat, g)) return true;
  return false;
}

int Board::on_board(int seat) const {
  int n = 0;
  for (const auto& reg : s_.regions) {
    if (reg.owner == seat) n += reg.units;
    n += static_cast<int>(std::count(reg.agents.begin(), reg.agents.end(), seat));
  }
  return n;
}

std::vector<int> Board::links(int seat) const {
  std::vector<int> label(s_.regions.size(), -1);
  std::vector<int> stack;
  int next = 0;
  for (int r = 0; r < map_.size(); ++r) {
    if (label[static_cast<std::size_t>(r)] >= 0 || !present(seat, r)) continue;
    label[static_cast<std::size_t>(r)] = next;
    stack.push_back(r);
    while (!stack.empty()) {
      const int x = stack.back();
      stack.pop_back();
      for (int g : gates(x)) {
        if (label[static_cast<std::size_t>(g)] >= 0 || !present(seat, g)) continue;
        label[static_cast<std::size_t>(g)] = next;
        stack.push_back(g);
      }
    }
    ++next;
  }
  return label;
}

bool Board::outpost_allowed(int seat, int r) const {
  const auto& reg = at(r);
  if (!owns(seat, r) || reg.hq != kNoSeat || reg.outpost >= 0 || reg.units == 0) return false;
  for (int g : gates(r))
    if (!present(seat, g)) return false;
  return true;
}

int Board::outposts(int seat, int kind) const {
  int n = 0;
  for (const auto& reg : s_.regions)
    if (reg.owner == seat && reg.outpost == kind) ++n;
  return n;
}

int Board::victory_points(int seat) const {
  int vp = 0;
  for (int r : s_.seats[static_cast<std::size_t>(seat)].region_cards) vp += colour_value(map_.region(r).colour);
  return vp;
}

int Board::tokens(int seat, int kind) const {
  const auto& p = s_.seats[static_cast<std::size_t>(seat)];
  int n = p.reserves[static_cast<std::size_t>(kind)] + p.schedule[static_cast<std::size_t>(kind)];
  for (const auto& c : p.in_play)
    if (c.token == kind) ++n;
  return n;
}

}  // namespace concord::conquests
