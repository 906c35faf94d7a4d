#include "xxh64.hpp"

#include <bit>
#include <cstring>

namespace concord::rules::xxh {

namespace {

constexpr std::uint64_t P1 = 0x9E3779B185EBCA87ull;
constexpr std::uint64_t P2 = 0xC2B2AE3D27D4EB4Full;
constexpr std::uint64_t P3 = 0x165667B19E3779F9ull;
constexpr std::uint64_t P4 = 0x85EBCA77C2B2AE63ull;
constexpr std::uint64_t P5 = 0x27D4EB2F165667C5ull;

std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

// Little-endian loads, whatever the machine's order.
template <typename T>
std::uint64_t read_le(const std::uint8_t* p) {
  if constexpr (std::endian::native == std::endian::little) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  } else {
    std::uint64_t v = 0;
    for (int i = static_cast<int>(sizeof(T)) - 1; i >= 0; --i) v = (v << 8) | p[i];
    return v;
  }
}
std::uint64_t read64(const std::uint8_t* p) { return read_le<std::uint64_t>(p); }
std::uint64_t read32(const std::uint8_t* p) { return read_le<std::uint32_t>(p); }

std::uint64_t round(std::uint64_t acc, std::uint64_t input) { return rotl(acc + input * P2, 31) * P1; }
std::uint64_t merge(std::uint64_t h, std::uint64_t lane) { return (h ^ round(0, lane)) * P1 + P4; }

}  // namespace

Lanes initial_lanes() { return {P1 + P2, P2, 0, 0 - P1}; }

// The lanes in locals while the stripes go by: written through the array,
// every lane was stored and loaded again at each stripe (the bytes read may
// alias it, as far as the compiler knows), twice the instructions.
void absorb(Lanes& lanes, const std::uint8_t* data, std::size_t stripes) {
  std::uint64_t v0 = lanes[0], v1 = lanes[1], v2 = lanes[2], v3 = lanes[3];
  for (std::size_t s = 0; s < stripes; ++s, data += 32) {
    v0 = round(v0, read64(data));
    v1 = round(v1, read64(data + 8));
    v2 = round(v2, read64(data + 16));
    v3 = round(v3, read64(data + 24));
  }
  lanes = {v0, v1, v2, v3};
}

namespace {

// The last bytes (fewer than 32) and the final mix.
std::uint64_t finish(std::uint64_t h, const std::uint8_t* rest, std::size_t rest_size) {
  for (; rest_size >= 8; rest += 8, rest_size -= 8) h = rotl(h ^ round(0, read64(rest)), 27) * P1 + P4;
  if (rest_size >= 4) {
    h = rotl(h ^ (read32(rest) * P1), 23) * P2 + P3;
    rest += 4;
    rest_size -= 4;
  }
  for (; rest_size > 0; ++rest, --rest_size) h = rotl(h ^ (*rest * P5), 11) * P1;
  h ^= h >> 33;
  h *= P2;
  h ^= h >> 29;
  h *= P3;
  h ^= h >> 32;
  return h;
}

// An input of 32 bytes or more: apart, so that the registers its lanes take
// are saved only for such inputs, not for the short ids EVE's card lookups
// hash (inlined, they cost every digest four instructions more: +0.2% of
// EVE's engine).
[[gnu::noinline]] std::uint64_t digest_long(Lanes lanes, const std::uint8_t* rest, std::size_t rest_size,
                                            std::uint64_t total) {
  absorb(lanes, rest, rest_size / 32);
  rest += rest_size / 32 * 32;
  rest_size %= 32;
  std::uint64_t h = rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12) + rotl(lanes[3], 18);
  for (auto lane : lanes) h = merge(h, lane);
  return finish(h + total, rest, rest_size);
}

}  // namespace

std::uint64_t digest(Lanes lanes, const std::uint8_t* rest, std::size_t rest_size, std::uint64_t total) {
  if (total >= 32) return digest_long(lanes, rest, rest_size, total);
  return finish(P5 + total, rest, rest_size);
}

}  // namespace concord::rules::xxh
