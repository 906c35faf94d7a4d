// Byte-level view deltas: a greedy match finder over the base (an 8-byte
// rolling index, first trying the position that continues the previous
// copy, which is what an in-place value change of the same length needs),
// encoded as COPY/INSERT instructions. Views are a few KB, so one delta is a
// few microseconds.
#include "delta/view_delta.hpp"

#include "delta/crc32_fold.hpp"
#include "delta/wire_bytes.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace concord::protocol {

namespace {

constexpr std::size_t kMinMatch = 8;

std::uint64_t load8(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::size_t slot_of(const char* p, int bits) {
  return static_cast<std::size_t>((load8(p) * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

bool get_varint(std::string_view in, std::size_t& at, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64 && at < in.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(in[at++]);
    v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

class Encoder {
 public:
  void insert(std::string_view literal) {
    if (literal.empty()) return;
    wire::put_varint(out_, (static_cast<std::uint64_t>(literal.size()) << 1) | 1);
    out_.append(literal);
  }
  void copy(std::size_t from, std::size_t length) {
    const auto d = static_cast<std::int64_t>(from) - static_cast<std::int64_t>(copy_end_);
    wire::put_varint(out_, static_cast<std::uint64_t>(length) << 1);
    wire::put_varint(out_, (static_cast<std::uint64_t>(d) << 1) ^ static_cast<std::uint64_t>(d >> 63));
    copy_end_ = from + length;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
  std::size_t copy_end_ = 0;
};

// Index of the base: slot -> first position whose 8 bytes hash there (-1 =
// none), for every kStride-th position only: a match of kMinMatch + kStride - 1
// bytes or more holds an indexed position, and is then extended both ways.
constexpr std::size_t kStride = 4;

// Indexes base[lo, hi) only: the bytes before and after it are the views'
// common prefix and suffix, copied whole.
const std::vector<std::int32_t>& index_base(std::string_view base, std::size_t lo, std::size_t hi, int& bits) {
  thread_local std::vector<std::int32_t> table;
  bits = 6;
  while ((std::size_t{1} << bits) < (hi - lo) / 2) ++bits;
  table.assign(std::size_t{1} << bits, -1);
  if (hi - lo < kMinMatch) return table;
  // Backwards, each position overwriting its slot: the first position wins,
  // as it would going forwards, without a branch on the slot per position.
  const std::size_t last = lo + (hi - lo - kMinMatch) / kStride * kStride;
  for (std::size_t i = last + kStride; i > lo;) {
    i -= kStride;
    table[slot_of(base.data() + i, bits)] = static_cast<std::int32_t>(i);
  }
  return table;
}

bool same8(std::string_view base, std::size_t b, const char* t) {
  return b + kMinMatch <= base.size() && load8(base.data() + b) == load8(t);
}

// How many of the n bytes at a and b are equal before the first that
// differs: sixteen bytes compared at once (SSE2, on every x86-64), then
// eight, the first difference found from the compare's mask or the XOR's
// trailing zeros (little-endian). Views after a command are mostly equal
// runs, so this is most of what finding a delta costs.
std::size_t equal_run(const char* a, const char* b, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b + i));
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));
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
std::size_t equal_run_back(const char* a_end, const char* b_end, std::size_t n) {
  std::size_t i = 0;
#if defined(__SSE2__)
  for (; i + 16 <= n; i += 16) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a_end - i - 16));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b_end - i - 16));
    const auto equal = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));
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

// Length of the common run of base[b..] and target[t..].
std::size_t common_run(std::string_view base, std::size_t b, std::string_view target, std::size_t t) {
  return equal_run(base.data() + b, target.data() + t, std::min(base.size() - b, target.size() - t));
}

std::size_t common_prefix(std::string_view a, std::string_view b) { return common_run(a, 0, b, 0); }

std::size_t common_suffix(std::string_view a, std::string_view b, std::size_t limit) {
  return equal_run_back(a.data() + a.size(), b.data() + b.size(), limit);
}

// The greedy match finder over target[t_lo, t_hi) against base[b_lo, b_hi)
// (copies may extend outside the base range, never outside the target's).
void encode_middle(std::string_view base, std::size_t b_lo, std::size_t b_hi, std::string_view target,
                   std::size_t t_lo, Encoder& enc) {
  const std::size_t expect_first = b_lo;
  if (b_hi - b_lo < kMinMatch) b_lo = 0, b_hi = base.size();  // an insertion: search the whole base
  if (b_hi - b_lo < kMinMatch || target.size() - t_lo < kMinMatch) {
    enc.insert(target.substr(t_lo));
    return;
  }
  int bits = 0;
  const auto& table = index_base(base, b_lo, b_hi, bits);
  std::size_t t = t_lo, literal = t_lo, expect = expect_first;
  while (t + kMinMatch <= target.size()) {
    const char* at = target.data() + t;
    std::size_t b = expect;
    if (!same8(base, b, at)) {
      const auto slot = table[slot_of(at, bits)];
      if (slot < 0 || !same8(base, static_cast<std::size_t>(slot), at)) {
        ++t;
        ++expect;
        continue;
      }
      b = static_cast<std::size_t>(slot);
    }
    std::size_t start = t;
    while (start > literal && b > 0 && base[b - 1] == target[start - 1]) --start, --b;
    const std::size_t run = common_run(base, b, target, start);
    const std::size_t end = start + run, base_end = b + run;
    enc.insert(target.substr(literal, start - literal));
    enc.copy(b, end - start);
    t = literal = end;
    expect = base_end;
  }
  enc.insert(target.substr(literal));
}

}  // namespace

std::uint32_t view_checksum(std::string_view bytes) { return crc32_update(0, bytes); }

// The common prefix and suffix (most of a view after one command) are one
// COPY each; only the bytes between them are searched.
std::string make_view_delta(std::string_view base, std::string_view target) {
  Encoder enc;
  const std::size_t prefix = common_prefix(base, target);
  const std::size_t suffix =
      common_suffix(base, target, std::min(base.size(), target.size()) - prefix);
  if (prefix) enc.copy(0, prefix);
  encode_middle(base, prefix, base.size() - suffix, target.substr(0, target.size() - suffix), prefix, enc);
  if (suffix) enc.copy(base.size() - suffix, suffix);
  return enc.take();
}

std::optional<std::string> apply_view_delta(std::string_view base, std::string_view ops) {
  std::string out;
  std::size_t at = 0, copy_end = 0;
  while (at < ops.size()) {
    std::uint64_t header = 0;
    if (!get_varint(ops, at, header)) return std::nullopt;
    const std::uint64_t length = header >> 1;
    if (header & 1) {
      if (length > ops.size() - at) return std::nullopt;
      out.append(ops.substr(at, length));
      at += length;
      continue;
    }
    std::uint64_t zigzag = 0;
    if (!get_varint(ops, at, zigzag)) return std::nullopt;
    const auto d = static_cast<std::int64_t>(zigzag >> 1) ^ -static_cast<std::int64_t>(zigzag & 1);
    const auto from = static_cast<std::int64_t>(copy_end) + d;
    if (from < 0 || static_cast<std::uint64_t>(from) > base.size() ||
        length > base.size() - static_cast<std::uint64_t>(from)) {
      return std::nullopt;
    }
    out.append(base.substr(static_cast<std::size_t>(from), length));
    copy_end = static_cast<std::size_t>(from) + length;
  }
  return out;
}

}  // namespace concord::protocol
