#include "concord/everzone/sides.hpp"

#include <algorithm>

namespace concord::everzone {
namespace {

const PlayerState& at(const GameState& s, int seat) { return s.players.at(static_cast<std::size_t>(seat)); }

std::vector<Side> two_sides(std::vector<int> a, std::vector<int> b, bool shared) {
  std::vector<Side> out(2);  // not from an initializer list: that would copy both seat lists
  out[0] = {std::move(a), 1, shared};
  out[1] = {std::move(b), 0, false};
  if (out[0].seats.front() > out[1].seats.front()) {
    std::swap(out[0], out[1]);
    out[0].target = 1, out[1].target = 0;
  }
  return out;
}

// Three players, every target revealed: "Two players chose the same target"
// -> allies against the third; "All three players chose different targets" ->
// three armies, each attacking the one it chose.
std::vector<Side> three_player_sides(const GameState& s, const std::vector<int>& alive) {
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j)
      if (at(s, alive[i]).target == at(s, alive[j]).target) {
        const int lone = alive[3 - i - j];
        return two_sides({alive[i], alive[j]}, {lone}, true);
      }
  std::vector<Side> out;
  out.reserve(alive.size());
  for (int seat : alive) out.push_back({{seat}, -1, false});
  for (auto& side : out) side.target = side_of(out, at(s, side.seats[0]).target);
  return out;
}

}  // namespace

std::vector<int> alive_seats(const GameState& s) {
  std::vector<int> out;
  out.reserve(s.players.size());
  for (int seat = 0; seat < static_cast<int>(s.players.size()); ++seat)
    if (!at(s, seat).eliminated) out.push_back(seat);
  return out;
}

std::vector<Side> sides(const GameState& s) {
  const auto alive = alive_seats(s);
  if (s.teams) {
    std::vector<int> a, b;
    for (int seat : alive) (at(s, seat).team == 0 ? a : b).push_back(seat);
    return two_sides(std::move(a), std::move(b), false);
  }
  if (alive.size() == 2) return two_sides({alive[0]}, {alive[1]}, false);
  const bool targeted = std::all_of(alive.begin(), alive.end(), [&](int seat) { return at(s, seat).target >= 0; });
  if (alive.size() == 3 && targeted) return three_player_sides(s, alive);
  std::vector<Side> out;
  out.reserve(alive.size());
  for (int seat : alive) out.push_back({{seat}, -1, false});
  return out;
}

int side_of(const std::vector<Side>& all, int seat) {
  for (std::size_t i = 0; i < all.size(); ++i)
    if (std::find(all[i].seats.begin(), all[i].seats.end(), seat) != all[i].seats.end()) return static_cast<int>(i);
  return -1;
}

std::vector<int> limit_group(const GameState& s, int seat) {
  // Only a three-player alliance shares a limit: none with teams or without three players left.
  const auto alive = std::count_if(s.players.begin(), s.players.end(), [](const auto& p) { return !p.eliminated; });
  if (s.teams || alive != 3) return {seat};
  auto all = sides(s);
  const int i = side_of(all, seat);
  if (i >= 0 && all[static_cast<std::size_t>(i)].shared_limit) return std::move(all[static_cast<std::size_t>(i)].seats);
  return {seat};
}

std::vector<int> opponents(const GameState& s, int seat) {
  const auto all = sides(s);
  const int mine = side_of(all, seat);
  std::vector<int> out;
  out.reserve(s.players.size());
  for (int other : alive_seats(s))
    if (other != seat && (mine < 0 || side_of(all, other) != mine)) out.push_back(other);
  return out;
}

std::vector<int> team_seats(const GameState& s, int seat) {
  if (!s.teams) return {seat};
  std::vector<int> out;
  for (int other = 0; other < static_cast<int>(s.players.size()); ++other)
    if (at(s, other).team == at(s, seat).team) out.push_back(other);
  return out;
}

}  // namespace concord::everzone
