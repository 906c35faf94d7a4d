#include "rate_limiter.hpp"

#include <gtest/gtest.h>

namespace concord::server::net {
namespace {

using namespace std::chrono_literals;

TEST(RateLimiterTest, AllowsTheBurstThenRefillsAtTheRate) {
  const auto t0 = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(2.0, 3, t0);
  EXPECT_TRUE(limiter.try_acquire(t0));
  EXPECT_TRUE(limiter.try_acquire(t0));
  EXPECT_TRUE(limiter.try_acquire(t0));
  EXPECT_FALSE(limiter.try_acquire(t0));
  EXPECT_FALSE(limiter.try_acquire(t0 + 400ms));  // 0.8 tokens
  EXPECT_TRUE(limiter.try_acquire(t0 + 500ms));   // 1.0 token
  EXPECT_FALSE(limiter.try_acquire(t0 + 500ms));
}

TEST(RateLimiterTest, NeverHoldsMoreThanTheBurst) {
  const auto t0 = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(100.0, 2, t0);
  EXPECT_DOUBLE_EQ(limiter.tokens(), 2);
  for (int i = 0; i < 2; ++i) EXPECT_TRUE(limiter.try_acquire(t0 + 1h));
  EXPECT_FALSE(limiter.try_acquire(t0 + 1h));
}

TEST(RateLimiterTest, ClockGoingBackwardsGrantsNothing) {
  const auto t0 = RateLimiter::Clock::time_point{} + 1h;
  RateLimiter limiter(10.0, 1, t0);
  EXPECT_TRUE(limiter.try_acquire(t0));
  EXPECT_FALSE(limiter.try_acquire(t0 - 10s));
}

}  // namespace
}  // namespace concord::server::net
