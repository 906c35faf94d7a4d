// Byte-level view deltas: a greedy match finder over the base (an 8-byte
// rolling index, first trying the position that continues the previous
// copy, which is what an in-place value change of the same length needs),
// encoded as COPY/INSERT instructions. Views are a few KB, so one delta is a
// few microseconds.
//
// Deltas piece by piece were tried twice and not kept: the adapters marking
// the pieces of each view (head, each seat's parts, middle) so that the delta
// compares piece with piece, and then also each changed piece searched once
// per command for every viewer that shares it. In games_bench (EverZone, 3
// seats and a spectator, perf) the delta's share of a command fell from 16%
// to 15% while writing the views rose from 18% to 23%: per viewer, the
// layouts cost as much as the searches they saved.
// A third time, counted in instructions (loadtest/games_ratio.sh's method,
// same game): EverZone's writer listing each view's pieces with a version
// for the parts its memo keeps, so that an unchanged part is copied without
// being compared, and each changed piece trimmed to what differs. A game
// went from 18.90M to 18.11M instructions but its deltas grew 7% (a card
// moved to another pile was sent again instead of copied); searching those
// insertions in the whole base brought the bytes back to +2% and the
// instructions to 18.86M, as listing the pieces cost 0.27M of its own.
// What EverZone does now (view_pieces.hpp, ViewFeed's record of a PieceView)
// differs from those in what it leaves out rather than what it compares: each
// changed part's delta is found once per command for all viewers, no view is
// put together or searched for a 1.1 viewer, and the checksum is combined
// from the parts' own: 18.05M -> 17.24M for that game, +3% bytes.
#include "delta/view_delta.hpp"

#include "delta/crc32_fold.hpp"
#include "delta/delta_ops.hpp"
#include "delta/equal_runs.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

namespace concord::protocol {

namespace {

constexpr std::size_t kMinMatch = 8;

std::uint64_t load8(const char* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The index slot of 8 bytes (a multiplicative hash's top bits).
std::size_t slot_of(std::uint64_t bytes, int bits) {
  return static_cast<std::size_t>((bytes * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

// Index of the base: slot -> first position whose 8 bytes hash there, for
// every kStride-th position only: a match of kMinMatch + kStride - 1 bytes or
// more holds an indexed position, and is then extended both ways. Every 8th
// rather than every 4th: in games_bench's views that cut the instructions of
// a delta by 13% (EverZone) and 17% (EVE) for 0.2-0.4% more bytes; every
// 16th saved a little more and cost 1-1.4% more bytes.
constexpr std::size_t kStride = 8;

// The index as the match loop reads it: plain values, so that loop keeps them
// in registers instead of reloading the thread_local table (through %fs) at
// every byte. A slot holds `epoch + position`; anything else in it (a slot
// no position of this base hashed to) reads as a position past the base.
struct BaseIndex {
  const std::uint32_t* slots;
  std::uint32_t epoch;
  int bits;

  // The base position in the slot of these 8 bytes, or (a slot this base
  // left alone) a number past the base's end.
  std::size_t position(std::uint64_t bytes) const {
    return static_cast<std::uint32_t>(slots[slot_of(bytes, bits)] - epoch);
  }
};

// One table per thread, reused by every delta without clearing it (clearing
// it cost a fifth of building the index): a delta's slots hold its epoch plus
// a position of its base, and the next delta's epoch starts past them, so a
// slot left by an earlier delta holds less than the epoch and reads as a
// position at least 2^32 - epoch, past any base while epoch + base size
// stays below 2^32.
struct IndexTable {
  std::vector<std::uint32_t> slots;
  std::uint32_t epoch = 1;  // 0, an empty slot, is below every epoch

  // Room for `size` slots and the epoch of a base of `base_size` bytes.
  std::uint32_t next_epoch(std::size_t size, std::size_t base_size) {
    if (base_size > UINT32_MAX - epoch) {  // the epochs ran out: start again
      std::fill(slots.begin(), slots.end(), 0u);
      epoch = 1;
    }
    if (slots.size() < size) slots.resize(size, 0u);
    const std::uint32_t current = epoch;
    epoch += static_cast<std::uint32_t>(base_size);
    return current;
  }
};

// Indexes base[lo, hi) only: the bytes before and after it are the views'
// common prefix and suffix, copied whole.
BaseIndex index_base(std::string_view base, std::size_t lo, std::size_t hi) {
  thread_local IndexTable table;
  // Four slots per position indexed (fewer, as many more collisions, gave larger deltas).
  constexpr std::size_t kSlotsPerPosition = 4;
  int bits = 6;
  while ((std::size_t{1} << bits) < (hi - lo) * kSlotsPerPosition / kStride) ++bits;
  const std::uint32_t epoch = table.next_epoch(std::size_t{1} << bits, base.size());
  std::uint32_t* const slots = table.slots.data();
  const auto put = [&](std::size_t i) {
    slots[slot_of(load8(base.data() + i), bits)] = epoch + static_cast<std::uint32_t>(i);
  };
  // Backwards, each position overwriting its slot: the first position wins,
  // as it would going forwards, without a branch on the slot per position.
  // Four positions a step (the highest first) share the loop's counter and
  // branch: this loop is a third of a delta's time.
  const std::size_t last = lo + (hi - lo - kMinMatch) / kStride * kStride;
  std::size_t i = last + kStride;
  for (; i >= lo + 4 * kStride; i -= 4 * kStride) {
    put(i - kStride), put(i - 2 * kStride), put(i - 3 * kStride), put(i - 4 * kStride);
  }
  while (i > lo) put(i -= kStride);
  return {slots, epoch, bits};
}

// The greedy finder's scan: from target position t (and `expect`, the base
// position continuing the previous copy, moving with it), the first position
// where 8 bytes of the target equal those at `expect` or, failing that, at
// the index's position for them. Sets t and b (the base position) and returns
// true, or returns false at the end of the target. Most of a delta's
// searching is here, one byte at a time, so it only reads locals.
bool next_match(std::string_view base, std::string_view target, BaseIndex index, std::size_t& t,
                std::size_t& expect, std::size_t& b) {
  const char* const base_data = base.data();
  const char* const target_data = target.data();
  const std::size_t expect_last = base.size() - kMinMatch, t_last = target.size() - kMinMatch;
  for (; t <= t_last; ++t, ++expect) {
    const std::uint64_t bytes = load8(target_data + t);
    if (expect <= expect_last && load8(base_data + expect) == bytes) {
      b = expect;
      return true;
    }
    const std::size_t indexed = index.position(bytes);
    if (indexed <= expect_last && load8(base_data + indexed) == bytes) {
      b = indexed;
      return true;
    }
  }
  return false;
}


// Length of the common run of base[b..] and target[t..].
std::size_t common_run(std::string_view base, std::size_t b, std::string_view target, std::size_t t) {
  return equal_run(base.data() + b, target.data() + t, std::min(base.size() - b, target.size() - t));
}

std::size_t common_prefix(std::string_view a, std::string_view b) { return common_run(a, 0, b, 0); }

std::size_t common_suffix(std::string_view a, std::string_view b, std::size_t limit) {
  return equal_run_back(a.data() + a.size(), b.data() + b.size(), limit);
}

}  // namespace

// The greedy match finder over target[t_lo, end) against base[b_lo, b_hi)
// (copies may extend outside the base range, never outside the target's).
void encode_middle(std::string_view base, std::size_t b_lo, std::size_t b_hi, std::string_view target,
                   std::size_t t_lo, OpsWriter& enc) {
  const std::size_t expect_first = b_lo;
  if (b_hi - b_lo < kMinMatch) b_lo = 0, b_hi = base.size();  // an insertion: search the whole base
  if (b_hi - b_lo < kMinMatch || target.size() - t_lo < kMinMatch) {
    enc.insert(target.substr(t_lo));
    return;
  }
  const BaseIndex index = index_base(base, b_lo, b_hi);
  std::size_t t = t_lo, literal = t_lo, expect = expect_first, b = 0;
  while (next_match(base, target, index, t, expect, b)) {
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

std::uint32_t view_checksum(std::string_view bytes) { return crc32_update(0, bytes); }

// The common prefix and suffix (most of a view after one command) are one
// COPY each; only the bytes between them are searched.
void make_view_delta(std::string_view base, std::string_view target, std::string& ops) {
  const std::size_t prefix = common_prefix(base, target);
  const std::size_t suffix =
      common_suffix(base, target, std::min(base.size(), target.size()) - prefix);
  OpsWriter enc(ops);
  if (prefix) enc.copy(0, prefix);
  encode_middle(base, prefix, base.size() - suffix, target.substr(0, target.size() - suffix), prefix, enc);
  if (suffix) enc.copy(base.size() - suffix, suffix);
  enc.finish();
}

std::string make_view_delta(std::string_view base, std::string_view target) {
  std::string ops;
  make_view_delta(base, target, ops);
  return ops;
}

std::optional<std::string> apply_view_delta(std::string_view base, std::string_view ops) {
  std::string out;
  bool inside = true;
  const bool read = for_each_op(ops, [&](const DeltaOp& op) {
    if (op.insert) {
      out.append(op.literal);
    } else if (op.from > base.size() || op.length > base.size() - op.from) {
      inside = false;
    } else if (inside) {
      out.append(base.substr(static_cast<std::size_t>(op.from), static_cast<std::size_t>(op.length)));
    }
  });
  if (!read || !inside) return std::nullopt;
  return out;
}

}  // namespace concord::protocol
