#include "delta/equal_runs.hpp"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#define CONCORD_DELTA_WIDE 1
#endif

namespace concord::protocol {

namespace {

std::uint64_t load8(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

#if defined(__SSE2__)
// 0xFF in each of the 16 bytes at a and b that are equal, else 0.
__m128i equal16(const char* a, const char* b) {
  return _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(a)),
                        _mm_loadu_si128(reinterpret_cast<const __m128i*>(b)));
}

// Whether the 64 bytes at a and b are all equal: four compares, one mask and
// one branch, so long equal runs cost a quarter of the branches and masks.
bool equal64(const char* a, const char* b) {
  const __m128i low = _mm_and_si128(equal16(a, b), equal16(a + 16, b + 16));
  const __m128i high = _mm_and_si128(equal16(a + 32, b + 32), equal16(a + 48, b + 48));
  return _mm_movemask_epi8(_mm_and_si128(low, high)) == 0xFFFF;
}
#endif

}  // namespace

// How many of the n bytes at a and b are equal before the first that
// differs: 64 bytes at a time while they are all equal, then sixteen (SSE2,
// on every x86-64), then eight, the first difference found from the
// compare's mask or the XOR's trailing zeros (little-endian). Views after a
// command are mostly equal runs, so this is most of what finding a delta
// costs.
std::size_t equal_run_sse2(const char* a, const char* b, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  while (i + 64 <= n && equal64(a + i, b + i)) i += 64;
  for (; i + 16 <= n; i += 16) {
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(equal16(a + i, b + i)));
    if (equal != 0xFFFF) return i + static_cast<std::size_t>(__builtin_ctz(~equal));
  }
#endif
  for (; i + 8 <= n; i += 8) {
    if (const std::uint64_t x = load8(a + i) ^ load8(b + i)) return i + static_cast<std::size_t>(__builtin_ctzll(x)) / 8;
  }
  while (i < n && a[i] == b[i]) ++i;
  return i;
}

// The same backwards: how many of the n bytes before a_end and b_end are
// equal, counted from the end.
std::size_t equal_run_back_sse2(const char* a_end, const char* b_end, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  while (i + 64 <= n && equal64(a_end - i - 64, b_end - i - 64)) i += 64;
  for (; i + 16 <= n; i += 16) {
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(equal16(a_end - i - 16, b_end - i - 16)));
    if (equal != 0xFFFF) return i + static_cast<std::size_t>(__builtin_clz(~equal & 0xFFFFu)) - 16;
  }
#endif
  for (; i + 8 <= n; i += 8) {
    if (const std::uint64_t x = load8(a_end - i - 8) ^ load8(b_end - i - 8)) {
      return i + static_cast<std::size_t>(__builtin_clzll(x)) / 8;
    }
  }
  while (i < n && a_end[-1 - static_cast<std::ptrdiff_t>(i)] == b_end[-1 - static_cast<std::ptrdiff_t>(i)]) ++i;
  return i;
}

#ifdef CONCORD_DELTA_WIDE
#define CONCORD_DELTA_WIDE_TARGET __attribute__((target("avx512f,avx512bw")))

// equal_run with AVX-512: 64 bytes a compare, the first difference from the
// mask's trailing zeros, the last (fewer than 64) bytes by a masked load,
// which reads nothing outside the n bytes.
CONCORD_DELTA_WIDE_TARGET std::size_t equal_run_avx512(const char* a, const char* b, std::size_t n) {
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const __mmask64 differ = _mm512_cmpneq_epi8_mask(_mm512_loadu_si512(a + i), _mm512_loadu_si512(b + i));
    if (differ) return i + static_cast<std::size_t>(__builtin_ctzll(differ));
  }
  if (i == n) return n;
  const __mmask64 rest = (std::uint64_t{1} << (n - i)) - 1;
  const __mmask64 differ = _mm512_mask_cmpneq_epi8_mask(rest, _mm512_maskz_loadu_epi8(rest, a + i),
                                                        _mm512_maskz_loadu_epi8(rest, b + i));
  return differ ? i + static_cast<std::size_t>(__builtin_ctzll(differ)) : n;
}

// equal_run_back likewise: the last difference from the mask's leading zeros.
CONCORD_DELTA_WIDE_TARGET std::size_t equal_run_back_avx512(const char* a_end, const char* b_end, std::size_t n) {
  std::size_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const __mmask64 differ =
        _mm512_cmpneq_epi8_mask(_mm512_loadu_si512(a_end - i - 64), _mm512_loadu_si512(b_end - i - 64));
    if (differ) return i + static_cast<std::size_t>(__builtin_clzll(differ));
  }
  if (i == n) return n;
  // The first n - i bytes of the range: differ's highest bit is the last difference.
  const std::size_t r = n - i;
  const __mmask64 rest = (std::uint64_t{1} << r) - 1;
  const __mmask64 differ =
      _mm512_mask_cmpneq_epi8_mask(rest, _mm512_maskz_loadu_epi8(rest, a_end - n), _mm512_maskz_loadu_epi8(rest, b_end - n));
  return differ ? i + r - 64 + static_cast<std::size_t>(__builtin_clzll(differ)) : n;
}

// AVX-512 with byte compares, enabled by the OS (GCC's check reads XCR0).
bool equal_runs_avx512() {
  static const bool wide = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
  }();
  return wide;
}
#else

bool equal_runs_avx512() { return false; }
std::size_t equal_run_avx512(const char* a, const char* b, std::size_t n) { return equal_run_sse2(a, b, n); }
std::size_t equal_run_back_avx512(const char* a_end, const char* b_end, std::size_t n) {
  return equal_run_back_sse2(a_end, b_end, n);
}
#endif

// The runs by AVX-512 where the CPU has it (about twice as fast on the
// long equal runs of a view after one command), else by SSE2.
std::size_t equal_run(const char* a, const char* b, std::size_t n) {
#ifdef CONCORD_DELTA_WIDE
  if (equal_runs_avx512()) return equal_run_avx512(a, b, n);
#endif
  return equal_run_sse2(a, b, n);
}

std::size_t equal_run_back(const char* a_end, const char* b_end, std::size_t n) {
#ifdef CONCORD_DELTA_WIDE
  if (equal_runs_avx512()) return equal_run_back_avx512(a_end, b_end, n);
#endif
  return equal_run_back_sse2(a_end, b_end, n);
}

}  // namespace concord::protocol
