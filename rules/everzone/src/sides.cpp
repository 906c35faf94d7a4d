#include "concord/everzone/sides.hpp"

#include <algorithm>

namespace concord::everzone {
namespace {

const PlayerState& at(const GameState& s, int seat) { return s.players.at(static_cast<std::size_t>(seat)); }

// `out` holds `n` sides, each emptied (their seat lists keep their capacity;
// the engine asks for fresh sides often: one allocation for them, not a
// growth per side).
void reset_sides(std::vector<Side>& out, std::size_t n) {
  if (out.size() > n) out.resize(n);
  for (auto& side : out) {
    side.seats.clear();
    side.target = -1;
    side.shared_limit = false;
  }
  if (out.capacity() < n) out.reserve(n);
  while (out.size() < n) out.emplace_back();
}

// Two armies attacking each other, in order of their lowest seat.
void face_each_other(std::vector<Side>& out) {
  out[0].target = 1, out[1].target = 0;
  if (!out[0].seats.empty() && !out[1].seats.empty() && out[0].seats.front() > out[1].seats.front()) {
    std::swap(out[0], out[1]);
  }
}

// Three players, every target revealed: "Two players chose the same target"
// -> allies against the third; "All three players chose different targets" ->
// three armies, each attacking the one it chose.
void three_player_sides(const GameState& s, const int (&alive)[3], std::vector<Side>& out) {
  for (std::size_t i = 0; i < 3; ++i)
    for (std::size_t j = i + 1; j < 3; ++j)
      if (at(s, alive[i]).target == at(s, alive[j]).target) {
        reset_sides(out, 2);
        out[0].seats.reserve(2);
        out[0].seats.push_back(alive[i]);
        out[0].seats.push_back(alive[j]);
        out[0].shared_limit = true;
        out[1].seats.push_back(alive[3 - i - j]);
        return face_each_other(out);
      }
  reset_sides(out, 3);
  for (std::size_t k = 0; k < 3; ++k) out[k].seats.push_back(alive[k]);
  for (auto& side : out) side.target = side_of(out, at(s, side.seats[0]).target);
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
  std::vector<Side> out;
  sides(s, out);
  return out;
}

void sides(const GameState& s, std::vector<Side>& out) {
  const int seats = static_cast<int>(s.players.size());
  const auto alive = [&](int seat) { return !at(s, seat).eliminated; };
  if (s.teams) {
    reset_sides(out, 2);
    for (auto& side : out) side.seats.reserve(static_cast<std::size_t>(seats));
    for (int seat = 0; seat < seats; ++seat) {
      if (alive(seat)) out[at(s, seat).team == 0 ? 0 : 1].seats.push_back(seat);
    }
    return face_each_other(out);
  }
  int first[3] = {-1, -1, -1};  // the first three seats still in the game
  std::size_t count = 0;
  bool targeted = true;
  for (int seat = 0; seat < seats; ++seat) {
    if (!alive(seat)) continue;
    if (count < 3) first[count] = seat;
    ++count;
    targeted = targeted && at(s, seat).target >= 0;
  }
  if (count == 2) {
    reset_sides(out, 2);
    out[0].seats.push_back(first[0]);
    out[1].seats.push_back(first[1]);
    return face_each_other(out);
  }
  if (count == 3 && targeted) return three_player_sides(s, first, out);
  reset_sides(out, count);
  std::size_t k = 0;
  for (int seat = 0; seat < seats; ++seat) {
    if (alive(seat)) out[k++].seats.push_back(seat);
  }
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
