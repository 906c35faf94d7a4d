// LoginThrottle: the limit, expiry after a minute, and the bound on its table.
#include "login_throttle.hpp"

#include <gtest/gtest.h>

namespace concord::server {
namespace {

using namespace std::chrono_literals;
using Clock = LoginThrottle::Clock;

TEST(LoginThrottle, RefusesAfterTheLimitWithinAMinuteThenForgives) {
  LoginThrottle throttle(3);
  const auto t0 = Clock::now();
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(throttle.allowed("erin", "10.0.0.1", t0));
    throttle.record_failure("erin", "10.0.0.1", t0);
  }
  EXPECT_FALSE(throttle.allowed("erin", "10.0.0.2", t0 + 30s));  // the username is limited
  EXPECT_FALSE(throttle.allowed("frank", "10.0.0.1", t0 + 30s));  // so is the address
  EXPECT_TRUE(throttle.allowed("frank", "10.0.0.2", t0 + 30s));
  EXPECT_TRUE(throttle.allowed("erin", "10.0.0.1", t0 + 61s));
}

TEST(LoginThrottle, ExpiredEntriesAreForgotten) {
  LoginThrottle throttle(5);
  const auto t0 = Clock::now();
  for (int i = 0; i < 1000; ++i) throttle.record_failure("user" + std::to_string(i), "10.0.0.1", t0);
  EXPECT_EQ(throttle.entries(), 1001u);
  // The first failure after a minute sweeps every key whose failures expired.
  throttle.record_failure("late", "10.0.0.9", t0 + 2min);
  EXPECT_EQ(throttle.entries(), 2u);
}

TEST(LoginThrottle, TheTableIsBoundedAndDropsTheOldestFirst) {
  LoginThrottle throttle(5, 100);
  const auto t0 = Clock::now();
  for (int i = 0; i < 1000; ++i) {
    throttle.record_failure("user" + std::to_string(i), "10.0.0.1", t0 + std::chrono::milliseconds(i));
  }
  EXPECT_LE(throttle.entries(), 100u);
  // The newest key and the busy address are still remembered.
  for (int i = 0; i < 4; ++i) throttle.record_failure("user999", "10.0.0.1", t0 + 1s);
  EXPECT_FALSE(throttle.allowed("user999", "10.0.0.7", t0 + 1s));
  EXPECT_FALSE(throttle.allowed("nobody", "10.0.0.1", t0 + 1s));
}

TEST(LoginThrottle, AKeyKeepsOnlyAsManyFailuresAsTheLimit) {
  LoginThrottle throttle(2);
  const auto t0 = Clock::now();
  for (int i = 0; i < 100; ++i) throttle.record_failure("erin", "10.0.0.1", t0 + std::chrono::seconds(i % 10));
  EXPECT_FALSE(throttle.allowed("erin", "10.0.0.5", t0 + 10s));
  EXPECT_TRUE(throttle.allowed("erin", "10.0.0.5", t0 + 71s));
}

}  // namespace
}  // namespace concord::server
