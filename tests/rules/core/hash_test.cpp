// StateHasher: deterministic, order- and type-sensitive, strings delimited.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace concord::rules
