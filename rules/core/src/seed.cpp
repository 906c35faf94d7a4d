// 256-bit seeds, hex, commitments, and SHA-256 (FIPS 180-4) written here so
// rules/core depends on nothing but the standard library.
#include "concord/rules/seed.hpp"

#include <cstddef>

namespace concord::rules {

namespace {

constexpr std::uint32_t kRoundConstants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
    0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
    0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
    0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
    0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
    0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
    0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
    0xc67178f2};

constexpr std::array<std::uint32_t, 8> kInitialHash = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                                       0xa54ff53a, 0x510e527f, 0x9b05688c,
                                                       0x1f83d9ab, 0x5be0cd19};

using HashState = std::array<std::uint32_t, 8>;

inline std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

std::uint32_t load_be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) |
         (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
}

// The message schedule W[0..63] of one block (FIPS 180-4 6.2.2 step 1).
void message_schedule(const std::uint8_t* block, std::uint32_t* w) {
  for (int t = 0; t < 16; ++t) w[t] = load_be32(block + 4 * t);
  for (int t = 16; t < 64; ++t) {
    const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
}

// One application of the compression function to `h` (FIPS 180-4 6.2.2).
// Plain locals keep it fast in unoptimized builds too.
void compress(HashState& h, const std::uint8_t* block) {
  std::uint32_t w[64];
  message_schedule(block, w);
  std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
  for (int t = 0; t < 64; ++t) {
    const std::uint32_t t1 = k + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                             kRoundConstants[t] + w[t];
    const std::uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
    k = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

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

}  // namespace

std::array<std::uint8_t, 32> sha256(std::string_view data) {
  HashState h = kInitialHash;
  const std::size_t full = data.size() / 64;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(data.data());
  for (std::size_t i = 0; i < full; ++i) compress(h, bytes + 64 * i);
  std::size_t tail_blocks = 0;
  const auto tail = padded_tail(data.substr(full * 64), data.size(), &tail_blocks);
  for (std::size_t i = 0; i < tail_blocks; ++i) compress(h, tail.data() + 64 * i);
  return digest_bytes(h);
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
