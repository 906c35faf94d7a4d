// IdleCheck: protocol/README.md, "Idle timeout / pings".
#include "idle_check.hpp"

#include <gtest/gtest.h>

namespace concord::server::net {
namespace {

using Action = IdleCheck::Action;

TEST(IdleCheck, AQuietConnectionIsPingedAtHalfTheTimeoutAndDroppedAtTheWhole) {
  IdleCheck check;
  EXPECT_EQ(check.tick(), Action::None);  // a quarter
  EXPECT_EQ(check.tick(), Action::Ping);  // a half
  EXPECT_EQ(check.tick(), Action::None);  // three quarters
  EXPECT_EQ(check.tick(), Action::Drop);  // the whole idle timeout
  EXPECT_EQ(check.tick(), Action::Drop);  // until the session is gone
}

TEST(IdleCheck, AnythingHeardStartsTheQuietOver) {
  IdleCheck check;
  EXPECT_EQ(check.tick(), Action::None);
  EXPECT_EQ(check.tick(), Action::Ping);
  check.heard();  // the pong
  EXPECT_EQ(check.tick(), Action::None);
  EXPECT_EQ(check.tick(), Action::None);
  EXPECT_EQ(check.tick(), Action::Ping);
  EXPECT_EQ(check.tick(), Action::None);
  check.heard();
  check.heard();  // several frames count once
  EXPECT_EQ(check.tick(), Action::None);
  EXPECT_EQ(check.tick(), Action::None);
  EXPECT_EQ(check.tick(), Action::Ping);
}

TEST(IdleCheck, AConnectionHeardFromEveryQuarterIsNeverPinged) {
  IdleCheck check;
  for (int i = 0; i < 100; ++i) {
    check.heard();
    EXPECT_EQ(check.tick(), Action::None);
  }
}

}  // namespace
}  // namespace concord::server::net
