// 256-bit seeds, hex, commitments, and SHA-256 (FIPS 180-4) written here so
// rules/core depends on nothing but the standard library. The block function
// (the cost of every state hash) is in sha256_blocks.cpp.
#include "concord/rules/seed.hpp"

#include <cstddef>

#include "sha256_blocks.hpp"

namespace concord::rules {

namespace {

template <std::size_t N>
std::string to_hex(const std::array<std::uint8_t, N>& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * N);
  for (std::uint8_t b : bytes) {
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0x0f]);
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::array<std::uint8_t, 32> sha256_using(Sha256Blocks blocks_fn, std::string_view data) {
  return sha256_finish(blocks_fn, sha256_initial_state(), reinterpret_cast<const std::uint8_t*>(data.data()),
                       data.size(), 0);
}

}  // namespace

std::array<std::uint8_t, 32> sha256(std::string_view data) { return sha256_using(sha256_blocks(), data); }

std::array<std::uint8_t, 32> sha256_portable(std::string_view data) {
  return sha256_using(&sha256_blocks_portable, data);
}

std::string_view sha256_implementation() {
  return sha256_blocks() == &sha256_blocks_portable ? "portable" : "sha-ni";
}

std::string sha256_hex(std::string_view data) { return to_hex(sha256(data)); }

std::string digest_hex(const std::array<std::uint8_t, 32>& digest) { return to_hex(digest); }

std::string Seed::hex() const { return to_hex(bytes); }

std::optional<Seed> Seed::from_hex(std::string_view hex) {
  Seed seed;
  if (hex.size() != 2 * seed.bytes.size()) return std::nullopt;
  for (std::size_t i = 0; i < seed.bytes.size(); ++i) {
    const int hi = hex_value(hex[2 * i]);
    const int lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    seed.bytes[i] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  return seed;
}

std::string Seed::commitment() const {
  return sha256_hex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

}  // namespace concord::rules
