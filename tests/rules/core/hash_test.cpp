// StateHasher: deterministic, order- and type-sensitive, strings delimited.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "concord/rules/hash.hpp"
#include "concord/rules/seed.hpp"

namespace concord::rules {
namespace {

constexpr auto kSha = StateHashVersion::Sha256;
constexpr auto kXxh = StateHashVersion::Xxh64;
constexpr auto kPacked = StateHashVersion::PackedLists;

std::string hex64(std::uint64_t v) {
  static const char* digits = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 0; i < 16; ++i) out[static_cast<std::size_t>(i)] = digits[(v >> (60 - 4 * i)) & 0xF];
  return out;
}

TEST(StateHasher, EmptyIsSha256OfNothing) {
  EXPECT_EQ(StateHasher(kSha).hex(), sha256_hex(""));
}

// Published XXH64 values (seed 0): the empty input, "abc", and a 39-byte
// sentence (a 32-byte stripe and a tail) from python-xxhash's README.
TEST(StateHasher, Xxh64KnownAnswers) {
  EXPECT_EQ(xxh64(""), 0xEF46DB3751D8E999ull);
  EXPECT_EQ(xxh64("abc"), 0x44BC2CF5AD770999ull);
  EXPECT_EQ(xxh64("Nobody inspects the spammish repetition"), 0xFBCEA83C8A378BF1ull);
}

// Versions are told apart by their text alone: 64 hex digits (Sha256), 16
// (Xxh64), "v3:" and 16 (Fields), "v4:" and 16 (CardHashes), "v5:" and 16
// (PackedLists, the current one); the last four are the same function, the
// last three rendered with a prefix.
TEST(StateHasher, TheCurrentVersionIsPackedListsAndVersionsAreToldByTheirText) {
  EXPECT_EQ(StateHasher().version(), kPacked);
  EXPECT_EQ(kCurrentStateHash, kPacked);
  EXPECT_EQ(StateHasher().hex(), "v5:" + hex64(xxh64("")));
  EXPECT_EQ(StateHasher(StateHashVersion::CardHashes).hex(), "v4:" + hex64(xxh64("")));
  EXPECT_EQ(StateHasher(StateHashVersion::Fields).hex(), "v3:" + hex64(xxh64("")));
  EXPECT_EQ(StateHasher(kXxh).hex(), hex64(xxh64("")));
  EXPECT_EQ(StateHasher(kSha).hex(), sha256_hex(""));
  EXPECT_EQ(state_hash_version(StateHasher(kSha).hex()), kSha);
  EXPECT_EQ(state_hash_version(StateHasher(kXxh).hex()), kXxh);
  EXPECT_EQ(state_hash_version(StateHasher(StateHashVersion::Fields).hex()), StateHashVersion::Fields);
  EXPECT_EQ(state_hash_version(StateHasher(StateHashVersion::CardHashes).hex()), StateHashVersion::CardHashes);
  EXPECT_EQ(state_hash_version(StateHasher().hex()), kPacked);
  EXPECT_EQ(state_hash_version("v3:0123456789abcdef"), StateHashVersion::Fields);
  EXPECT_EQ(state_hash_version("v4:0123456789abcdef"), StateHashVersion::CardHashes);
  EXPECT_EQ(state_hash_version("v5:0123456789abcdef"), kPacked);
  EXPECT_EQ(state_hash_version("abc"), std::nullopt);
  EXPECT_EQ(state_hash_version(""), std::nullopt);
  EXPECT_EQ(state_hash_version("v3:0123456789abcde"), std::nullopt);    // a digit short
  EXPECT_EQ(state_hash_version("v4:0123456789abcdef0"), std::nullopt);  // a digit more
  EXPECT_EQ(state_hash_version("v6:0123456789abcdef"), std::nullopt);   // a version to come
  EXPECT_EQ(state_hash_version("x3:0123456789abcdef"), std::nullopt);
  EXPECT_EQ(state_hash_version("0123456789abcdef012"), std::nullopt);  // 19 digits, no prefix
}

// Xxh64, Fields, CardHashes and PackedLists hash the same encoding by the
// same function, but for lists: a game that feeds the same fields to each
// gets the same digits.
TEST(StateHasher, FieldsCardHashesPackedListsAndXxh64HashTheSameBytes) {
  for (const std::string& s : {std::string(), std::string("abc"), std::string(3000, 'q')}) {
    StateHasher x(kXxh), f(StateHashVersion::Fields), c(StateHashVersion::CardHashes), p(kPacked);
    for (StateHasher* h : {&x, &f, &c, &p}) {
      h->add(std::int64_t{-5}).add(std::string_view(s)).add(std::uint64_t{9}).add_each({1, 2, 3});
    }
    EXPECT_EQ(f.hex(), "v3:" + x.hex());
    EXPECT_EQ(c.hex(), "v4:" + x.hex());
    EXPECT_EQ(p.hex(), "v5:" + x.hex());
  }
}

// A list up to CardHashes is its length and its elements as add() feeds them
// (the bytes journaled with those versions); from PackedLists on 'l', the
// 8-byte length and 4 bytes per element.
TEST(StateHasher, ListsArePackedFromPackedListsOn) {
  const std::vector<int> list{1, -2, 70000};
  StateHasher old(StateHashVersion::CardHashes), fed(StateHashVersion::CardHashes);
  old.add_list(list);
  fed.add(std::int64_t{3}).add(1).add(-2).add(70000);
  EXPECT_EQ(old.hex(), fed.hex());
  const std::string packed("l\x03\0\0\0\0\0\0\0"
                           "\x01\0\0\0"
                           "\xfe\xff\xff\xff"
                           "\x70\x11\x01\0",
                           21);
  EXPECT_EQ(StateHasher(kPacked).add_list(list).hex(), "v5:" + hex64(xxh64(packed)));
  EXPECT_NE(StateHasher(kPacked).add_list({1, 2}).add_list({}).hex(),
            StateHasher(kPacked).add_list({1}).add_list({2}).hex()) << "lists are delimited by their lengths";
  EXPECT_NE(StateHasher(kPacked).add_list({1}).hex(), StateHasher(kPacked).add(std::int64_t{1}).add_each({1}).hex());
}

TEST(StateHasher, SameInputsSameHash) {
  StateHasher a, b;
  a.add(1).add(std::string_view("x")).add(true);
  b.add(1).add(std::string_view("x")).add(true);
  EXPECT_EQ(a.hex(), b.hex());
  EXPECT_EQ(a.hex().size(), 19u);
  EXPECT_EQ(StateHasher(kXxh).add(1).hex().size(), 16u);
  EXPECT_EQ(StateHasher(kSha).add(1).hex().size(), 64u);
}

// add_ints(a, b, ...) feeds what add(a).add(b)... does (bools as 0 and 1),
// also across the buffer's end: a run that does not fit is hashed after the
// whole blocks before it, as add() would.
TEST(StateHasher, AddIntsFeedsWhatAddDoes) {
  for (const auto version : {StateHashVersion::Sha256, kXxh, kPacked}) {
    for (int lead = 0; lead < 130; ++lead) {
      StateHasher a(version), b(version);
      for (int i = 0; i < lead; ++i) a.add(i), b.add(i);
      a.add_ints(7, -1, true, false, std::int64_t{1} << 40, 3);
      b.add(7).add(-1).add(true).add(false).add(std::int64_t{1} << 40).add(3);
      ASSERT_EQ(a.hex(), b.hex()) << lead;
    }
  }
  EXPECT_NE(StateHasher().add_ints(1, 2).hex(), StateHasher().add_ints(2, 1).hex());
}

// add_lists(a, b, ...) feeds what add_list(a).add_list(b)... does, in every
// version, whether the lists fit in the buffer's room, need it emptied first
// or are longer than it.
TEST(StateHasher, AddListsFeedsWhatAddListDoes) {
  const std::vector<int> empty, few{1, -2, 3}, many(200, 7), longer(400, -9);
  for (const auto version : {StateHashVersion::CardHashes, kPacked}) {
    for (int lead = 0; lead < 130; lead += 3) {
      StateHasher a(version), b(version);
      for (int i = 0; i < lead; ++i) a.add(i), b.add(i);
      a.add_lists(few, empty, many).add_lists(longer, few);
      b.add_list(few).add_list(empty).add_list(many).add_list(longer).add_list(few);
      ASSERT_EQ(a.hex(), b.hex()) << lead;
    }
  }
  EXPECT_NE(StateHasher().add_lists(few, empty).hex(), StateHasher().add_lists(empty, few).hex());
}

TEST(StateHasher, OrderMatters) {
  StateHasher a, b;
  a.add(1).add(2);
  b.add(2).add(1);
  EXPECT_NE(a.hex(), b.hex());
}

TEST(StateHasher, StringsAreLengthPrefixed) {
  StateHasher a, b;
  a.add(std::string_view("ab")).add(std::string_view("c"));
  b.add(std::string_view("a")).add(std::string_view("bc"));
  EXPECT_NE(a.hex(), b.hex());
}

TEST(StateHasher, SignedAndUnsignedAreDistinct) {
  StateHasher a, b;
  a.add(std::int64_t{1});
  b.add(std::uint64_t{1});
  EXPECT_NE(a.hex(), b.hex());
}

TEST(StateHasher, KnownEncoding) {
  // 'i' tag + 8 little-endian bytes.
  StateHasher h(kSha);
  h.add(std::int64_t{1});
  EXPECT_EQ(h.hex(), sha256_hex(std::string("i\x01\0\0\0\0\0\0\0", 9)));
  EXPECT_EQ(StateHasher(kXxh).add(std::int64_t{1}).hex(), hex64(xxh64(std::string("i\x01\0\0\0\0\0\0\0", 9))));
  EXPECT_EQ(StateHasher().add(std::int64_t{1}).hex(), "v5:" + hex64(xxh64(std::string("i\x01\0\0\0\0\0\0\0", 9))));
}


// The hasher streams its bytes through the hash; the hash must stay the
// SHA-256 (or XXH64, also under Fields, CardHashes and PackedLists) of the
// documented encoding (journals store it): 'i'/'u' + 8 bytes little endian,
// 's' + 8-byte length + bytes, a list as its length and elements ('l', the
// length and 4 bytes each from PackedLists on). Fields of every size,
// strings longer than the hasher's 1 KiB buffer and every buffer boundary.
TEST(StateHasher, StreamingEqualsTheHashOfTheWholeEncoding) {
  auto le64 = [](std::string& out, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  };
  std::uint64_t x = 88172645463325252ull;  // xorshift64
  auto next = [&x] {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
  };
  for (int round = 0; round < 400; ++round) {
    const StateHashVersion versions[] = {kSha, kXxh, StateHashVersion::Fields, StateHashVersion::CardHashes, kPacked};
    const auto version = versions[round % 5];
    StateHasher hasher(version);
    std::string reference;
    const int fields = static_cast<int>(next() % (round % 7 == 0 ? 5 : 400));  // and short ones
    for (int f = 0; f < fields; ++f) {
      const auto kind = next() % 4;
      if (kind == 0) {
        const auto v = static_cast<std::int64_t>(next());
        hasher.add(v);
        reference.push_back('i');
        le64(reference, static_cast<std::uint64_t>(v));
      } else if (kind == 1) {
        const auto v = next();
        hasher.add(v);
        reference.push_back('u');
        le64(reference, v);
      } else if (kind == 3) {
        std::vector<int> list(next() % (round % 10 == 0 ? 700 : 30));
        for (auto& v : list) v = static_cast<int>(static_cast<std::uint32_t>(next()));
        hasher.add_list(list);
        reference.push_back(version == kPacked ? 'l' : 'i');
        le64(reference, list.size());
        for (int v : list) {
          if (version == kPacked) {
            for (int i = 0; i < 4; ++i) reference.push_back(static_cast<char>((static_cast<std::uint32_t>(v) >> (8 * i)) & 0xff));
          } else {
            reference.push_back('i');
            le64(reference, static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
          }
        }
      } else {
        const std::string s(next() % (round % 10 == 0 ? 3000 : 40), static_cast<char>('a' + f % 26));
        hasher.add(std::string_view(s));
        reference.push_back('s');
        le64(reference, s.size());
        reference += s;
      }
    }
    const auto expected = version == kSha      ? sha256_hex(reference)
                          : version == kXxh    ? hex64(xxh64(reference))
                          : version == StateHashVersion::Fields ? "v3:" + hex64(xxh64(reference))
                          : version == StateHashVersion::CardHashes ? "v4:" + hex64(xxh64(reference))
                                               : "v5:" + hex64(xxh64(reference));
    ASSERT_EQ(hasher.hex(), expected) << "round " << round << ", " << reference.size() << " bytes";
    ASSERT_EQ(hasher.hex(), hasher.hex()) << "hex() does not change the hasher";
  }
}

// StateHasherPrefix: a resumed hasher hashes what feeding the prefix anew
// would; a changed key feeds it again; a copy starts empty and agrees.
TEST(StateHasherPrefix, ResumingEqualsFeedingThePrefixEachTime) {
  std::vector<int> cards{3, 1, 4, 1, 5}, owners{0, 0, 1, 1, 0};
  int fed = 0;
  const auto feed = [&](StateHasher& h) {
    ++fed;
    for (int c : cards) h.add(c);
    for (int o : owners) h.add(o);
  };
  const auto fresh = [&](std::int64_t tail) {
    StateHasher h(kSha);
    for (int c : cards) h.add(c);
    for (int o : owners) h.add(o);
    return h.add(tail).hex();
  };
  StateHasherPrefix prefix;
  for (std::int64_t tail = 0; tail < 3; ++tail) {
    EXPECT_EQ(prefix.resume(kSha, {&cards, &owners}, feed).add(tail).hex(), fresh(tail));
  }
  EXPECT_EQ(fed, 1) << "the prefix is fed once while its key is unchanged";
  owners[2] = 0;
  EXPECT_EQ(prefix.resume(kSha, {&cards, &owners}, feed).add(std::int64_t{7}).hex(), fresh(7));
  EXPECT_EQ(fed, 2) << "a changed key feeds the prefix again";
  const StateHasherPrefix copy = prefix;
  EXPECT_EQ(copy.resume(kSha, {&cards, &owners}, feed).add(std::int64_t{7}).hex(), fresh(7));
  EXPECT_EQ(fed, 3) << "a copy starts empty";
  EXPECT_EQ(copy.resume(StateHashVersion::Xxh64, {&cards, &owners}, feed).hex().size(), 16u);
  EXPECT_EQ(fed, 4) << "another version feeds the prefix again";
}

}  // namespace
}  // namespace concord::rules
