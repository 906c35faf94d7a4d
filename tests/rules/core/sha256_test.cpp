// SHA-256 (FIPS 180-4) against the NIST example vectors.
#include <gtest/gtest.h>

#include <string>

#include "concord/rules/seed.hpp"

namespace concord::rules {
namespace {

TEST(Sha256, EmptyString) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, Abc) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, TwoBlockMessage448Bits) {
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, MessageOf896Bits) {
  EXPECT_EQ(sha256_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                       "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"),
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

TEST(Sha256, OneMillionA) {
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

// Padding edge cases: 55 bytes fit one block, 56 and 64 need a second.
TEST(Sha256, PaddingBoundaries) {
  EXPECT_EQ(sha256_hex(std::string(55, 'a')),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

// The hardware path (x86 SHA extensions, where present) and the portable one
// give the same digest for every length around the block and padding edges.
TEST(Sha256, TheChosenBlockFunctionAgreesWithThePortableOne) {
  RecordProperty("implementation", std::string(sha256_implementation()));
  std::string data;
  std::uint32_t x = 2463534242u;
  for (std::size_t length = 0; length <= 1100; ++length) {
    ASSERT_EQ(sha256(data), sha256_portable(data)) << "length " << length;
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    data.push_back(static_cast<char>(x & 0xff));
  }
  const std::string large(300001, '\xa5');
  EXPECT_EQ(sha256(large), sha256_portable(large));
}

TEST(Sha256, ThePortablePathGivesTheNistDigests) {
  const auto abc = sha256_portable("abc");  // ba7816bf...f20015ad
  EXPECT_EQ(abc[0], 0xba);
  EXPECT_EQ(abc[31], 0xad);
  const auto million_a = sha256_portable(std::string(1000000, 'a'));  // cdc76e5c...c7112cd0
  EXPECT_EQ(million_a[0], 0xcd);
  EXPECT_EQ(million_a[1], 0xc7);
  EXPECT_EQ(million_a[31], 0xd0);
}

TEST(Sha256, BytesMatchHex) {
  const auto bytes = sha256("abc");
  EXPECT_EQ(bytes[0], 0xba);
  EXPECT_EQ(bytes[31], 0xad);
}

}  // namespace
}  // namespace concord::rules
