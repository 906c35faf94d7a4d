// protocol/delta/view_pieces.hpp and ViewFeed's deltas of views in pieces:
// whatever the pieces' versions and changes, the delta applied to the view
// before gives the view, and the checksum is the whole view's. The same over
// real EverZone games: tests/server/games/view_delta_games_test.cpp.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "concord/v1/concord.pb.h"
#include "delta/composed_part.hpp"
#include "delta/crc32_fold.hpp"
#include "delta/delta_ops.hpp"
#include "delta/view_delta.hpp"
#include "delta/view_feed.hpp"
#include "delta/view_pieces.hpp"

namespace concord {
namespace {

std::string random_bytes(std::mt19937& rng, std::size_t n) {
  std::string out(n, '\0');
  for (auto& c : out) c = static_cast<char>('a' + rng() % 5);
  return out;
}

// A few bytes replaced, inserted or removed.
std::string edited(std::mt19937& rng, std::string s) {
  const std::size_t at = s.empty() ? 0 : rng() % s.size();
  switch (rng() % 3) {
    case 0: return s.replace(at, std::min<std::size_t>(3, s.size() - at), random_bytes(rng, 3));
    case 1: return s.insert(at, random_bytes(rng, 1 + rng() % 20));
    default: return s.erase(at, std::min<std::size_t>(rng() % 20, s.size() - at));
  }
}

// A part of the views versioned the way a game's memo keeps it.
struct Part {
  std::string bytes, previous;
  std::uint64_t key = 0;
  protocol::PieceChange change;
  void set(std::string next, bool with_change) {
    if (key && next == bytes) return;
    previous = std::move(bytes);
    bytes = std::move(next);
    if (with_change && key) {
      change.make(key, previous, bytes);
    } else {
      change = {};
    }
    key = protocol::next_piece_key();
  }
  protocol::ViewPiece piece(std::uint32_t slot) const {
    return protocol::ViewPiece::versioned(slot, bytes, key, protocol::view_checksum(bytes),
                                          protocol::crc32_shift_of(bytes.size()), change.from_key ? &change : nullptr);
  }
};

struct Fed {
  v1::MatchUpdate update;
  std::string view;  // the client's view after applying it
};

// The update for `view` as a room writes it, and the view a client rebuilds from it.
Fed feed_pieces(protocol::ViewFeed& feed, std::uint64_t index, const protocol::PieceView& view, bool full,
                const std::string& before) {
  std::string wire;
  feed.record(index, view, full, &wire);
  EXPECT_EQ(feed.view_size(), view.size());
  Fed out;
  EXPECT_TRUE(out.update.ParseFromString(wire));
  EXPECT_EQ(out.update.SerializeAsString(), wire);  // the bytes protobuf would write
  if (out.update.has_view_delta()) {
    auto applied = protocol::apply_view_delta(before, out.update.view_delta().ops());
    EXPECT_TRUE(applied);
    if (applied) out.view = *applied;
  } else {
    out.view = out.update.view().value();
    EXPECT_EQ(out.update.view().type_url(), view.type_url);
  }
  return out;
}

TEST(ViewPieces, DeltasOfRandomPieceVersionsRebuildEveryView) {
  std::mt19937 rng(11);
  std::size_t delta_bytes = 0, whole_bytes = 0, deltas = 0;
  for (int game = 0; game < 200; ++game) {
    std::vector<Part> parts(6);
    protocol::ViewFeed feed;
    std::string client;
    for (std::uint64_t index = 0; index < 60; ++index) {
      for (auto& part : parts) {
        if (!part.key || rng() % 3 == 0) {
          part.set(part.key && rng() % 2 ? edited(rng, part.bytes) : random_bytes(rng, rng() % 200), rng() % 4 != 0);
        }
      }
      protocol::PieceView view;
      view.type_url = "type.googleapis.com/test.View";
      std::vector<std::string> smalls;
      smalls.reserve(parts.size());
      for (std::size_t p = 0; p < parts.size(); ++p) {
        const auto slot = static_cast<std::uint32_t>(2 * p);
        smalls.push_back(random_bytes(rng, rng() % 3));  // a length header, say: often the same
        view.pieces.push_back(protocol::ViewPiece::small(slot, smalls.back()));
        if (p == 3 && rng() % 3 == 0) continue;  // a part only some views have
        const auto& part = parts[p];
        view.pieces.push_back(part.piece(slot + 1));
      }
      const bool full = rng() % 20 == 0;
      const auto fed = feed_pieces(feed, index, view, full, client);
      ASSERT_EQ(fed.view, view.bytes()) << game << " " << index;
      ASSERT_EQ(fed.update.view_checksum(), protocol::view_checksum(view.bytes()));
      ASSERT_EQ(view.checksum(), protocol::view_checksum(view.bytes()));
      ASSERT_EQ(view.size(), view.bytes().size());
      EXPECT_EQ(fed.update.has_view_delta(), index > 0 && !full);
      if (fed.update.has_view_delta()) {
        ++deltas;
        delta_bytes += fed.update.view_delta().ops().size();
        whole_bytes += fed.view.size();
      }
      client = fed.view;
    }
  }
  EXPECT_GT(deltas, 10000u);
  EXPECT_LT(delta_bytes * 2, whole_bytes);  // a third of the parts change per view
}

// The unchanged pieces of the view before are one COPY together: a view
// that did not change is a single instruction.
TEST(ViewPieces, UnchangedViewIsOneCopy) {
  protocol::ViewFeed feed;
  Part a, b;
  a.set(std::string(100, 'a'), true);
  b.set(std::string(50, 'b'), true);
  protocol::PieceView view;
  view.pieces = {a.piece(0), protocol::ViewPiece::small(1, "xy"), b.piece(2)};
  const auto first = feed_pieces(feed, 1, view, false, "");
  ASSERT_TRUE(first.update.has_view());
  const auto again = feed_pieces(feed, 2, view, false, first.view);
  ASSERT_TRUE(again.update.has_view_delta());
  EXPECT_EQ(again.view, view.bytes());
  int ops = 0;
  EXPECT_TRUE(protocol::for_each_op(again.update.view_delta().ops(), [&](const protocol::DeltaOp& op) {
    ++ops;
    EXPECT_FALSE(op.insert);
    EXPECT_EQ(op.from, 0u);
    EXPECT_EQ(op.length, 152u);
  }));
  EXPECT_EQ(ops, 1);
}

// After a whole view (a fresh update, written without pieces) the next view
// in pieces is searched against its bytes; after pieces, a whole view goes
// out whole (the feed keeps no bytes of a view in pieces).
TEST(ViewPieces, WholeViewsAndPiecesFollowEachOther) {
  protocol::ViewFeed feed;
  const std::string long_text(200, 'q');
  google::protobuf::Any whole;
  whole.set_type_url("t");
  whole.set_value(long_text);
  std::string wire;
  feed.record(1, whole, false, &wire);
  EXPECT_EQ(feed.view_size(), long_text.size());
  Part a;
  a.set(long_text + "!", true);
  protocol::PieceView view;
  view.type_url = "t";
  view.pieces = {a.piece(0)};
  const auto searched = feed_pieces(feed, 2, view, false, long_text);
  ASSERT_TRUE(searched.update.has_view_delta());
  EXPECT_LT(searched.update.view_delta().ops().size(), 10u);
  EXPECT_EQ(searched.view, a.bytes);
  wire.clear();
  feed.record(3, whole, false, &wire);
  v1::MatchUpdate update;
  ASSERT_TRUE(update.ParseFromString(wire));
  EXPECT_TRUE(update.has_view());
  EXPECT_EQ(update.view_checksum(), protocol::view_checksum(long_text));
}

// A change made from other bytes than the base's piece of its version (a
// game's bug) is never sent: the whole view goes out instead.
TEST(ViewPieces, AChangeOutsideItsBasePieceSendsTheWholeView) {
  protocol::ViewFeed feed;
  Part a;
  a.set("short", true);
  protocol::PieceView view;
  view.pieces = {a.piece(0)};
  const auto first = feed_pieces(feed, 1, view, false, "");
  const std::string next = std::string(100, 's') + "!";
  protocol::PieceChange wrong;
  wrong.make(a.key, std::string(100, 's'), next);
  view.pieces = {protocol::ViewPiece::versioned(0, next, protocol::next_piece_key(), protocol::view_checksum(next),
                                                protocol::crc32_shift_of(next.size()), &wrong)};
  const auto fed = feed_pieces(feed, 2, view, false, first.view);
  EXPECT_TRUE(fed.update.has_view());
  EXPECT_EQ(fed.view, next);
}

// crc32_combine_shifted(crc(A), crc(B), crc32_shift_of(|B|)) is crc(A then B),
// for lengths from 0 to a few KB (the shift's table at every bit that matters).
TEST(ViewPieces, CombinedChecksumsEqualTheWholeOnes) {
  std::mt19937 rng(5);
  for (int i = 0; i < 2000; ++i) {
    const auto a = random_bytes(rng, rng() % (i % 2 ? 70 : 5000));
    const auto b = random_bytes(rng, rng() % (i % 3 ? 70 : 5000));
    const auto combined =
        protocol::crc32_combine_shifted(protocol::view_checksum(a), protocol::view_checksum(b),
                                        protocol::crc32_shift_of(b.size()));
    ASSERT_EQ(combined, protocol::view_checksum(a + b)) << a.size() << " " << b.size();
  }
  EXPECT_EQ(protocol::crc32_shift_of(0), 1u << 31);  // x^0: nothing to shift
}

// A change read once: the instructions before its first COPY, the COPY, and
// the rest, whose positions follow from it. Searched for copies when more
// than 64 bytes differ; fewer are one INSERT between the common ends.
TEST(ViewPieces, AChangeKnowsItsFirstCopy) {
  protocol::PieceChange change;
  std::mt19937 rng(3);
  std::string before;
  for (int i = 0; i < 100; ++i) before.push_back(static_cast<char>(rng()));  // no 8 bytes twice
  const std::string after = "XY" + before + "!";
  change.make(7, before, after);
  EXPECT_EQ(change.from_key, 7u);
  EXPECT_EQ(change.from_size, before.size());
  EXPECT_EQ(change.first_from, 0u);
  EXPECT_EQ(change.first_length, before.size());
  EXPECT_EQ(change.copy_end, before.size());
  EXPECT_EQ(protocol::apply_view_delta(before, change.ops), after);
  EXPECT_GT(change.head_end, 0u);                // the "XY" INSERT
  EXPECT_LT(change.rest_at, change.ops.size());  // the "!" INSERT

  protocol::PieceChange small;
  small.make(8, "abcdefgh", "abcXYZfgh");
  EXPECT_EQ(protocol::apply_view_delta("abcdefgh", small.ops), "abcXYZfgh");
  EXPECT_EQ(small.head_end, 0u);
  EXPECT_EQ(small.first_from, 0u);
  EXPECT_EQ(small.first_length, 3u);
  EXPECT_EQ(small.copy_end, 8u);  // the suffix "fgh"

  protocol::PieceChange none;
  none.make(1, "", "new");
  EXPECT_EQ(none.first_length, 0u);
  EXPECT_EQ(none.head_end, none.ops.size());
}

// The positions a change notes as its writer writes them are the ones read
// back from its instructions, whatever the change.
TEST(ViewPieces, NotedPositionsEqualTheOnesRead) {
  std::mt19937 rng(17);
  for (int i = 0; i < 3000; ++i) {
    const auto before = random_bytes(rng, rng() % 300);
    const auto after = rng() % 4 ? edited(rng, before) : random_bytes(rng, rng() % 300);
    protocol::PieceChange noted;
    noted.make(1, before, after);
    protocol::PieceChange read = noted;
    read.read_positions();
    ASSERT_EQ(protocol::apply_view_delta(before, noted.ops), after);
    EXPECT_EQ(noted.head_end, read.head_end) << i;
    EXPECT_EQ(noted.rest_at, read.rest_at) << i;
    EXPECT_EQ(noted.first_from, read.first_from) << i;
    EXPECT_EQ(noted.first_length, read.first_length) << i;
    EXPECT_EQ(noted.copy_end, read.copy_end) << i;
  }
}

// OpsWriter keeps instructions in a buffer of its own until finish(): with
// literals from a few bytes to well past that buffer, and runs of COPYs it
// merges, what it writes reads back as what it was given, and the first
// COPY's place and the last COPY's end it reports are those read.
TEST(ViewPieces, OpsWriterWritesWhatItIsGivenWhateverItsBufferHolds) {
  std::mt19937 rng(29);
  struct Op {
    bool insert;
    std::string literal;
    std::uint64_t from = 0, length = 0;
  };
  for (int run = 0; run < 2000; ++run) {
    std::vector<Op> expected;
    std::string ops;
    protocol::OpsWriter enc(ops);
    const int count = static_cast<int>(rng() % 80);
    std::uint64_t next_from = 0;
    for (int i = 0; i < count; ++i) {
      const auto kind = rng() % 4;
      if (kind == 0) {
        const std::size_t n = rng() % 3 ? rng() % 24 : 200 + rng() % 1200;
        const std::string literal = random_bytes(rng, n);
        enc.insert(literal);
        if (!literal.empty()) expected.push_back({true, literal});
      } else if (kind == 1) {
        std::string inserts;  // instructions written elsewhere (a part's change)
        protocol::OpsWriter other(inserts);
        const int pieces = 1 + static_cast<int>(rng() % 3);
        for (int k = 0; k < pieces; ++k) {
          const std::string literal = random_bytes(rng, 1 + rng() % 400);
          other.insert(literal);
          expected.push_back({true, literal});
        }
        other.finish();
        enc.raw_inserts(inserts);
      } else {
        const std::uint64_t from = rng() % 2 ? next_from : rng() % 100000;
        const std::uint64_t length = rng() % 8 ? 1 + rng() % 3000 : 0;
        enc.copy(from, length);
        next_from = from + length;
        if (length == 0) continue;
        if (!expected.empty() && !expected.back().insert && expected.back().from + expected.back().length == from) {
          expected.back().length += length;
        } else {
          expected.push_back({false, {}, from, length});
        }
      }
    }
    enc.finish();
    std::vector<protocol::DeltaOp> read;
    ASSERT_TRUE(protocol::for_each_op(ops, [&](const protocol::DeltaOp& op) { read.push_back(op); })) << run;
    ASSERT_EQ(read.size(), expected.size()) << run;
    const protocol::DeltaOp* first_copy = nullptr;
    std::uint64_t copy_end = 0;
    for (std::size_t i = 0; i < read.size(); ++i) {
      ASSERT_EQ(read[i].insert, expected[i].insert) << run << " op " << i;
      if (read[i].insert) {
        EXPECT_EQ(read[i].literal, expected[i].literal) << run << " op " << i;
        continue;
      }
      EXPECT_EQ(read[i].from, expected[i].from) << run << " op " << i;
      EXPECT_EQ(read[i].length, expected[i].length) << run << " op " << i;
      if (!first_copy) first_copy = &read[i];
      copy_end = read[i].from + read[i].length;
    }
    const auto& noted = enc.first_copy();
    EXPECT_EQ(noted.length, first_copy ? first_copy->length : 0) << run;
    if (first_copy) {
      EXPECT_EQ(noted.begin, first_copy->begin) << run;
      EXPECT_EQ(noted.end, first_copy->end) << run;
      EXPECT_EQ(noted.from, first_copy->from) << run;
      EXPECT_EQ(enc.copy_end(), copy_end) << run;
    }
  }
}

// A part composed of pieces (an EverZone seat as its non-owners see it):
// its bytes are its pieces' in order, its checksum and shift theirs
// combined, its change from the version before applies, and views that have
// it as one piece among others rebuild from their deltas at every step.
TEST(ViewPieces, ComposedPartsRebuildEveryView) {
  std::mt19937 rng(23);
  std::size_t changes = 0, kept = 0;
  for (int game = 0; game < 150; ++game) {
    std::vector<Part> parts(4);
    protocol::ComposedPart composed;
    protocol::ViewFeed feed;
    std::string client, composed_before;
    std::uint64_t key_before = 0;
    for (std::uint64_t index = 0; index < 60; ++index) {
      for (auto& part : parts) {
        if (!part.key || rng() % 3 == 0) {
          part.set(part.key && rng() % 2 ? edited(rng, part.bytes) : random_bytes(rng, rng() % 150), rng() % 5 != 0);
        }
      }
      const std::string header = rng() % 4 ? "h" : random_bytes(rng, 1 + rng() % 3);
      std::vector<protocol::ViewPiece> inside = {protocol::ViewPiece::small(0, header), parts[1].piece(1)};
      if (rng() % 5) inside.push_back(parts[2].piece(2));  // a piece only some versions have
      composed.compose(inside);
      std::string expected;
      for (const auto& piece : inside) expected.append(piece.bytes());
      const auto piece = composed.piece(9);
      ASSERT_EQ(composed.bytes(), expected);
      ASSERT_EQ(piece.crc(), protocol::view_checksum(expected));
      ASSERT_EQ(piece.shift(), protocol::crc32_shift_of(expected.size()));
      if (piece.key() == key_before) {
        ++kept;
        EXPECT_EQ(expected, composed_before);
      } else if (const auto* change = piece.change()) {
        ++changes;
        EXPECT_EQ(change->from_key, key_before);
        EXPECT_EQ(protocol::apply_view_delta(composed_before, change->ops), expected);
      }
      key_before = piece.key();
      composed_before = expected;

      protocol::PieceView view;
      view.pieces = {parts[0].piece(0), piece, parts[3].piece(10)};
      const auto fed = feed_pieces(feed, index, view, rng() % 25 == 0, client);
      ASSERT_EQ(fed.view, view.bytes()) << game << " " << index;
      ASSERT_EQ(fed.update.view_checksum(), protocol::view_checksum(view.bytes()));
      client = fed.view;
    }
  }
  EXPECT_GT(changes, 3000u);
  EXPECT_GT(kept, 500u);
}

TEST(ViewPieces, SmallPiecesHoldTheirBytes) {
  std::string text = "abc";
  const auto piece = protocol::ViewPiece::small(4, text);
  text = "xyz";
  EXPECT_EQ(piece.bytes(), "abc");
  EXPECT_EQ(piece.key(), 0u);
  const std::string longer(40, 'l');
  EXPECT_EQ(protocol::ViewPiece::small(5, longer).bytes(), longer);
  EXPECT_NE(protocol::next_piece_key(), protocol::next_piece_key());
}

}  // namespace
}  // namespace concord
