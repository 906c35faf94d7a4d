// Rooms through the real server: an engine that throws ends its own match
// (aborted, journaled, never restored) while the server stays up; the creator
// lists, leaves and closes a room nobody joined; rooms and matches nobody
// attends expire; a spectator who resumes is back in the room it watched.
#include <pqxx/pqxx>

#include <thread>

#include "harness.hpp"

namespace concord::testing {
namespace {

v1::CreateRoom highcard_room(const std::string& fault = "none") {
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  (*spec.mutable_options())["fault"] = fault;
  return spec;
}

// The RoomClosed push of `room`, waiting up to 10 s.
std::optional<v1::RoomClosed> wait_closed(Client& client, const std::string& room) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    auto push = client.next_push(std::chrono::milliseconds(200));
    if (push && push->has_room_closed() && push->room_closed().room_id() == room) return push->room_closed();
  }
  return std::nullopt;
}

// `conninfo`: the test's database (ServerTest::database_).
std::string match_status(const std::string& conninfo, const std::string& room) {
  pqxx::connection conn(conninfo);
  pqxx::nontransaction txn(conn);
  const auto rows = txn.exec_params("SELECT status FROM matches WHERE room_id = $1", room);
  return rows.empty() ? std::string() : rows[0][0].as<std::string>();
}

bool room_listed(Client& client, const std::string& room) {
  const auto list = client.list_rooms();
  for (const auto& info : list.rooms()) {
    if (info.room_id() == room) return true;
  }
  return false;
}

class RoomLifecycle : public ServerTest {};

TEST_F(RoomLifecycle, AnEngineThatThrowsAbortsItsMatchWhileTheServerStaysUpAndItIsNeverRestored) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, highcard_room("answer"));
  play_until(*alice, *bob, room, 1, 7);  // the first answer is accepted
  auto at_one = [](const v1::MatchUpdate& u) { return u.command_index() >= 1; };
  auto latest = [&](Client& c) {
    auto u = c.latest_match_update(room);
    return u && at_one(*u) ? *u : c.wait_for_match_update(room, at_one);
  };
  const auto a = latest(*alice);
  const auto b = latest(*bob);
  Client& mover = a.has_prompt() ? *alice : *bob;
  const auto& update = a.has_prompt() ? a : b;
  ASSERT_TRUE(update.has_prompt());
  v1::Answer answer;
  answer.add_choices()->set_option_id(update.prompt().options(0).id());
  EXPECT_EQ(error_code_of([&] { mover.submit_answer(update, answer); }), "INTERNAL")
      << "the command the engine failed on gets one reply";
  auto closed_a = wait_closed(*alice, room);
  auto closed_b = wait_closed(*bob, room);
  ASSERT_TRUE(closed_a && closed_b) << "both players are told";
  EXPECT_NE(closed_a->reason().find("aborted"), std::string::npos) << closed_a->reason();
  EXPECT_EQ(alice->ping(7).nonce(), 7u) << "the server is still up";
  // Other rooms go on.
  auto carol = player("carol");
  auto dave = player("dave");
  const auto other = start_duel(*carol, *dave, highcard_room());
  EXPECT_TRUE(play_until(*carol, *dave, other, UINT64_MAX, 8).finished());
  EXPECT_EQ(match_status(database_, room), "aborted") << "journaled as aborted";
  const auto token = alice->token();
  server_->kill_hard();
  alice.reset();
  server_->start();
  auto again = connect();
  EXPECT_EQ(again->resume(token, 0).rooms_size(), 0) << "an aborted match is not restored";
  EXPECT_EQ(match_status(database_, room), "aborted");
}

TEST_F(RoomLifecycle, AnEngineThatThrowsOnCreatingTheMatchClosesTheRoom) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, highcard_room("create"));
  const auto closed = wait_closed(*alice, room);
  ASSERT_TRUE(closed.has_value());
  EXPECT_NE(closed->reason().find("could not be created"), std::string::npos) << closed->reason();
  EXPECT_FALSE(room_listed(*bob, room));
  EXPECT_EQ(bob->ping(3).nonce(), 3u);
}

TEST_F(RoomLifecycle, TheCreatorListsLeavesAndClosesARoomNobodyJoined) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto first = alice->create_room(highcard_room()).room_id();
  const auto second = alice->create_room(highcard_room()).room_id();
  auto relogged = connect();
  const auto logged_in = relogged->login("alice", "password-alice");
  EXPECT_EQ(logged_in.rooms_size(), 2) << "LoggedIn lists the rooms the player created";
  v1::ClientMessage close;
  close.mutable_close_room()->set_room_id(first);
  EXPECT_EQ(bob->request(close).error().code(), "NOT_ROOM_CREATOR");
  EXPECT_TRUE(alice->request(close).has_ok());
  EXPECT_FALSE(room_listed(*bob, first));
  alice->leave_room(second);  // the creator, holding no seat, leaves: the empty room closes
  EXPECT_FALSE(room_listed(*bob, second));
  for (int i = 0; i < 4; ++i) alice->create_room(highcard_room());  // none of the closed rooms counts
  EXPECT_EQ(error_code_of([&] { alice->create_room(highcard_room()); }), "TOO_MANY_ROOMS");
}

TEST_F(RoomLifecycle, TheCreatorCannotCloseARunningMatch) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, highcard_room());
  alice->wait_for_match_update(room);
  v1::ClientMessage close;
  close.mutable_close_room()->set_room_id(room);
  EXPECT_EQ(alice->request(close).error().code(), "MATCH_RUNNING");
}

TEST_F(RoomLifecycle, ASpectatorWhoResumesIsBackInTheRoomItWatched) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carol = player("carol");
  const auto room = start_duel(*alice, *bob, highcard_room());
  carol->join_room(room, v1::SPECTATOR);
  play_until(*alice, *bob, room, 1, 9);
  const auto token = carol->token();
  carol.reset();
  auto back = connect();
  back->resume(token, 0);
  const auto fresh = back->wait_for_match_update(room);
  EXPECT_EQ(fresh.your_seat(), 0) << "as a spectator";
  EXPECT_GE(fresh.command_index(), 1u);
  const auto last = play_until(*alice, *bob, room, UINT64_MAX, 9);
  const auto watched = drain_updates(*back, room);
  ASSERT_FALSE(watched.empty());
  EXPECT_EQ(watched.back().command_index(), last.command_index()) << "and sees every later update";
}

class ShortExpiry : public RoomLifecycle {
 protected:
  std::vector<std::string> server_args() const override {
    return {"--waiting-room-expiry", "2", "--abandoned-match-expiry", "3"};
  }
};

bool eventually(const std::function<bool()>& condition, std::chrono::seconds limit = std::chrono::seconds(20)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
  }
  return condition();
}

TEST_F(ShortExpiry, ARoomNobodyJoinsExpires) {
  auto alice = player("alice");
  const auto room = alice->create_room(highcard_room()).room_id();
  EXPECT_TRUE(room_listed(*alice, room));
  EXPECT_TRUE(eventually([&] { return !room_listed(*alice, room); }));
}

TEST_F(ShortExpiry, ARestoredMatchNobodyResumesEndsAsAbandoned) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, highcard_room());
  play_until(*alice, *bob, room, 1, 10);
  server_->kill_hard();
  alice.reset();
  bob.reset();
  server_->start();
  EXPECT_EQ(match_status(database_, room), "running");
  EXPECT_TRUE(eventually([&] { return match_status(database_, room) == "aborted"; }));
}

}  // namespace
}  // namespace concord::testing
