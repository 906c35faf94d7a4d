// Seeds: hex round trip, malformed hex, commitment.
#include <gtest/gtest.h>

#include "concord/rules/seed.hpp"

namespace concord::rules {
namespace {

Seed counting_seed() {
  Seed s;
  for (std::size_t i = 0; i < s.bytes.size(); ++i) s.bytes[i] = static_cast<std::uint8_t>(i);
  return s;
}

TEST(Seed, HexIsLowercase64Chars) {
  EXPECT_EQ(counting_seed().hex(),
            "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
}

TEST(Seed, HexRoundTrip) {
  Seed s = counting_seed();
  s.bytes[5] = 0xff;
  s.bytes[31] = 0xa0;
  const auto back = Seed::from_hex(s.hex());
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, s);
}

TEST(Seed, FromHexAcceptsUppercase) {
  const auto s = Seed::from_hex(std::string(62, '0') + "AB");
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->bytes[31], 0xab);
}

TEST(Seed, FromHexRejectsMalformed) {
  EXPECT_FALSE(Seed::from_hex("").has_value());
  EXPECT_FALSE(Seed::from_hex(std::string(63, '0')).has_value());
  EXPECT_FALSE(Seed::from_hex(std::string(65, '0')).has_value());
  EXPECT_FALSE(Seed::from_hex(std::string(63, '0') + "g").has_value());
  EXPECT_FALSE(Seed::from_hex(std::string(63, '0') + " ").has_value());
}

TEST(Seed, CommitmentIsSha256OfTheRawBytes) {
  EXPECT_EQ(counting_seed().commitment(),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
  const Seed s = counting_seed();
  EXPECT_EQ(s.commitment(),
            sha256_hex(std::string_view(reinterpret_cast<const char*>(s.bytes.data()), 32)));
}

TEST(Seed, DifferentSeedsDifferentCommitments) {
  Seed a = counting_seed();
  Seed b = a;
  b.bytes[0] ^= 1;
  EXPECT_NE(a.commitment(), b.commitment());
}

}  // namespace
}  // namespace concord::rules
