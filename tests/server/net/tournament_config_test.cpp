// TournamentConfig: an organizer's settings checked, defaulted and kept as text.
#include "tournament_config.hpp"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

namespace concord::server {
namespace {

v1::TournamentSettings friday_swiss() {
  v1::TournamentSettings wire;
  wire.set_game("everzone");
  wire.set_name("Friday Swiss");
  (*wire.mutable_options())["command_points"] = "10";
  (*wire.mutable_options())["clock"] = "chess";
  wire.set_top_cut(8);
  wire.set_round_seconds(3000);
  wire.add_staff("jane");
  return wire;
}

TEST(TournamentConfig, ZerosTakeTheDefaults) {
  TournamentConfig config;
  ASSERT_TRUE(config_from_wire(friday_swiss(), &config).empty());
  EXPECT_EQ(config.format, tournament::Format::Swiss);
  EXPECT_EQ(config.best_of, 3);
  EXPECT_EQ(config.max_players, kMaxEntrants);
  EXPECT_EQ(config.no_show_seconds, 600);
  EXPECT_EQ(config.swiss_rounds, 0) << "ceil(log2(players)) when the event starts";
}

TEST(TournamentConfig, BadShapesAreEachReported) {
  auto wire = friday_swiss();
  wire.set_best_of(2);
  wire.set_top_cut(6);
  wire.set_max_players(1);
  wire.set_name("");
  TournamentConfig config;
  const auto problems = config_from_wire(wire, &config);
  EXPECT_EQ(problems.size(), 4u);
  EXPECT_TRUE(config.game.empty()) << "nothing is taken from refused settings";
}

TEST(TournamentConfig, RoundRobinTakesNoTopCutAndNoLateEntries) {
  auto wire = friday_swiss();
  wire.set_format(v1::FORMAT_ROUND_ROBIN);
  wire.set_late_entries(true);
  TournamentConfig config;
  EXPECT_EQ(config_from_wire(wire, &config).size(), 2u);
}

TEST(TournamentConfig, TheDatabaseTextGivesBackTheSameSettings) {
  TournamentConfig config;
  ASSERT_TRUE(config_from_wire(friday_swiss(), &config).empty());
  const auto back = config_from_text(config_to_text(config));
  ASSERT_TRUE(back);
  v1::TournamentSettings a, b;
  config_to_wire(config, &a);
  config_to_wire(*back, &b);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(a, b)) << a.DebugString() << b.DebugString();
  EXPECT_FALSE(config_from_text("best_of=three\n")) << "a malformed number is refused";
}

}  // namespace
}  // namespace concord::server
