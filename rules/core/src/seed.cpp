// 256-bit seeds, hex, commitments, and SHA-256 (FIPS 180-4) written here so
// rules/core depends on nothing but the standard library. The block function
// (the cost of every state hash) is in sha256_blocks.cpp.
#include "concord/rules/seed.hpp"

#include <cstddef>

#include "sha256_blocks.hpp"

namespace concord::rules {

namespace {

constexpr HashState kInitialHash = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

// The final one or two blocks: the tail of the message, 0x80, zeros and the
// 64-bit big-endian bit length (FIPS 180-4 5.1.1).
std::array<std::uint8_t, 128> padded_tail(std::string_view tail, std::uint64_t total_len,
                                          std::size_t* tail_blocks) {
  std::array<std::uint8_t, 128> buf{};
  const std::size_t n = tail.size() % 64;  // always < 64; the modulo lets GCC see it
  for (std::size_t i = 0; i < n; ++i) buf[i] = static_cast<std::uint8_t>(tail[i]);
  buf[n] = 0x80;
  *tail_blocks = n + 1 + 8 <= 64 ? 1 : 2;
  const std::uint64_t bits = total_len * 8;
  const std::size_t end = *tail_blocks * 64;
  for (int i = 0; i < 8; ++i) buf[end - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  return buf;
}

std::array<std::uint8_t, 32> digest_bytes(const HashState& h) {
  std::array<std::uint8_t, 32> out{};
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<std::uint8_t>(h[i] >> (24 - 8 * j));
  }
  return out;
}

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
  HashState h = kInitialHash;
  const std::size_t full = data.size() / 64;
  blocks_fn(h, reinterpret_cast<const std::uint8_t*>(data.data()), full);
  std::size_t tail_blocks = 0;
  const auto tail = padded_tail(data.substr(full * 64), data.size(), &tail_blocks);
  blocks_fn(h, tail.data(), tail_blocks);
  return digest_bytes(h);
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
