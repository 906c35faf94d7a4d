// Card references: the permutation that makes refs opaque, and their text.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "concord/rules/card_refs.hpp"

namespace concord::rules {
namespace {

Seed seed_of(std::uint8_t b) {
  Seed s{};
  s.bytes.fill(b);
  return s;
}

TEST(CardRefs, ThePermutationIsAFunctionOfTheSeedAlone) {
  const auto a = card_ref_permutation(seed_of(1), 80), b = card_ref_permutation(seed_of(1), 80);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, card_ref_permutation(seed_of(2), 80));
  auto sorted = a;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> identity(80);
  std::iota(identity.begin(), identity.end(), 0);
  EXPECT_EQ(sorted, identity) << "every number once";
}

TEST(CardRefs, RefTextsAreCAndTheNumberInsideAndBeyondTheMadeTable) {
  EXPECT_EQ(ref_text(0), "c0");
  EXPECT_EQ(ref_text(17), "c17");
  EXPECT_EQ(ref_text(4095), "c4095");
  EXPECT_EQ(ref_text(4096), "c4096");
  EXPECT_EQ(ref_text(123456), "c123456");
  for (int n = 0; n < 5000; n += 7) EXPECT_EQ(ref_text(n), "c" + std::to_string(n));
}

}  // namespace
}  // namespace concord::rules
