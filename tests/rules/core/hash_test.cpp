// StateHasher: deterministic, order- and type-sensitive, strings delimited.
#include <gtest/gtest.h>

#include <string>

#include "concord/rules/hash.hpp"
#include "concord/rules/seed.hpp"

namespace concord::rules {
namespace {

TEST(StateHasher, EmptyIsSha256OfNothing) {
  EXPECT_EQ(StateHasher().hex(), sha256_hex(""));
}

TEST(StateHasher, SameInputsSameHash) {
  StateHasher a, b;
  a.add(1).add(std::string_view("x")).add(true);
  b.add(1).add(std::string_view("x")).add(true);
  EXPECT_EQ(a.hex(), b.hex());
  EXPECT_EQ(a.hex().size(), 64u);
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
  StateHasher h;
  h.add(std::int64_t{1});
  EXPECT_EQ(h.hex(), sha256_hex(std::string("i\x01\0\0\0\0\0\0\0", 9)));
}


// The hasher streams its bytes through SHA-256; the hash must stay the SHA-256
// of the documented encoding (journals store it): 'i'/'u' + 8 bytes little
// endian, 's' + 8-byte length + bytes. Fields of every size, strings longer
// than the hasher's 1 KiB buffer and every buffer boundary.
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
  for (int round = 0; round < 200; ++round) {
    StateHasher hasher;
    std::string reference;
    const int fields = static_cast<int>(next() % 400);
    for (int f = 0; f < fields; ++f) {
      const auto kind = next() % 3;
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
      } else {
        const std::string s(next() % (round % 10 == 0 ? 3000 : 40), static_cast<char>('a' + f % 26));
        hasher.add(std::string_view(s));
        reference.push_back('s');
        le64(reference, s.size());
        reference += s;
      }
    }
    ASSERT_EQ(hasher.hex(), sha256_hex(reference)) << "round " << round << ", " << reference.size() << " bytes";
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
    StateHasher h;
    for (int c : cards) h.add(c);
    for (int o : owners) h.add(o);
    return h.add(tail).hex();
  };
  StateHasherPrefix prefix;
  for (std::int64_t tail = 0; tail < 3; ++tail) {
    EXPECT_EQ(prefix.resume({&cards, &owners}, feed).add(tail).hex(), fresh(tail));
  }
  EXPECT_EQ(fed, 1) << "the prefix is fed once while its key is unchanged";
  owners[2] = 0;
  EXPECT_EQ(prefix.resume({&cards, &owners}, feed).add(std::int64_t{7}).hex(), fresh(7));
  EXPECT_EQ(fed, 2) << "a changed key feeds the prefix again";
  const StateHasherPrefix copy = prefix;
  EXPECT_EQ(copy.resume({&cards, &owners}, feed).add(std::int64_t{7}).hex(), fresh(7));
  EXPECT_EQ(fed, 3) << "a copy starts empty";
}

}  // namespace
}  // namespace concord::rules
