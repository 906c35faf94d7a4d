#include "client/seed_check.hpp"

#include <gtest/gtest.h>

#include "concord/rules/seed.hpp"

namespace concord::client {
namespace {

const std::string kZeroSeed(64, '0');
// SHA-256 of 32 zero bytes.
const char* const kZeroCommitment = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925";

TEST(SeedCheck, HashesTheSeedBytesNotTheHexText) {
  EXPECT_EQ(sha256_of_hex(kZeroSeed), kZeroCommitment);
  EXPECT_EQ(sha256_of_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(SeedCheck, VerifiesACommitment) {
  EXPECT_TRUE(seed_matches_commitment(kZeroSeed, kZeroCommitment));
  EXPECT_TRUE(seed_matches_commitment(kZeroSeed, "66687AADF862BD776C8FC18B8E9F8E20089714856EE233B3902A591D0D5F2925"));
  std::string other = kZeroSeed;
  other.back() = '1';
  EXPECT_FALSE(seed_matches_commitment(other, kZeroCommitment));
  EXPECT_FALSE(seed_matches_commitment("", kZeroCommitment));
  EXPECT_FALSE(seed_matches_commitment("zz", kZeroCommitment));
  EXPECT_FALSE(sha256_of_hex("abc").has_value());
}

TEST(SeedCheck, AgreesWithTheEngineCommitment) {
  rules::Seed seed;
  for (std::size_t i = 0; i < seed.bytes.size(); ++i) seed.bytes[i] = static_cast<std::uint8_t>(i * 7 + 1);
  EXPECT_TRUE(seed_matches_commitment(seed.hex(), seed.commitment()));
}

}  // namespace
}  // namespace concord::client
