// GameInfo describes exactly what a room accepts (issue: "a team room created
// without command_points is refused although ... the default is 20"): for every
// game of the shipped server and every seat count it lists, a room created
// with no options is accepted, and seat counts it does not list are refused
// with INVALID_SEATS.
#include "harness.hpp"

namespace concord::testing {
namespace {

class GameInfo : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
  std::vector<std::string> server_args() const override { return {"--max-rooms-per-player", "100"}; }
};

const v1::SeatOptions* seat_options(const v1::GameInfo& game, std::uint32_t seats) {
  for (const auto& entry : game.seat_options()) {
    if (entry.seats() == seats) return &entry;
  }
  return nullptr;
}

TEST_F(GameInfo, EveryListedSeatCountTakesARoomWithTheDefaultOptions) {
  auto alice = player("alice");
  const auto games = alice->list_games();
  ASSERT_GE(games.games_size(), 2);
  for (const auto& game : games.games()) {
    ASSERT_GT(game.seat_options_size(), 0) << game.id();
    for (std::uint32_t seats = game.min_seats(); seats <= game.max_seats(); ++seats) {
      v1::CreateRoom spec;
      spec.set_game(game.id());
      spec.set_seats(seats);
      const auto listed = seat_options(game, seats) != nullptr;
      const auto code = error_code_of([&] { alice->create_room(spec); });
      EXPECT_EQ(code, listed ? "" : "INVALID_SEATS") << game.id() << " with " << seats << " seats";
    }
  }
}

TEST_F(GameInfo, EverZoneTeamRoomsDefaultToValidCommandPointsAndTwoPlayersChooseAnyPointsUpTo99) {
  auto alice = player("alice");
  v1::GameInfo everzone;
  const auto games = alice->list_games();
  for (const auto& game : games.games()) {
    if (game.id() == "everzone") everzone = game;
  }
  const auto* two = seat_options(everzone, 2);
  const auto* four = seat_options(everzone, 4);
  ASSERT_TRUE(two && four);
  EXPECT_EQ(seat_options(everzone, 5), nullptr) << "five seats are not an EverZone game";
  // L10 "the players choose the number of Command Points": 10, 20 and 30 are
  // the rulebook's examples; any whole number 1 to 99 is taken (chosen bounds,
  // rules/everzone/README.md "Command Points"); teams at least 30.
  for (const auto& option : two->options()) {
    if (option.name() != "command_points") continue;
    EXPECT_EQ(option.kind(), v1::OptionSpec::INTEGER);
    EXPECT_EQ(option.min(), 1);
    EXPECT_EQ(option.max(), 99);
    EXPECT_EQ(option.default_value(), "20");
  }
  for (const auto& option : four->options()) {
    if (option.name() == "command_points") {
      EXPECT_EQ(option.default_value(), "40");
      EXPECT_EQ(option.min(), 30);
      EXPECT_EQ(option.max(), 99);
    }
    if (option.name() == "teams") {
      EXPECT_EQ(option.default_value(), "true");
    }
  }
  v1::CreateRoom team;
  team.set_game("everzone");
  team.set_seats(4);
  EXPECT_EQ(alice->create_room(team).options().at("command_points"), "40");
  (*team.mutable_options())["command_points"] = "20";  // "In a team game ... at least 30 CP"
  EXPECT_EQ(error_code_of([&] { alice->create_room(team); }), "INVALID_OPTIONS");
  v1::CreateRoom duel;
  duel.set_game("everzone");
  duel.set_seats(2);
  (*duel.mutable_options())["command_points"] = "25";  // not one of the examples, still a choice
  EXPECT_EQ(alice->create_room(duel).options().at("command_points"), "25");
  (*duel.mutable_options())["command_points"] = "100";
  EXPECT_EQ(error_code_of([&] { alice->create_room(duel); }), "INVALID_OPTIONS");
  duel.set_seats(5);
  EXPECT_EQ(error_code_of([&] { alice->create_room(duel); }), "INVALID_SEATS");
}

}  // namespace
}  // namespace concord::testing
