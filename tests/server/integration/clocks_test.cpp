// Clocks, flag fall, time extensions and spectator lists through the real
// server and PostgreSQL (protocol/README.md section 11, "Clocks" and
// "Spectators"). The shortest clock a room takes is one second, so some tests
// wait about that long; none asserts how long anything took.
#include <pqxx/pqxx>

#include <future>
#include <thread>

#include "harness.hpp"
#include "judge_requests.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;

class Clocks : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--judges", "jane"}; }
};

const v1::SeatClock& clock_of(const v1::MatchUpdate& update, std::uint32_t seat) {
  for (const auto& entry : update.clocks().seats()) {
    if (entry.seat() == seat) return entry;
  }
  throw std::runtime_error("no clock for seat " + std::to_string(seat));
}

TEST_F(Clocks, EveryUpdateCarriesTheClocksAndOnlyTheSeatThatOwesAnAnswerRuns) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, {{"clock", "chess"}, {"clock_initial_seconds", "300"}});
  const auto first = alice->wait_for_match_update(room);
  ASSERT_TRUE(first.has_clocks());
  EXPECT_EQ(first.clocks().mode(), "chess");
  ASSERT_EQ(first.clocks().seats_size(), 2);
  ASSERT_EQ(first.awaiting_size(), 1);
  const auto mover = first.awaiting(0);
  EXPECT_TRUE(clock_of(first, mover).running());
  EXPECT_FALSE(clock_of(first, 1 - mover).running());
  EXPECT_LE(clock_of(first, mover).remaining_ms(), 300000);
  EXPECT_GT(clock_of(first, mover).remaining_ms(), 290000);
  EXPECT_EQ(clock_of(first, 1 - mover).remaining_ms(), 300000) << "a clock that has not run is full";
  const auto after = play_until(*alice, *bob, room, 1, 1);
  EXPECT_FALSE(clock_of(after, mover).running()) << "the mover's clock stops when it has answered";
  EXPECT_EQ(count("SELECT count(*) FROM match_command_batches WHERE payload LIKE '%clock=%'"), 1)
      << "what the command charged is journaled with it";
}

TEST_F(Clocks, ARoomWithoutAClockSendsNoClocks) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  EXPECT_FALSE(alice->wait_for_match_update(room).has_clocks());
  auto jane = player("jane");
  jane->join_room(room, v1::JUDGE);
  EXPECT_EQ(code_of(*jane, extend(room, 1, 30)), "NO_CLOCK");
}

TEST_F(Clocks, BadClockOptionsAreRefusedWhenTheRoomIsCreated) {
  auto alice = player("alice");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  (*spec.mutable_options())["clock"] = "hourglass";
  EXPECT_EQ(error_code_of([&] { alice->create_room(spec); }), "INVALID_OPTIONS");
  (*spec.mutable_options())["clock"] = "per_turn";
  (*spec.mutable_options())["turn_seconds"] = "0";
  EXPECT_EQ(error_code_of([&] { alice->create_room(spec); }), "INVALID_OPTIONS");
}

// flag_fall = lose: the seat whose time ran out loses, and the result says why.
TEST_F(Clocks, WhenAFlagFallsTheSeatLosesOnTimeAndTheResultSaysSo) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, {{"clock", "per_turn"}, {"turn_seconds", "1"}});
  const auto first = alice->wait_for_match_update(room);
  const auto mover = first.awaiting(0);
  const auto end = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  ASSERT_EQ(end.result().winners_size(), 1);
  EXPECT_EQ(end.result().winners(0), 1 - mover);
  EXPECT_EQ(end.result().reason().rfind("timeout:", 0), 0u) << end.result().reason();
  for (int i = 0; i < 50 && count("SELECT count(*) FROM matches WHERE status = 'finished'") == 0; ++i) {
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(count("SELECT count(*) FROM matches WHERE status = 'finished' AND result_text LIKE '%timeout%'"), 1);
}

// clock = chess: a seat that never answers loses when its bank is empty.
TEST_F(Clocks, UnderAChessClockASeatThatNeverAnswersLosesOnTime) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, {{"clock", "chess"}, {"clock_initial_seconds", "1"}});
  const auto mover = alice->wait_for_match_update(room).awaiting(0);
  const auto end = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  ASSERT_EQ(end.result().winners_size(), 1);
  EXPECT_EQ(end.result().winners(0), 1 - mover);
  EXPECT_EQ(end.result().reason().rfind("timeout:", 0), 0u) << end.result().reason();
  EXPECT_TRUE(clock_of(end, mover).flagged());
  EXPECT_EQ(clock_of(end, mover).remaining_ms(), 0);
}

// flag_fall = default: the server answers for the seat and the match goes on.
TEST_F(Clocks, WithDefaultFlagFallTheServerAnswersForTheSeatAndPlayGoesOn) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room =
      start_duel(*alice, *bob, {{"clock", "per_turn"}, {"turn_seconds", "1"}, {"flag_fall", "default"}});
  const auto first = alice->wait_for_match_update(room);
  EXPECT_EQ(first.command_index(), 0u);
  const auto moved = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.command_index() >= 1; });
  EXPECT_FALSE(moved.finished()) << "the server answered for the seat; nobody lost";
}

// flag_fall = judge: the match stops and a judge call is opened.
TEST_F(Clocks, WithJudgeFlagFallTheMatchStopsAndAJudgeIsCalled) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob, {{"clock", "per_turn"}, {"turn_seconds", "1"}, {"flag_fall", "judge"}});
  alice->wait_for_match_update(room);
  bool stopped = false;
  while (auto push = alice->next_push(3000ms)) {
    if (push->has_room() && push->room().paused_by() == "clock") {
      stopped = true;
      break;
    }
  }
  ASSERT_TRUE(stopped);
  for (int i = 0; i < 50 && count("SELECT count(*) FROM judge_calls") == 0; ++i) std::this_thread::sleep_for(100ms);
  EXPECT_EQ(count("SELECT count(*) FROM judge_calls WHERE text LIKE 'clock:%'"), 1);
  auto jane = player("jane");
  jane->join_room(room, v1::JUDGE);
  EXPECT_EQ(code_of(*jane, extend(room, 1, 60)), "");
  EXPECT_EQ(code_of(*jane, extend(room, 2, 60)), "");
  EXPECT_EQ(code_of(*jane, resume(room)), "");
  const auto update = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) {
    return u.has_clocks() && !u.clocks().stopped() && u.clocks().seats(0).remaining_ms() > 30000;
  });
  EXPECT_FALSE(update.finished());
}

// A judge's pause stops the clocks: a one-second turn outlives a longer pause.
TEST_F(Clocks, APauseStopsBothClocksAndAnExtensionAddsTime) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob, {{"clock", "per_turn"}, {"turn_seconds", "1"}});
  jane->join_room(room, v1::JUDGE);
  const auto first = alice->wait_for_match_update(room);
  EXPECT_EQ(code_of(*jane, pause(room)), "");
  const auto paused = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.clocks().stopped(); });
  for (const auto& seat : paused.clocks().seats()) EXPECT_FALSE(seat.running()) << "seat " << seat.seat();
  std::this_thread::sleep_for(1500ms);
  EXPECT_EQ(code_of(*jane, extend(room, first.awaiting(0) + 1, 30)), "");
  EXPECT_EQ(code_of(*jane, extend(room, 1, 0)), "INVALID_TIME");
  EXPECT_EQ(code_of(*jane, extend(room, 9, 30)), "INVALID_SEATS");
  EXPECT_EQ(code_of(*jane, resume(room)), "");
  const auto update = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) {
    return u.has_clocks() && !u.clocks().stopped();
  });
  EXPECT_FALSE(update.finished()) << "no flag fell while the match was paused";
  EXPECT_GT(clock_of(update, first.awaiting(0)).remaining_ms(), 20000);
  EXPECT_EQ(count("SELECT count(*) FROM judge_actions WHERE kind = 'extend'"), 1);
  auto carl = player("carl");
  EXPECT_EQ(code_of(*carl, extend(room, 1, 30)), "NOT_A_JUDGE");
}

// The clocks survive a crash: what each command charged is in the journal,
// and the time the server was down is charged to nobody.
TEST_F(Clocks, AKillAndRestartChargesTheDowntimeToNobody) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room =
      start_duel(*alice, *bob, {{"clock", "chess"}, {"clock_initial_seconds", "100"}, {"clock_increment_seconds", "5"}});
  const auto before = play_until(*alice, *bob, room, 2, 3);
  ASSERT_TRUE(before.has_clocks());
  const auto alice_token = alice->token();
  const auto alice_seq = alice->last_seq();
  server_->kill_hard();
  alice.reset();
  bob.reset();
  std::this_thread::sleep_for(2000ms);  // downtime
  server_->start();
  auto alice2 = connect();
  alice2->resume(alice_token, alice_seq);
  const auto after = alice2->wait_for_match_update(room);
  ASSERT_TRUE(after.has_clocks());
  for (std::uint32_t seat = 0; seat < 2; ++seat) {
    const auto& was = clock_of(before, seat);
    const auto& is = clock_of(after, seat);
    if (!was.running()) {
      EXPECT_EQ(is.remaining_ms(), was.remaining_ms()) << "seat " << seat;
    }
    EXPECT_GT(is.remaining_ms(), was.remaining_ms() - 1500) << "seat " << seat << ": the downtime was not charged";
  }
}

// --- spectator lists -------------------------------------------------------------------

// Matches whose settings list spectators (a "spectators=" line of the blob;
// the room option is "room.spectators=list").
constexpr const char* kListedMatches = "SELECT count(*) FROM matches WHERE settings_blob ~ '(^|\n)spectators='";

TEST_F(Clocks, ASpectatorListAdmitsOnlyTheAccountsTheCreatorListed) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  auto dora = player("dora");
  const auto room = start_duel(*alice, *bob, {{"spectators", "list"}});
  EXPECT_EQ(error_code_of([&] { carl->join_room(room, v1::SPECTATOR); }), "NOT_LISTED");
  EXPECT_EQ(code_of(*bob, allow(room, "carl", true)), "NOT_ROOM_CREATOR");
  EXPECT_EQ(code_of(*alice, allow(room, "nobody", true)), "UNKNOWN_PLAYER");
  EXPECT_EQ(code_of(*alice, allow(room, "bob", true)), "PLAYER_IN_ROOM");
  EXPECT_EQ(code_of(*alice, allow(room, "carl", true)), "");
  EXPECT_EQ(carl->join_room(room, v1::SPECTATOR).your_role(), v1::SPECTATOR);
  EXPECT_EQ(error_code_of([&] { dora->join_room(room, v1::SPECTATOR); }), "NOT_LISTED");
  alice->wait_for_match_update(room);  // the match's record exists
  EXPECT_EQ(count(kListedMatches), 1) << "the list is stored with the match";
  carl->discard_pushes();
  EXPECT_EQ(code_of(*alice, allow(room, "carl", false)), "");
  bool sent_away = false;
  while (auto push = carl->next_push(2000ms)) {
    if (push->has_room_closed() && push->room_closed().reason() == "not on the spectator list") {
      sent_away = true;
      break;
    }
  }
  EXPECT_TRUE(sent_away) << "a spectator taken off the list stops watching at once";
  EXPECT_EQ(error_code_of([&] { carl->join_room(room, v1::SPECTATOR); }), "NOT_LISTED");
}

// A list changed while the match's record is being written (the players
// readied up, the record carries the settings from before) is stored right
// after that record, and only then acknowledged: a restarted server restores
// the room with it. The test holds the matches table so that the record waits.
TEST_F(Clocks, AListChangedWhileTheMatchRecordIsWrittenIsStoredAfterIt) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carl = player("carl");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  (*spec.mutable_options())["spectators"] = "list";
  const auto room = alice->create_room(spec).room_id();
  alice->join_room(room, v1::PLAYER, save_standard_deck(*alice));
  bob->join_room(room, v1::PLAYER, save_standard_deck(*bob));
  pqxx::connection holder(database_);
  pqxx::work hold(holder);
  hold.exec0("LOCK TABLE matches IN ACCESS EXCLUSIVE MODE");
  alice->set_ready(room);
  bob->set_ready(room);  // the match starts: its record waits for the lock
  auto allowed = std::async(std::launch::async, [&] { return code_of(*alice, allow(room, "carl", true)); });
  std::this_thread::sleep_for(500ms);  // the request reaches the room while the record waits
  hold.abort();
  EXPECT_EQ(allowed.get(), "");
  EXPECT_EQ(count(kListedMatches), 1) << "acknowledged, so stored with the match";
  EXPECT_EQ(carl->join_room(room, v1::SPECTATOR).your_role(), v1::SPECTATOR);
}

TEST_F(Clocks, AllowSpectatorNeedsARoomWithASpectatorList) {
  auto alice = player("alice");
  auto bob = player("bob");
  player("carl");
  const auto room = start_duel(*alice, *bob);
  EXPECT_EQ(code_of(*alice, allow(room, "carl", true)), "NOT_LISTED");
}

// --- simultaneous prompts (EverZone's secret deployment) -------------------------------

class EverZoneClocks : public ServerTest {
 protected:
  std::string server_binary() const override { return ServerProcess::shipped_server_binary(); }
};

TEST_F(EverZoneClocks, WithTwoSeatsAwaitingAtOnceBothClocksRun) {
  auto alice = player("alice");
  auto bob = player("bob");
  v1::CreateRoom spec;
  spec.set_game("everzone");
  spec.set_seats(2);
  (*spec.mutable_options())["command_points"] = "10";
  (*spec.mutable_options())["clock"] = "chess";
  const auto room = alice->create_room(spec).room_id();
  alice->join_room(room, v1::PLAYER, save_deck(*alice, starter_deck(*alice, "everzone", "numens_virago")));
  bob->join_room(room, v1::PLAYER, save_deck(*bob, starter_deck(*bob, "everzone", "slurrs_kraken")));
  alice->set_ready(room);
  bob->set_ready(room);
  const auto first = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.awaiting_size() == 2; });
  ASSERT_TRUE(first.has_clocks());
  EXPECT_TRUE(clock_of(first, 0).running());
  EXPECT_TRUE(clock_of(first, 1).running());
}

}  // namespace
}  // namespace concord::testing
