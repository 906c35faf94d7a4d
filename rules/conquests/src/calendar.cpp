#include "calendar.hpp"

#include <algorithm>
#include <climits>

namespace concord::conquests {

void Calendar::place(int seat, int kind, int month) {
  s_.seals.push_back(Seal{seat, kind, month, s_.next_order++});
}

void Calendar::move(int index, int month) {
  auto& seal = s_.seals.at(static_cast<std::size_t>(index));
  seal.month = month;
  seal.order = s_.next_order++;
}

int Calendar::find(int seat, int kind) const {
  for (std::size_t i = 0; i < s_.seals.size(); ++i)
    if (s_.seals[i].seat == seat && s_.seals[i].kind == kind) return static_cast<int>(i);
  return -1;
}

std::vector<int> Calendar::in_month(const GameState& s_, int month) {
  std::vector<int> out;
  for (std::size_t i = 0; i < s_.seals.size(); ++i)
    if (s_.seals[i].month == month) out.push_back(static_cast<int>(i));
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    return s_.seals[static_cast<std::size_t>(a)].order < s_.seals[static_cast<std::size_t>(b)].order;
  });
  return out;
}

std::vector<int> Calendar::next(const GameState& s_) {
  const auto month = in_month(s_, s_.month);
  std::vector<int> out;
  for (int i : month) {
    const int seat = s_.seals[static_cast<std::size_t>(i)].seat;
    if (!out.empty() && (seat == kNoSeat || seat != s_.seals[static_cast<std::size_t>(out[0])].seat)) break;
    out.push_back(i);
    if (seat == kNoSeat) break;
  }
  return out;
}

int Calendar::turn_wheel() {
  int soonest = INT_MAX;
  for (const auto& seal : s_.seals) soonest = std::min(soonest, seal.month);
  if (soonest == INT_MAX || soonest <= s_.month) return 0;
  const int years = soonest / 12 - s_.month / 12;
  s_.month = soonest;
  return years;
}

}  // namespace concord::conquests
