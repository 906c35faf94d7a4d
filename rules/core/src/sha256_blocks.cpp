// SHA-256 block functions: portable C++ and x86 SHA-NI, chosen once at run time.
#include "sha256_blocks.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define CONCORD_SHA256_X86 1
#endif

namespace concord::rules {

namespace {

alignas(16) constexpr std::uint32_t kRoundConstants[64] = {
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

#ifdef CONCORD_SHA256_X86

#define CONCORD_SHA_TARGET __attribute__((target("sha,sse4.1,ssse3")))

// SHA256RNDS2 keeps the working variables as two vectors, ABEF and CDGH
// (most significant lane first); h[] is A..H in order.
CONCORD_SHA_TARGET void to_lanes(const HashState& h, __m128i& abef, __m128i& cdgh) {
  const __m128i dcba = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&h[0]));
  const __m128i hgfe = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&h[4]));
  const __m128i cdab = _mm_shuffle_epi32(dcba, 0xB1);
  const __m128i efgh = _mm_shuffle_epi32(hgfe, 0x1B);
  abef = _mm_alignr_epi8(cdab, efgh, 8);
  cdgh = _mm_blend_epi16(efgh, cdab, 0xF0);
}

CONCORD_SHA_TARGET void from_lanes(__m128i abef, __m128i cdgh, HashState& h) {
  const __m128i feba = _mm_shuffle_epi32(abef, 0x1B);
  const __m128i dchg = _mm_shuffle_epi32(cdgh, 0xB1);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&h[0]), _mm_blend_epi16(feba, dchg, 0xF0));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&h[4]), _mm_alignr_epi8(dchg, feba, 8));
}

// W[4i..4i+3] from the four previous groups: W[t-16] + s0(W[t-15]) (SHA256MSG1),
// + W[t-7] (the words straddling the two latest groups), + s1(W[t-2]) (SHA256MSG2).
CONCORD_SHA_TARGET __m128i next_schedule(__m128i w4, __m128i w3, __m128i w2, __m128i w1) {
  const __m128i partial = _mm_add_epi32(_mm_sha256msg1_epu32(w4, w3), _mm_alignr_epi8(w1, w2, 4));
  return _mm_sha256msg2_epu32(partial, w1);
}

CONCORD_SHA_TARGET void compress_shani(__m128i& abef, __m128i& cdgh, const std::uint8_t* block) {
  const __m128i big_endian = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
  const __m128i abef_in = abef, cdgh_in = cdgh;
  __m128i w[16];
  for (int i = 0; i < 16; ++i) {
    w[i] = i < 4 ? _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * i)), big_endian)
                 : next_schedule(w[i - 4], w[i - 3], w[i - 2], w[i - 1]);
    __m128i wk = _mm_add_epi32(w[i], _mm_load_si128(reinterpret_cast<const __m128i*>(&kRoundConstants[4 * i])));
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);  // rounds 4i, 4i+1
    wk = _mm_shuffle_epi32(wk, 0x0E);
    abef = _mm_sha256rnds2_epu32(abef, cdgh, wk);  // rounds 4i+2, 4i+3
  }
  abef = _mm_add_epi32(abef, abef_in);
  cdgh = _mm_add_epi32(cdgh, cdgh_in);
}

CONCORD_SHA_TARGET void sha256_blocks_shani(HashState& h, const std::uint8_t* blocks, std::size_t count) {
  __m128i abef, cdgh;
  to_lanes(h, abef, cdgh);
  for (std::size_t i = 0; i < count; ++i) compress_shani(abef, cdgh, blocks + 64 * i);
  from_lanes(abef, cdgh, h);
}

bool has_shani() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  const bool ssse3 = c & (1u << 9), sse41 = c & (1u << 19);
  if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
  return ssse3 && sse41 && (b & (1u << 29));
}

#endif

}  // namespace

void sha256_blocks_portable(HashState& h, const std::uint8_t* blocks, std::size_t count) {
  for (std::size_t i = 0; i < count; ++i) compress(h, blocks + 64 * i);
}

Sha256Blocks sha256_blocks() {
#ifdef CONCORD_SHA256_X86
  static const Sha256Blocks chosen = has_shani() ? &sha256_blocks_shani : &sha256_blocks_portable;
  return chosen;
#else
  return &sha256_blocks_portable;
#endif
}

HashState sha256_initial_state() {
  return {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
}

std::array<std::uint8_t, 32> sha256_finish(Sha256Blocks blocks_fn, HashState h, const std::uint8_t* rest,
                                           std::size_t n, std::uint64_t before) {
  const std::size_t full = n / 64;
  blocks_fn(h, rest, full);
  std::array<std::uint8_t, 128> tail{};
  const std::size_t left = n % 64;
  for (std::size_t i = 0; i < left; ++i) tail[i] = rest[full * 64 + i];
  tail[left] = 0x80;
  const std::size_t tail_blocks = left + 1 + 8 <= 64 ? 1 : 2;
  const std::uint64_t bits = (before + n) * 8;
  for (std::size_t i = 0; i < 8; ++i) tail[tail_blocks * 64 - 1 - i] = static_cast<std::uint8_t>(bits >> (8 * i));
  blocks_fn(h, tail.data(), tail_blocks);
  std::array<std::uint8_t, 32> out{};
  for (std::size_t i = 0; i < 8; ++i) {
    for (std::size_t j = 0; j < 4; ++j) out[4 * i + j] = static_cast<std::uint8_t>(h[i] >> (24 - 8 * j));
  }
  return out;
}

}  // namespace concord::rules
