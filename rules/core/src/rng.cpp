// xoshiro256** (Blackman & Vigna, https://prng.di.unimi.it/xoshiro256starstar.c)
// seeded from the 32 seed bytes read as four little-endian u64 words.
#include "concord/rules/rng.hpp"

namespace concord::rules {

namespace {

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

std::uint64_t load_le64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// splitmix64 step: used only to remap the all-zero state (a fixed point of
// xoshiro) to a fixed, well-mixed state.
std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::array<std::uint64_t, 4> state_from_seed(const Seed& seed) {
  std::array<std::uint64_t, 4> s{};
  for (int i = 0; i < 4; ++i) s[i] = load_le64(seed.bytes.data() + 8 * i);
  if ((s[0] | s[1] | s[2] | s[3]) != 0) return s;
  std::uint64_t sm = 0;
  for (auto& word : s) word = splitmix64(sm);
  return s;
}

}  // namespace

Rng::Rng(const Seed& seed) : s_(state_from_seed(seed)) {}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

// Rejection sampling: values below 2^64 mod bound would make the low residues
// more likely, so they are redrawn. Precondition bound > 0 (0 yields 0).
std::uint64_t Rng::below(std::uint64_t bound) {
  if (bound == 0) return 0;
  const std::uint64_t threshold = (0 - bound) % bound;  // 2^64 mod bound
  for (;;) {
    const std::uint64_t r = next();
    if (r >= threshold) return r % bound;
  }
}

// Precondition lo <= hi (otherwise lo is returned). Arithmetic is done in
// unsigned space so the full int64 range works without overflow.
std::int64_t Rng::between(std::int64_t lo, std::int64_t hi) {
  if (hi <= lo) return lo;
  const std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  const std::uint64_t offset = span == UINT64_MAX ? next() : below(span + 1);
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + offset);
}

}  // namespace concord::rules
