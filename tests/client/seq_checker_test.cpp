#include "client/seq_checker.hpp"

#include <gtest/gtest.h>

namespace concord::client {
namespace {

TEST(SeqChecker, AcceptsStrictlyIncreasingSeqs) {
  SeqChecker seq;
  EXPECT_EQ(seq.last(), 0u);
  EXPECT_FALSE(seq.accept(1));
  EXPECT_FALSE(seq.accept(2));
  EXPECT_FALSE(seq.accept(10)) << "gaps are allowed; only order is checked";
  EXPECT_EQ(seq.last(), 10u);
}

TEST(SeqChecker, RejectsRepeatsRegressionsAndZero) {
  SeqChecker seq;
  EXPECT_TRUE(seq.accept(0));
  EXPECT_FALSE(seq.accept(3));
  const auto repeat = seq.accept(3);
  ASSERT_TRUE(repeat);
  EXPECT_EQ(*repeat, "seq not strictly increasing: 3 after 3");
  EXPECT_TRUE(seq.accept(2));
  EXPECT_EQ(seq.last(), 3u) << "a rejected seq is not recorded";
}

}  // namespace
}  // namespace concord::client
