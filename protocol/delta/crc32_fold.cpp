#include "delta/crc32_fold.hpp"

#include <zlib.h>

#include <array>
#include <atomic>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#define CONCORD_CRC_FOLD 1
#endif

namespace concord::protocol {

namespace {

// The byte-at-a-time table of the reflected polynomial (0xEDB88320), for the
// fewer than 16 bytes left after folding: zlib's crc32_z for those was a
// call and a setup costing more than the bytes (1% of an EverZone command
// with views in games_bench).
constexpr std::array<std::uint32_t, 256> kByteTable = [] {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[i] = c;
  }
  return table;
}();

// zlib's crc32(crc, bytes) a byte at a time.
std::uint32_t crc_bytes(std::uint32_t crc, std::string_view bytes) {
  crc = ~crc;
  for (const char c : bytes) crc = kByteTable[(crc ^ static_cast<unsigned char>(c)) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

}  // namespace

std::uint32_t crc32_zlib(std::uint32_t crc, std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32_z(crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<z_size_t>(bytes.size())));
}

#ifdef CONCORD_CRC_FOLD

namespace {

#define CONCORD_CRC_TARGET __attribute__((target("pclmul,sse4.1")))
#define CONCORD_CRC_WIDE_TARGET __attribute__((target("vpclmulqdq,avx512f,pclmul,sse4.1")))

// Folding constants for the reflected polynomial 0x104C11DB7 (each the
// bit-reflected x^n mod P, shifted left by one): x^(4*128+32),
// x^(4*128-32) mod P (four lanes of 16 bytes), x^(128+32), x^(128-32) (one
// lane), x^64 mod P, and P' with mu for the Barrett reduction; for the wide
// fold, x^(4*512+32) and x^(4*512-32) mod P (four lanes of 64 bytes).
constexpr std::uint64_t kK1 = 0x154442bd4, kK2 = 0x1c6e41596;
constexpr std::uint64_t kK3 = 0x1751997d0, kK4 = 0x0ccaa009e;
constexpr std::uint64_t kK5 = 0x163cd6124;
constexpr std::uint64_t kPoly = 0x1db710641, kMu = 0x1f7011641;
constexpr std::uint64_t kWide1 = 0x11542778a, kWide2 = 0x1322d1430;

CONCORD_CRC_TARGET __m128i load(const char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }

// x folded over 128 bits ahead and added to the next 16 bytes `next`.
CONCORD_CRC_TARGET __m128i fold(__m128i x, __m128i k, __m128i next) {
  const __m128i lo = _mm_clmulepi64_si128(x, k, 0x00);
  const __m128i hi = _mm_clmulepi64_si128(x, k, 0x11);
  return _mm_xor_si128(_mm_xor_si128(lo, hi), next);
}

// 64 bits in the low half of x (bit k the term of x^(63-k)) modulo the
// polynomial by Barrett reduction: the 32-bit reflected remainder.
CONCORD_CRC_TARGET std::uint32_t barrett(__m128i x) {
  const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
  const __m128i poly = _mm_set_epi64x(static_cast<long long>(kMu), static_cast<long long>(kPoly));
  __m128i t = _mm_clmulepi64_si128(_mm_and_si128(x, mask32), poly, 0x10);
  t = _mm_clmulepi64_si128(_mm_and_si128(t, mask32), poly, 0x00);
  return static_cast<std::uint32_t>(_mm_extract_epi32(_mm_xor_si128(x, t), 1));
}

// The raw CRC of the 128 bits folded into x: 128 -> 64 bits (adding 32 zero
// bits), then 64 -> 32.
CONCORD_CRC_TARGET std::uint32_t reduce(__m128i x) {
  const __m128i k34 = _mm_set_epi64x(static_cast<long long>(kK4), static_cast<long long>(kK3));
  x = _mm_xor_si128(_mm_clmulepi64_si128(x, k34, 0x10), _mm_srli_si128(x, 8));
  const __m128i k5 = _mm_set_epi64x(0, static_cast<long long>(kK5));
  const __m128i mask32 = _mm_set_epi32(0, 0, 0, -1);
  x = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x, mask32), k5, 0x00), _mm_srli_si128(x, 4));
  return barrett(x);
}

// The raw CRC from four lanes x1..x4 (the 64 bytes before p, folded), then
// `size` more bytes at p (a multiple of 16).
CONCORD_CRC_TARGET std::uint32_t fold_rest(__m128i x1, __m128i x2, __m128i x3, __m128i x4, const char* p,
                                           std::size_t size) {
  const __m128i k12 = _mm_set_epi64x(static_cast<long long>(kK2), static_cast<long long>(kK1));
  for (; size >= 64; p += 64, size -= 64) {
    x1 = fold(x1, k12, load(p));
    x2 = fold(x2, k12, load(p + 16));
    x3 = fold(x3, k12, load(p + 32));
    x4 = fold(x4, k12, load(p + 48));
  }
  const __m128i k34 = _mm_set_epi64x(static_cast<long long>(kK4), static_cast<long long>(kK3));
  x1 = fold(x1, k34, x2);
  x1 = fold(x1, k34, x3);
  x1 = fold(x1, k34, x4);
  for (; size >= 16; p += 16, size -= 16) x1 = fold(x1, k34, load(p));
  return reduce(x1);
}

// The raw CRC (no inversion before or after) of `size` bytes, size a
// multiple of 16 and at least 64, continuing from raw `crc`.
CONCORD_CRC_TARGET std::uint32_t crc_fold(std::uint32_t crc, const char* p, std::size_t size) {
  const __m128i x1 = _mm_xor_si128(load(p), _mm_cvtsi32_si128(static_cast<int>(crc)));
  return fold_rest(x1, load(p + 16), load(p + 32), load(p + 48), p + 64, size - 64);
}

// The same for `size` bytes, a multiple of 16 from 16 to 48: one lane.
// The pieces of a view are often this short; a byte at a time they cost
// five instructions a byte.
CONCORD_CRC_TARGET std::uint32_t crc_fold_short(std::uint32_t crc, const char* p, std::size_t size) {
  __m128i x = _mm_xor_si128(load(p), _mm_cvtsi32_si128(static_cast<int>(crc)));
  const __m128i k34 = _mm_set_epi64x(static_cast<long long>(kK4), static_cast<long long>(kK3));
  for (p += 16, size -= 16; size >= 16; p += 16, size -= 16) x = fold(x, k34, load(p));
  return reduce(x);
}

CONCORD_CRC_WIDE_TARGET __m512i load_wide(const char* p) { return _mm512_loadu_si512(p); }

// Each 16-byte lane of x folded over 512 bits ahead (four lanes of 64 bytes)
// or, with the narrow constants, 128 bits, and added to `next`.
CONCORD_CRC_WIDE_TARGET __m512i fold_wide(__m512i x, __m512i k, __m512i next) {
  const __m512i lo = _mm512_clmulepi64_epi128(x, k, 0x00);
  const __m512i hi = _mm512_clmulepi64_epi128(x, k, 0x11);
  return _mm512_ternarylogic_epi64(lo, hi, next, 0x96);  // lo ^ hi ^ next
}

// crc_fold with VPCLMULQDQ on 64-byte registers, 256 bytes a step (size at
// least 256): the four registers are folded into one, whose four 16-byte
// lanes are crc_fold's four lanes. Five times crc_fold's speed for a view of
// a few KB on the development machine (AMD EPYC, clmul-bound).
CONCORD_CRC_WIDE_TARGET std::uint32_t crc_fold_wide(std::uint32_t crc, const char* p, std::size_t size) {
  __m512i z1 = _mm512_xor_si512(load_wide(p), _mm512_zextsi128_si512(_mm_cvtsi32_si128(static_cast<int>(crc))));
  __m512i z2 = load_wide(p + 64), z3 = load_wide(p + 128), z4 = load_wide(p + 192);
  p += 256;
  size -= 256;
  const auto a = static_cast<long long>(kWide1), b = static_cast<long long>(kWide2);
  const __m512i k_far = _mm512_set_epi64(b, a, b, a, b, a, b, a);
  for (; size >= 256; p += 256, size -= 256) {
    z1 = fold_wide(z1, k_far, load_wide(p));
    z2 = fold_wide(z2, k_far, load_wide(p + 64));
    z3 = fold_wide(z3, k_far, load_wide(p + 128));
    z4 = fold_wide(z4, k_far, load_wide(p + 192));
  }
  const auto c = static_cast<long long>(kK1), d = static_cast<long long>(kK2);
  const __m512i k_near = _mm512_set_epi64(d, c, d, c, d, c, d, c);
  z1 = fold_wide(z1, k_near, z2);
  z1 = fold_wide(z1, k_near, z3);
  z1 = fold_wide(z1, k_near, z4);
  // The lanes through memory: GCC 12 warns of _mm_undefined_si128 in _mm512_extracti32x4_epi32.
  alignas(64) char lanes[64];
  _mm512_store_si512(lanes, z1);
  return fold_rest(load(lanes), load(lanes + 16), load(lanes + 32), load(lanes + 48), p, size);
}

bool has_pclmul() {
  unsigned a = 0, b = 0, c = 0, d = 0;
  if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
  return (c & (1u << 1)) && (c & (1u << 19));  // PCLMULQDQ, SSE4.1
}

// VPCLMULQDQ and AVX-512 with the 64-byte registers enabled by the OS (GCC's
// check reads XCR0 for that).
bool has_vpclmul() {
  __builtin_cpu_init();
  return has_pclmul() && __builtin_cpu_supports("vpclmulqdq") && __builtin_cpu_supports("avx512f");
}

}  // namespace

bool crc32_folds() {
  static const bool folds = has_pclmul();
  return folds;
}

bool crc32_folds_wide() {
  static const bool wide = has_vpclmul();
  return wide;
}

std::uint32_t crc32_update(std::uint32_t crc, std::string_view bytes) {
  if (bytes.size() < 16) return crc_bytes(crc, bytes);
  if (!crc32_folds()) return bytes.size() < 64 ? crc_bytes(crc, bytes) : crc32_zlib(crc, bytes);
  const std::size_t whole = bytes.size() / 16 * 16;
  if (whole < 64) {
    crc = ~crc_fold_short(~crc, bytes.data(), whole);
  } else if (whole >= 256 && crc32_folds_wide()) {
    crc = ~crc_fold_wide(~crc, bytes.data(), whole);
  } else {
    crc = ~crc_fold(~crc, bytes.data(), whole);
  }
  return crc_bytes(crc, bytes.substr(whole));
}

#endif

namespace {

constexpr std::uint32_t kReflectedPoly = 0xEDB88320u;  // bit 31 is x^0

// a(x) * b(x) modulo the polynomial, a bit of a at a time (zlib's multmodp).
std::uint32_t multiply_bits(std::uint32_t a, std::uint32_t b) {
  std::uint32_t product = 0;
  for (std::uint32_t m = 1u << 31; m != 0; m >>= 1) {
    if (a & m) product ^= b;
    b = (b & 1) ? (b >> 1) ^ kReflectedPoly : b >> 1;
  }
  return product;
}

#ifdef CONCORD_CRC_FOLD
// The same by one carry-less multiplication: the 63-bit product (bit k is
// x^(62-k)) shifted to 64 bits and reduced by Barrett's (two more), half the
// instructions of reducing its high part by the byte table.
CONCORD_CRC_TARGET std::uint32_t multiply_clmul(std::uint32_t a, std::uint32_t b) {
  const __m128i product = _mm_clmulepi64_si128(_mm_cvtsi32_si128(static_cast<int>(a)),
                                               _mm_cvtsi32_si128(static_cast<int>(b)), 0x00);
  return barrett(_mm_slli_epi64(product, 1));
}
#endif

std::uint32_t multiply(std::uint32_t a, std::uint32_t b) {
#ifdef CONCORD_CRC_FOLD
  if (crc32_folds()) return multiply_clmul(a, b);
#endif
  return multiply_bits(a, b);
}

// x^(2^k) modulo the polynomial, k = 0..63 (zlib's x2n_table).
const std::array<std::uint32_t, 64>& powers_of_two() {
  static const std::array<std::uint32_t, 64> table = [] {
    std::array<std::uint32_t, 64> out{};
    std::uint32_t p = 1u << 30;  // x^1
    for (auto& entry : out) {
      entry = p;
      p = multiply_bits(p, p);
    }
    return out;
  }();
  return table;
}

// x^(8 * length) modulo the polynomial.
std::uint32_t shift_of(std::uint64_t length);

}  // namespace

// A few multiplications a length: a part of a view is most often under
// 4 KB, whose shifts are kept once found, for every thread (never 0, so 0
// means not yet; the same value whoever stores it); the last longer lengths
// asked for are kept per thread.
std::uint32_t crc32_shift_of(std::uint64_t length) {
  static std::array<std::atomic<std::uint32_t>, 4096> shorter{};
  if (length < shorter.size()) {
    auto& known = shorter[length];
    std::uint32_t shift = known.load(std::memory_order_relaxed);
    if (shift == 0) {
      shift = shift_of(length);
      known.store(shift, std::memory_order_relaxed);
    }
    return shift;
  }
  struct Kept {
    std::uint64_t length = ~std::uint64_t{0};
    std::uint32_t shift = 0;
  };
  thread_local std::array<Kept, 128> kept;
  Kept& slot = kept[length % kept.size()];
  if (slot.length == length) return slot.shift;
  slot = {length, shift_of(length)};
  return slot.shift;
}

namespace {

std::uint32_t shift_of(std::uint64_t length) {
  const auto& powers = powers_of_two();
  std::uint32_t p = 1u << 31;  // x^0
  for (std::size_t k = 3; length != 0 && k < powers.size(); ++k, length >>= 1) {
    if (length & 1) p = multiply(powers[k], p);
  }
  return p;
}

}  // namespace

std::uint32_t crc32_combine_shifted(std::uint32_t crc_a, std::uint32_t crc_b, std::uint32_t shift_b) {
  return multiply(shift_b, crc_a) ^ crc_b;
}

#ifndef CONCORD_CRC_FOLD

bool crc32_folds() { return false; }

bool crc32_folds_wide() { return false; }

std::uint32_t crc32_update(std::uint32_t crc, std::string_view bytes) {
  return bytes.size() < 64 ? crc_bytes(crc, bytes) : crc32_zlib(crc, bytes);
}

#endif

}  // namespace concord::protocol
