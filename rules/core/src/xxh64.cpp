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

void absorb(Lanes& lanes, const std::uint8_t* data, std::size_t stripes) {
  for (std::size_t s = 0; s < stripes; ++s, data += 32) {
    for (std::size_t i = 0; i < 4; ++i) lanes[i] = round(lanes[i], read64(data + 8 * i));
  }
}

std::uint64_t digest(Lanes lanes, const std::uint8_t* rest, std::size_t rest_size, std::uint64_t total) {
  std::uint64_t h = P5;
  if (total >= 32) {
    absorb(lanes, rest, rest_size / 32);
    rest += rest_size / 32 * 32;
    rest_size %= 32;
    h = rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12) + rotl(lanes[3], 18);
    for (auto lane : lanes) h = merge(h, lane);
  }
  h += total;
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

}  // namespace concord::rules::xxh
