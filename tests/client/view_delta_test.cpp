// protocol/delta (view deltas, checksums, per-viewer feeds) and the client's
// MatchCache applying them. The same over real games: tests/server/games/view_delta_games_test.cpp.
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "client/match_cache.hpp"
#include "delta/crc32_fold.hpp"
#include "delta/equal_runs.hpp"
#include "delta/view_delta.hpp"
#include "delta/view_feed.hpp"

namespace concord {
namespace {

std::string random_bytes(std::mt19937& rng, std::size_t n) {
  std::string out(n, '\0');
  for (auto& c : out) c = static_cast<char>(rng() % 7);  // few symbols: many false 8-byte matches
  return out;
}

// `base` with a few random edits: substitutions, insertions, deletions, moved blocks.
std::string edited(std::mt19937& rng, std::string s) {
  const int edits = static_cast<int>(rng() % 6);
  for (int e = 0; e < edits; ++e) {
    const std::size_t at = s.empty() ? 0 : rng() % s.size();
    const std::size_t len = std::min<std::size_t>(rng() % 40, s.size() - at);
    switch (rng() % 4) {
      case 0: s.replace(at, len, random_bytes(rng, len)); break;
      case 1: s.insert(at, random_bytes(rng, rng() % 40)); break;
      case 2: s.erase(at, len); break;
      default: {
        const std::string block = s.substr(at, len);
        s.erase(at, len);
        s.insert(s.empty() ? 0 : rng() % s.size(), block);
      }
    }
  }
  return s;
}

TEST(ViewDelta, ChecksumIsCrc32Ieee) {
  EXPECT_EQ(protocol::view_checksum("123456789"), 0xCBF43926u);
  EXPECT_EQ(protocol::view_checksum(""), 0u);
}

// The folding CRC (PCLMULQDQ where the CPU has it) equals zlib's for every
// length around its 64- and 16-byte steps, any start offset, any prior crc.
TEST(ViewDelta, FoldedCrcEqualsZlibs) {
  std::mt19937 rng(11);
  std::string bytes(5000, '\0');
  for (auto& c : bytes) c = static_cast<char>(rng());
  for (std::size_t size = 0; size < 300; ++size) {
    for (std::size_t offset : {0u, 1u, 7u, 15u}) {
      const auto part = std::string_view(bytes).substr(offset, size);
      const auto prior = static_cast<std::uint32_t>(rng());
      ASSERT_EQ(protocol::crc32_update(prior, part), protocol::crc32_zlib(prior, part)) << size << " @" << offset;
      ASSERT_EQ(protocol::crc32_update(0, part), protocol::crc32_zlib(0, part)) << size << " @" << offset;
    }
  }
  for (int i = 0; i < 200; ++i) {
    const auto part = std::string_view(bytes).substr(rng() % 100, 300 + rng() % 4600);
    ASSERT_EQ(protocol::view_checksum(part), protocol::crc32_zlib(0, part)) << part.size();
  }
  // The wide fold (256 bytes and more, four 64-byte lanes, then one, then
  // crc_fold's lanes): every length around its 256- and 64-byte steps.
  for (std::size_t size = 240; size < 1100; ++size) {
    const auto part = std::string_view(bytes).substr(size % 13, size);
    const auto prior = static_cast<std::uint32_t>(rng());
    ASSERT_EQ(protocol::crc32_update(prior, part), protocol::crc32_zlib(prior, part)) << size;
  }
  std::cout << "crc32 by "
            << (protocol::crc32_folds_wide() ? "VPCLMULQDQ folding"
                : protocol::crc32_folds()    ? "PCLMULQDQ folding"
                                             : "zlib")
            << "\n";
}

// Every variant of the equal runs (SSE2 always, AVX-512 where the CPU has
// it) against a byte-by-byte count, for every length up to 300 (around the
// 8-, 16- and 64-byte steps and the masked tail), with none to three
// differences anywhere.
TEST(ViewDelta, EqualRunsOfEveryVariantCountLikeAByteLoop) {
  std::mt19937 rng(19);
  const bool avx512 = protocol::equal_runs_avx512();
  for (int round = 0; round < 20000; ++round) {
    const std::size_t n = static_cast<std::size_t>(round) % 301;
    std::string a(n, '\0');
    for (auto& c : a) c = static_cast<char>(rng() % 3);
    std::string b = a;
    for (unsigned flips = rng() % 4; flips > 0 && n > 0; --flips) b[rng() % n] ^= 1;
    std::size_t front = 0, back = 0;
    while (front < n && a[front] == b[front]) ++front;
    while (back < n && a[n - 1 - back] == b[n - 1 - back]) ++back;
    ASSERT_EQ(protocol::equal_run_sse2(a.data(), b.data(), n), front) << n;
    ASSERT_EQ(protocol::equal_run_back_sse2(a.data() + n, b.data() + n, n), back) << n;
    ASSERT_EQ(protocol::equal_run(a.data(), b.data(), n), front) << n;
    ASSERT_EQ(protocol::equal_run_back(a.data() + n, b.data() + n, n), back) << n;
    if (avx512) {
      ASSERT_EQ(protocol::equal_run_avx512(a.data(), b.data(), n), front) << n;
      ASSERT_EQ(protocol::equal_run_back_avx512(a.data() + n, b.data() + n, n), back) << n;
    }
  }
  std::cout << "equal runs by " << (avx512 ? "AVX-512 (and SSE2)" : "SSE2") << "\n";
}

TEST(ViewDelta, AppliedDeltaRebuildsTheTargetForRandomEdits) {
  std::mt19937 rng(7);
  std::size_t delta_bytes = 0, target_bytes = 0;
  for (int i = 0; i < 3000; ++i) {
    const auto base = random_bytes(rng, rng() % 3000);
    const auto target = edited(rng, base);
    const auto ops = protocol::make_view_delta(base, target);
    const auto rebuilt = protocol::apply_view_delta(base, ops);
    ASSERT_TRUE(rebuilt) << i;
    ASSERT_EQ(*rebuilt, target) << i;
    delta_bytes += ops.size();
    target_bytes += target.size();
  }
  EXPECT_LT(delta_bytes * 5, target_bytes);  // a few edits cost far less than the whole
}

TEST(ViewDelta, EmptyAndUnrelatedInputs) {
  EXPECT_EQ(protocol::apply_view_delta("", protocol::make_view_delta("", "")), "");
  EXPECT_EQ(protocol::apply_view_delta("abc", protocol::make_view_delta("abc", "")), "");
  EXPECT_EQ(protocol::apply_view_delta("", protocol::make_view_delta("", "hello world")), "hello world");
  const std::string same = "the same view, byte for byte";
  const auto ops = protocol::make_view_delta(same, same);
  EXPECT_LE(ops.size(), 3u);  // one COPY
  EXPECT_EQ(protocol::apply_view_delta(same, ops), same);
}

// make_view_delta reuses its index table without clearing it, telling this
// delta's slots from earlier ones by an epoch that advances by each base's
// size and starts again when it would pass 2^32: the same pair gets the same
// delta whatever came before, also across that restart (5,000 bases of 1 MB).
TEST(ViewDelta, SameDeltaWhateverCameBefore) {
  std::mt19937 rng(5);
  const auto base = random_bytes(rng, 3000);
  const auto target = edited(rng, base);
  const auto ops = protocol::make_view_delta(base, target);
  const std::string big = random_bytes(rng, 1 << 20);
  std::string changed = big;
  for (int i = 0; i < 5000; ++i) {
    const std::size_t at = rng() % (big.size() - 4000);
    changed.replace(at, 4000, random_bytes(rng, 4000));  // a middle the index covers
    const auto big_ops = protocol::make_view_delta(big, changed);
    if (i % 500 == 0) {
      ASSERT_EQ(protocol::apply_view_delta(big, big_ops), changed) << i;
    }
    changed.replace(at, 4000, big, at, 4000);
    ASSERT_EQ(protocol::make_view_delta(base, target), ops) << i;
  }
}

TEST(ViewDelta, DocumentedEncoding) {
  // COPY 4 from 2 (header 4<<1 = 8, zigzag(+2) = 4), INSERT "xy" (header 2<<1|1 = 5),
  // COPY 2 from 0 (header 4, zigzag(0 - 6 = -6) = 11).
  const std::string ops{'\x08', '\x04', '\x05', 'x', 'y', '\x04', '\x0b'};
  EXPECT_EQ(protocol::apply_view_delta("abcdefgh", ops), "cdefxyab");
}

TEST(ViewDelta, MalformedInstructionsAreRefused) {
  const std::string base = "0123456789";
  EXPECT_FALSE(protocol::apply_view_delta(base, std::string{'\x80'}));           // truncated varint
  EXPECT_FALSE(protocol::apply_view_delta(base, std::string{'\x09', 'a'}));       // INSERT 4, 1 byte left
  EXPECT_FALSE(protocol::apply_view_delta(base, std::string{'\x16', '\x00'}));    // COPY 11 > base
  EXPECT_FALSE(protocol::apply_view_delta(base, std::string{'\x02', '\x01'}));    // COPY from -1
  EXPECT_FALSE(protocol::apply_view_delta(base, std::string{'\x02'}));            // COPY without offset
}

google::protobuf::Any any_of(const std::string& bytes) {
  google::protobuf::Any any;
  any.set_type_url("type.googleapis.com/test.View");
  any.set_value(bytes);
  return any;
}

// An update as a room sends it: its other fields, then the view part the
// feed writes, parsed as one MatchUpdate.
v1::MatchUpdate fed(protocol::ViewFeed& feed, std::uint64_t index, const std::string& bytes, bool full = false) {
  v1::MatchUpdate header;
  header.set_room_id("r");
  header.set_command_index(index);
  std::string wire = header.SerializeAsString();
  feed.record(index, any_of(bytes), full, &wire);
  v1::MatchUpdate update;
  EXPECT_TRUE(update.ParseFromString(wire));
  return update;
}

// The view part is written field by field, not by protobuf: its bytes are
// protobuf's own serialization of the same fields, for a whole view, a
// delta, a base index 0, empty ops (the same view again), an empty view and
// a checksum of 0.
TEST(ViewFeed, WritesTheBytesProtobufWould) {
  protocol::ViewFeed feed;
  const auto check = [&](std::uint64_t index, const google::protobuf::Any& view, bool full) {
    std::string part;
    feed.record(index, view, full, &part);
    v1::MatchUpdate parsed;
    EXPECT_TRUE(parsed.ParseFromString(part));
    EXPECT_EQ(parsed.SerializeAsString(), part) << index;
    return parsed;
  };
  const std::string long_view(300, 'v');  // lengths of two varint bytes
  EXPECT_TRUE(check(0, any_of(long_view), false).has_view());
  const auto delta = check(1, any_of(long_view + "w"), false);
  ASSERT_TRUE(delta.has_view_delta());
  EXPECT_EQ(delta.view_delta().base_index(), 0u);
  EXPECT_TRUE(check(2, any_of(long_view + "w"), false).has_view_delta());
  google::protobuf::Any empty;
  const auto whole = check(3, empty, false);
  EXPECT_TRUE(whole.has_view_delta());
  EXPECT_TRUE(whole.has_view_checksum());
  EXPECT_EQ(whole.view_checksum(), 0u);
  EXPECT_TRUE(check(9, empty, false).has_view());
}

TEST(ViewFeed, FullFirstThenDeltasFromTheViewBefore) {
  protocol::ViewFeed feed;
  const auto first = fed(feed, 3, "view number three, long enough to copy");
  EXPECT_TRUE(first.has_view());
  EXPECT_FALSE(first.has_view_delta());
  EXPECT_EQ(first.view_checksum(), protocol::view_checksum(first.view().value()));
  const auto next = fed(feed, 4, "view number four, long enough to copy");
  ASSERT_TRUE(next.has_view_delta());
  EXPECT_FALSE(next.has_view());
  EXPECT_EQ(next.view_delta().base_index(), 3u);
  EXPECT_EQ(next.view_checksum(), protocol::view_checksum("view number four, long enough to copy"));
  EXPECT_TRUE(fed(feed, 6, "a gap: the view of 5 was never recorded").has_view());
  EXPECT_TRUE(fed(feed, 7, "asked for whole", true).has_view());
  feed.forget();
  EXPECT_TRUE(fed(feed, 8, "after a rollback").has_view());
}

TEST(MatchCache, AppliesDeltasAndKeepsTheWholeView) {
  protocol::ViewFeed feed;
  client::MatchCache cache;
  EXPECT_EQ(cache.store(fed(feed, 1, "the first view of the room")), client::ViewStatus::Stored);
  EXPECT_EQ(cache.store(fed(feed, 2, "the second view of the room")), client::ViewStatus::Applied);
  const auto kept = cache.latest("r");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->command_index(), 2u);
  EXPECT_FALSE(kept->has_view_delta());
  EXPECT_EQ(kept->view().value(), "the second view of the room");
  EXPECT_EQ(kept->view().type_url(), "type.googleapis.com/test.View");
}

TEST(MatchCache, StaleDeltasAreIgnoredAndGapsNeedAFullView) {
  protocol::ViewFeed feed;
  client::MatchCache cache;
  fed(feed, 1, "one");
  const auto two = fed(feed, 2, "two two two two");
  const auto three = fed(feed, 3, "three three three");
  const auto four = fed(feed, 4, "four four four four");
  protocol::ViewFeed fresh;
  EXPECT_EQ(cache.store(fed(fresh, 3, "three three three")), client::ViewStatus::Stored);  // joined at 3
  EXPECT_EQ(cache.store(two), client::ViewStatus::Stale);
  EXPECT_EQ(cache.store(three), client::ViewStatus::Stale);
  EXPECT_EQ(cache.store(four), client::ViewStatus::Applied);
  const auto six = fed(feed, 6, "six");
  const auto seven = fed(feed, 7, "seven seven");
  EXPECT_TRUE(six.has_view());
  EXPECT_EQ(cache.store(seven), client::ViewStatus::NeedFullView);  // missed 6
  EXPECT_EQ(cache.latest("r")->view().value(), "four four four four");
  client::MatchCache empty;
  EXPECT_EQ(empty.store(four), client::ViewStatus::NeedFullView);
  EXPECT_FALSE(empty.latest("r"));
}

TEST(MatchCache, AChecksumMismatchNeedsAFullViewAndKeepsTheOldOne) {
  protocol::ViewFeed feed;
  client::MatchCache cache;
  cache.store(fed(feed, 1, "base view with some bytes"));
  auto next = fed(feed, 2, "base view with other bytes");
  next.set_view_checksum(next.view_checksum() ^ 1);
  EXPECT_EQ(cache.store(next), client::ViewStatus::NeedFullView);
  EXPECT_EQ(cache.latest("r")->view().value(), "base view with some bytes");
  auto whole = fed(feed, 3, "whole", true);
  whole.set_view_checksum(whole.view_checksum() + 1);
  EXPECT_EQ(cache.store(whole), client::ViewStatus::NeedFullView);
}

TEST(MatchCache, Protocol10UpdatesAreKeptAsTheyCame) {
  client::MatchCache cache;
  v1::MatchUpdate update;
  update.set_room_id("r");
  update.set_command_index(5);
  *update.mutable_view() = any_of("a 1.0 view has no checksum");
  EXPECT_EQ(cache.store(update), client::ViewStatus::Stored);
  EXPECT_EQ(cache.latest()->view().value(), "a 1.0 view has no checksum");
}

}  // namespace
}  // namespace concord
