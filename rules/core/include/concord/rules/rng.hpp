// xoshiro256** seeded from a 256-bit Seed. The only source of randomness a
// match may use. Deterministic across platforms.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "concord/rules/seed.hpp"

namespace concord::rules {

class Rng {
 public:
  explicit Rng(const Seed& seed);  // state = seed bytes as 4 little-endian u64 (all-zero seed remapped)

  std::uint64_t next();  // xoshiro256**
  // Uniform in [0, bound) without modulo bias; bound must be > 0.
  std::uint64_t below(std::uint64_t bound);
  // Uniform in [lo, hi] inclusive.
  std::int64_t between(std::int64_t lo, std::int64_t hi);

  // Fisher-Yates shuffle using below().
  template <typename T>
  void shuffle(std::vector<T>& items) {
    for (std::size_t i = items.size(); i > 1; --i) {
      std::size_t j = static_cast<std::size_t>(below(i));
      std::swap(items[i - 1], items[j]);
    }
  }

  const std::array<std::uint64_t, 4>& state() const { return s_; }

 private:
  std::array<std::uint64_t, 4> s_;
};

}  // namespace concord::rules
