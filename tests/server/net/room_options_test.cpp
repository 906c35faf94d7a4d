// Room options: split from the game's options, resolved, turned into a policy.
#include "room_options.hpp"

#include <gtest/gtest.h>

namespace concord::server {
namespace {

TEST(RoomOptions, TheRoomsOptionsAreSplitFromTheGamesAndTakeTheirDefaults) {
  const auto split = split_room_options({{"rounds", "5"}, {"clock", "chess"}, {"clock_increment_seconds", "2"}});
  EXPECT_TRUE(split.errors.empty());
  EXPECT_EQ(split.game, (rules::OptionValues{{"rounds", "5"}}));
  EXPECT_EQ(split.room.at("clock"), "chess");
  EXPECT_EQ(split.room.at("clock_initial_seconds"), "600");
  const auto policy = room_policy(split.room);
  EXPECT_EQ(policy.clock.mode, ClockSettings::Mode::Chess);
  EXPECT_EQ(policy.clock.initial_ms, 600000);
  EXPECT_EQ(policy.clock.increment_ms, 2000);
  EXPECT_EQ(policy.disconnect_grace_s, 120);
  EXPECT_EQ(policy.on_grace_out, RoomPolicy::GraceOut::Wait);
}

TEST(RoomOptions, BadRoomOptionValuesAreRefused) {
  EXPECT_FALSE(split_room_options({{"clock", "hourglass"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"turn_seconds", "0"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"flag_fall", "shrug"}}).errors.empty());
}

TEST(RoomOptions, NoOptionsMeansNoClock) {
  const auto policy = room_policy({});
  EXPECT_EQ(policy.clock.mode, ClockSettings::Mode::None);
  EXPECT_FALSE(policy.freeze_clock_while_disconnected);
}

}  // namespace
}  // namespace concord::server
