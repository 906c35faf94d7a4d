// Room options through the real server and PostgreSQL (protocol/README.md
// section 11, "Room options", "Spectators", "Seat holds"): spectators off,
// delayed spectators, and the seats of absent players. Delays and graces are
// seconds long, so some tests wait that long; none asserts how long anything
// took.
#include <pqxx/pqxx>

#include <thread>

#include "harness.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;

class RoomOptions : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--judges", "jane"}; }
};

TEST_F(RoomOptions, BadRoomOptionsAreRefusedWhenTheRoomIsCreatedAndChangedOnesAreListed) {
  auto alice = player("alice");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  (*spec.mutable_options())["spectators"] = "friends";
  EXPECT_EQ(error_code_of([&] { alice->create_room(spec); }), "INVALID_OPTIONS");
  (*spec.mutable_options())["spectators"] = "on";
  (*spec.mutable_options())["spectator_delay_seconds"] = "901";
  EXPECT_EQ(error_code_of([&] { alice->create_room(spec); }), "INVALID_OPTIONS");
  (*spec.mutable_options())["spectator_delay_seconds"] = "30";
  const auto room = alice->create_room(spec);
  EXPECT_EQ(room.options().at("spectator_delay_seconds"), "30");
  EXPECT_EQ(room.options().count("spectators"), 0u) << "options at their defaults are not listed";
}

TEST_F(RoomOptions, TheRoomOptionsAreListedForEveryGameAndSeatCount) {
  auto alice = player("alice");
  const auto games = alice->list_games();
  for (const auto& game : games.games()) {
    for (const auto& entry : game.seat_options()) {
      bool listed = false;
      for (const auto& option : entry.options()) listed = listed || option.name() == "spectator_delay_commands";
      EXPECT_TRUE(listed) << game.id() << " with " << entry.seats() << " seats";
    }
  }
}

TEST_F(RoomOptions, SpectatorsOffRefusesEveryWatcher) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  const auto room = start_duel(*alice, *bob, {{"spectators", "off"}});
  EXPECT_EQ(error_code_of([&] { carl->join_room(room, v1::SPECTATOR); }), "SPECTATORS_OFF");
  auto jane = player("jane");
  EXPECT_EQ(jane->join_room(room, v1::JUDGE).your_role(), v1::JUDGE) << "judges are not spectators";
}

// --- spectators --------------------------------------------------------------

// The newest MatchUpdate a client has received for the room within `wait`.
std::optional<v1::MatchUpdate> newest_update(Client& client, const std::string& room, std::chrono::milliseconds wait) {
  std::optional<v1::MatchUpdate> newest;
  while (auto push = client.next_push(wait)) {
    if (push->has_match_update() && push->match_update().room_id() == room) newest = push->match_update();
  }
  return newest;
}

TEST_F(RoomOptions, ASpectatorDelayedByCommandsSeesTheMatchThatManyCommandsLateAndJudgesSeeItLive) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob, {{"spectator_delay_commands", "2"}});
  carl->join_room(room, v1::SPECTATOR);
  jane->join_room(room, v1::JUDGE);
  play_until(*alice, *bob, room, 3, 11);
  const auto seen = newest_update(*carl, room, 500ms);
  ASSERT_TRUE(seen.has_value()) << "the start is due after two commands";
  EXPECT_EQ(seen->command_index(), 1u) << "three commands played, two held back";
  const auto judged = newest_update(*jane, room, 200ms);
  ASSERT_TRUE(judged.has_value());
  EXPECT_EQ(judged->command_index(), 3u) << "judges are never delayed";
  auto dora = player("dora");
  dora->join_room(room, v1::SPECTATOR);
  const auto late = newest_update(*dora, room, 500ms);
  ASSERT_TRUE(late.has_value());
  EXPECT_EQ(late->command_index(), 1u) << "a late joiner gets the delayed state, not the present";
  v1::ClientMessage ask;
  ask.mutable_request_view()->set_room_id(room);
  const auto asked = dora->call(ask);
  ASSERT_TRUE(asked.has_match_update());
  EXPECT_EQ(asked.match_update().command_index(), 1u);
  // A spectator who reconnects mid-match comes back to the delayed state too.
  const auto token = carl->token();
  const auto seq = carl->last_seq();
  carl.reset();
  auto again = connect();
  again->resume(token, seq);
  const auto resumed = newest_update(*again, room, 500ms);
  ASSERT_TRUE(resumed.has_value()) << "resume brings a spectator back to the room it watched";
  EXPECT_EQ(resumed->command_index(), 1u) << "no fresh view of the present on reconnecting";
}

TEST_F(RoomOptions, ADelayedSpectatorLearnsOfTheEndOnlyWhenTheDelayHasPassed) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  const auto room = start_duel(*alice, *bob, {{"spectator_delay_seconds", "3"}});
  carl->join_room(room, v1::SPECTATOR);
  alice->wait_for_match_update(room);
  alice->concede(room);
  bool early_end = false;
  while (auto push = carl->next_push(500ms)) {
    if (push->has_match_update() && push->match_update().finished()) early_end = true;
    if (push->has_room() && push->room().status() == v1::FINISHED) early_end = true;
  }
  EXPECT_FALSE(early_end) << "nothing about the end reaches a delayed spectator at once";
  const auto end = carl->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  EXPECT_TRUE(end.finished());
}

TEST_F(RoomOptions, WithEndAtOnceTheDelayedSpectatorSeesTheEndWhenItHappens) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  const auto room =
      start_duel(*alice, *bob, {{"spectator_delay_commands", "50"}, {"spectators_see_end", "at_once"}});
  carl->join_room(room, v1::SPECTATOR);
  alice->wait_for_match_update(room);
  alice->concede(room);
  const auto end = carl->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  EXPECT_TRUE(end.finished());
}

// --- seat holds --------------------------------------------------------------------

TEST_F(RoomOptions, ASeatWhosePlayerStaysAwayPastTheGraceConcedesWhenTheRoomSaysSo) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room =
      start_duel(*alice, *bob, {{"disconnect_grace_seconds", "5"}, {"on_grace_expiry", "concede"}});
  bob->wait_for_match_update(room);
  alice.reset();  // alice's only connection ends
  const auto end = bob->wait_for_match_update(
      room, [](const v1::MatchUpdate& u) { return u.finished(); }, 15000ms);
  ASSERT_EQ(end.result().winners_size(), 1);
  EXPECT_EQ(end.result().winners(0), 1u);
  EXPECT_NE(end.result().reason().find("absent: alice"), std::string::npos) << end.result().reason();
}

TEST_F(RoomOptions, APlayerWhoComesBackWithinTheGraceKeepsTheSeat) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room =
      start_duel(*alice, *bob, {{"disconnect_grace_seconds", "5"}, {"on_grace_expiry", "concede"}});
  bob->wait_for_match_update(room);
  const auto token = alice->token();
  const auto seq = alice->last_seq();
  alice.reset();
  std::this_thread::sleep_for(1000ms);
  auto again = connect();
  again->resume(token, seq);
  std::this_thread::sleep_for(6000ms);
  const auto newest = newest_update(*again, room, 500ms);
  ASSERT_TRUE(newest.has_value()) << "a resumed player gets the match again";
  EXPECT_FALSE(newest->finished()) << "the grace ended with her return";
}

TEST_F(RoomOptions, WithJudgeGraceExpiryAnAbsentSeatBringsAJudgeCall) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob, {{"disconnect_grace_seconds", "5"}, {"on_grace_expiry", "judge"}});
  jane->join_room(room, v1::JUDGE);
  bob->wait_for_match_update(room);
  alice.reset();
  bool called = false;
  for (auto deadline = std::chrono::steady_clock::now() + 15s; !called && std::chrono::steady_clock::now() < deadline;) {
    if (auto push = jane->next_push(1000ms)) called = push->has_judge_call() && push->judge_call().text().rfind("absent: alice", 0) == 0;
  }
  EXPECT_TRUE(called) << "the judges in the room are told";
  EXPECT_EQ(count("SELECT count(*) FROM judge_calls WHERE text LIKE 'absent: alice%'"), 1);
  EXPECT_FALSE(newest_update(*bob, room, 200ms).value_or(v1::MatchUpdate()).finished()) << "the match goes on";
}

}  // namespace
}  // namespace concord::testing
