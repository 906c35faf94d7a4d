// Room options: split from the game's options, resolved, turned into a policy.
#include "room_options.hpp"

#include <gtest/gtest.h>

namespace concord::server {
namespace {

TEST(RoomOptions, TheRoomsOptionsAreSplitFromTheGamesAndTakeTheirDefaults) {
  const auto split =
      split_room_options({{"rounds", "5"}, {"spectator_delay_commands", "3"}, {"on_grace_expiry", "concede"}});
  EXPECT_TRUE(split.errors.empty());
  EXPECT_EQ(split.game, (rules::OptionValues{{"rounds", "5"}}));
  EXPECT_EQ(split.room.at("spectator_delay_commands"), "3");
  EXPECT_EQ(split.room.at("disconnect_grace_seconds"), "120");
  const auto policy = room_policy(split.room);
  EXPECT_EQ(policy.delay_commands, 3);
  EXPECT_TRUE(policy.spectators_delayed());
  EXPECT_EQ(policy.disconnect_grace_s, 120);
  EXPECT_EQ(policy.on_grace_out, RoomPolicy::GraceOut::Concede);
}

TEST(RoomOptions, BadRoomOptionValuesAreRefused) {
  EXPECT_FALSE(split_room_options({{"spectators", "friends"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"spectator_delay_seconds", "901"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"disconnect_grace_seconds", "1"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"on_grace_expiry", "shrug"}}).errors.empty());
}

TEST(RoomOptions, NoOptionsMeansAnUndelayedRoomThatWaitsForAbsentPlayers) {
  const auto policy = room_policy({});
  EXPECT_EQ(policy.spectators, RoomPolicy::Spectators::On);
  EXPECT_FALSE(policy.spectators_delayed());
  EXPECT_EQ(policy.on_grace_out, RoomPolicy::GraceOut::Wait);
  EXPECT_EQ(policy.clock.mode, ClockSettings::Mode::None);
  EXPECT_FALSE(policy.freeze_clock_while_disconnected);
}

TEST(RoomOptions, ClockOptionsGiveTheClockSettingsInMilliseconds) {
  const auto split = split_room_options({{"clock", "chess"},
                                         {"clock_initial_seconds", "300"},
                                         {"clock_increment_seconds", "2"},
                                         {"clock_delay_seconds", "5"},
                                         {"flag_fall", "default"},
                                         {"spectators", "list"}});
  ASSERT_TRUE(split.errors.empty());
  const auto policy = room_policy(split.room);
  EXPECT_EQ(policy.clock.mode, ClockSettings::Mode::Chess);
  EXPECT_EQ(policy.clock.initial_ms, 300000);
  EXPECT_EQ(policy.clock.increment_ms, 2000);
  EXPECT_EQ(policy.clock.delay_ms, 5000);
  EXPECT_EQ(policy.clock.on_flag, ClockSettings::OnFlag::Default);
  EXPECT_EQ(policy.spectators, RoomPolicy::Spectators::List);
  EXPECT_FALSE(split_room_options({{"clock", "sundial"}}).errors.empty());
  EXPECT_FALSE(split_room_options({{"turn_seconds", "0"}}).errors.empty());
}

}  // namespace
}  // namespace concord::server
