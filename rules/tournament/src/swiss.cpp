// Swiss pairing: choose the bye, cut the ranked field into windows, pair each
// window by a maximum-weight matching whose weights rank candidate pairings
// lexicographically: fewest rematches, then the least sum of squared score
// differences, then a seeded jitter that makes pairing within a score group
// random. README.md gives the numbers.
#include "concord/tournament/swiss.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "concord/rules/rng.hpp"
#include "concord/tournament/matching.hpp"

namespace concord::tournament {

namespace {

constexpr std::int64_t kJitter = 1024;  // jitter in [0, kJitter)

std::uint64_t mix64(std::uint64_t z) {  // splitmix64's finaliser
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The pair's jitter depends only on the round's seed and the two ids, never
// on the order the pairer happens to visit them.
std::int64_t jitter(std::uint64_t round_key, PlayerId a, PlayerId b) {
  const auto lo = static_cast<std::uint64_t>(std::min(a, b));
  const auto hi = static_cast<std::uint64_t>(std::max(a, b));
  const std::uint64_t h = mix64(round_key ^ mix64(lo + 0x9e3779b97f4a7c15ULL) ^ mix64(hi * 3 + 1));
  return static_cast<std::int64_t>(h % kJitter);
}

std::uint64_t round_key(const rules::Seed& seed, int round) {
  const rules::Seed s = round_seed(seed, round);
  std::uint64_t key = 0;
  for (int i = 0; i < 8; ++i) key = (key << 8) | s.bytes[i];
  return key;
}

bool have_met(const SwissEntrant& a, const SwissEntrant& b) {
  return std::find(a.opponents.begin(), a.opponents.end(), b.id) != a.opponents.end();
}

// The lowest-ranked player who has not had a bye; if all have, the lowest.
std::size_t choose_bye(const std::vector<SwissEntrant>& ranked) {
  for (std::size_t i = ranked.size(); i-- > 0;) {
    if (!ranked[i].had_bye) return i;
  }
  return ranked.size() - 1;
}

struct Window {
  std::size_t begin = 0, end = 0;
  std::size_t size() const { return end - begin; }
};

// The next cut at or after `from`: the first even position up to twice the
// target that ends a score group, else the target itself. Positions are
// relative to the field; every window has an even size.
std::size_t next_cut(const std::vector<SwissEntrant>& field, std::size_t start, std::size_t target) {
  const std::size_t n = field.size();
  if (n - start <= 2 * target) return n;
  for (std::size_t p = start + target; p < start + 2 * target; p += 2) {
    if (field[p - 1].match_points != field[p].match_points) return p;
  }
  return start + target;
}

std::vector<Window> cut_windows(const std::vector<SwissEntrant>& field, const SwissLimits& limits) {
  if (field.size() <= limits.single_solve) return {Window{0, field.size()}};
  const std::size_t target = std::max<std::size_t>(2, limits.window & ~std::size_t{1});
  std::vector<Window> windows;
  for (std::size_t start = 0; start < field.size();) {
    const std::size_t end = next_cut(field, start, target);
    windows.push_back({start, end});
    start = end;
  }
  return windows;
}

// Indices into the field of the distinct scores, best first, so that the
// "distance" between two players is how many score groups apart they are.
std::vector<int> group_index(const std::vector<SwissEntrant>& field) {
  std::vector<int> out(field.size(), 0);
  for (std::size_t i = 1; i < field.size(); ++i) {
    out[i] = out[i - 1] + (field[i].match_points != field[i - 1].match_points ? 1 : 0);
  }
  return out;
}

struct WindowResult {
  std::vector<std::pair<std::size_t, std::size_t>> pairs;  // field indices
  bool needs_more_room = false;
};

class WindowPairer {
 public:
  WindowPairer(const std::vector<SwissEntrant>& field, std::uint64_t key)
      : field_(field), key_(key), group_(group_index(field)) {}

  WindowResult pair(const Window& w) const {
    const auto mate = max_weight_matching(static_cast<int>(w.size()), edges(w), true);
    WindowResult result;
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (mate[i] > static_cast<int>(i)) result.pairs.emplace_back(w.begin + i, w.begin + mate[i]);
    }
    result.needs_more_room = has_avoidable_flaw(w, result.pairs);
    return result;
  }

 private:
  // Weights, all positive: C - R*rematch - S*d^2 + jitter, where S exceeds
  // the jitter of a whole matching and R exceeds every score and jitter
  // term of a whole matching, so rematches dominate, then d^2, then jitter.
  std::vector<WeightedEdge> edges(const Window& w) const {
    const std::int64_t pairs = static_cast<std::int64_t>(w.size() / 2) + 1;
    std::int64_t max_d2 = 0;
    for (std::size_t i = w.begin; i < w.end; ++i) max_d2 = std::max(max_d2, d2(w.begin, i));
    const std::int64_t score_unit = pairs * kJitter;
    const std::int64_t rematch = pairs * (max_d2 * score_unit + kJitter) + 1;
    const std::int64_t base = rematch + max_d2 * score_unit + 1;
    std::vector<WeightedEdge> out;
    out.reserve(w.size() * (w.size() - 1) / 2);
    for (std::size_t i = w.begin; i < w.end; ++i) {
      for (std::size_t j = i + 1; j < w.end; ++j) {
        std::int64_t weight = base - d2(i, j) * score_unit + jitter(key_, field_[i].id, field_[j].id);
        if (have_met(field_[i], field_[j])) weight -= rematch;
        out.push_back({static_cast<int>(i - w.begin), static_cast<int>(j - w.begin), weight});
      }
    }
    return out;
  }

  std::int64_t d2(std::size_t i, std::size_t j) const {
    const std::int64_t d = field_[i].match_points - field_[j].match_points;
    return d * d;
  }

  // A rematch anywhere, or a pair-down across more than one score group that
  // reaches the window's first or last group (players beyond the cut might
  // fix it), is worth a larger window.
  bool has_avoidable_flaw(const Window& w, const std::vector<std::pair<std::size_t, std::size_t>>& pairs) const {
    for (const auto& [a, b] : pairs) {
      if (have_met(field_[a], field_[b])) return true;
      const bool long_pair_down = group_[b] - group_[a] > 1;
      const bool at_edge = group_[a] == group_[w.begin] || group_[b] == group_[w.end - 1];
      if (long_pair_down && at_edge) return true;
    }
    return false;
  }

  const std::vector<SwissEntrant>& field_;
  std::uint64_t key_;
  std::vector<int> group_;
};

// Pairs every window; a flawed window absorbs the next one (the last absorbs
// the previous) while the merged size stays within the limit.
std::vector<std::pair<std::size_t, std::size_t>> pair_windows(const std::vector<SwissEntrant>& field,
                                                              std::vector<Window> windows, std::uint64_t key,
                                                              const SwissLimits& limits) {
  const WindowPairer pairer(field, key);
  std::vector<WindowResult> done;
  for (std::size_t i = 0; i < windows.size();) {
    WindowResult r = pairer.pair(windows[i]);
    const bool can_grow = windows.size() > 1;
    if (r.needs_more_room && can_grow) {
      const bool last = i + 1 == windows.size();
      const Window merged = last ? Window{windows[i - 1].begin, windows[i].end} : Window{windows[i].begin, windows[i + 1].end};
      if (merged.size() <= limits.max_window) {
        if (last) {
          windows[i - 1] = merged;
          windows.pop_back();
          done.pop_back();
          --i;
        } else {
          windows[i] = merged;
          windows.erase(windows.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        }
        continue;
      }
    }
    done.push_back(std::move(r));
    ++i;
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (const auto& r : done) pairs.insert(pairs.end(), r.pairs.begin(), r.pairs.end());
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

}  // namespace

rules::Seed round_seed(const rules::Seed& seed, int round) {
  std::string data(seed.bytes.begin(), seed.bytes.end());
  data += "round:" + std::to_string(round);
  return rules::Seed{rules::sha256(data)};
}

SwissRoundPairs pair_first_round(std::vector<PlayerId> players, const rules::Seed& seed) {
  rules::Rng rng(round_seed(seed, 1));
  rng.shuffle(players);  // rules/core's own Fisher-Yates: the same on every platform
  SwissRoundPairs out;
  if (players.size() % 2 == 1) {
    out.bye = players.back();
    players.pop_back();
  }
  for (std::size_t i = 0; i + 1 < players.size(); i += 2) out.tables.emplace_back(players[i], players[i + 1]);
  return out;
}

SwissRoundPairs pair_swiss_round(const std::vector<SwissEntrant>& ranked, const rules::Seed& seed, int round,
                                 const SwissLimits& limits) {
  SwissRoundPairs out;
  std::vector<SwissEntrant> field = ranked;
  if (field.size() % 2 == 1) {
    const std::size_t bye = choose_bye(field);
    out.bye = field[bye].id;
    field.erase(field.begin() + static_cast<std::ptrdiff_t>(bye));
  }
  if (field.empty()) return out;
  const auto pairs = pair_windows(field, cut_windows(field, limits), round_key(seed, round), limits);
  for (const auto& [a, b] : pairs) out.tables.emplace_back(field[a].id, field[b].id);
  return out;
}

}  // namespace concord::tournament
