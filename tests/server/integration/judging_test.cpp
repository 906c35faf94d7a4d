// Judges through the real server and PostgreSQL (protocol/README.md section
// 11): the capability, the judge's full view and its audit, pause, penalties,
// results a judge decides, calls, and the authorization matrix.
#include <pqxx/pqxx>

#include <functional>
#include <map>

#include "harness.hpp"
#include "judge_requests.hpp"
#include "testgame/highcard.pb.h"

namespace concord::testing {
namespace {

using concord::test::v1::HighCardView;

class Judging : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--admins", "root", "--judges", "jane"}; }
};

// The hands a view shows (seat index -> cards).
std::map<std::uint32_t, int> visible_hands(const v1::MatchUpdate& update) {
  std::map<std::uint32_t, int> out;
  const auto view = unpack_view<HighCardView>(update);
  for (const auto& seat : view.seats()) {
    if (seat.hand_visible()) out[seat.index()] = seat.hand_size();
  }
  return out;
}

TEST_F(Judging, OnlyAnAdminGrantsOrRevokesTheJudgeCapability) {
  auto root = player("root");
  auto ted = player("ted");
  auto alice = player("alice");
  auto bob = player("bob");
  EXPECT_EQ(code_of(*alice, grant("ted")), "NOT_AN_ADMIN");
  EXPECT_EQ(code_of(*root, grant("nobody")), "UNKNOWN_PLAYER");
  const auto room = start_duel(*alice, *bob);
  EXPECT_EQ(error_code_of([&] { ted->join_room(room, v1::JUDGE); }), "NOT_A_JUDGE");
  EXPECT_EQ(code_of(*root, grant("ted")), "");
  EXPECT_EQ(count("SELECT count(*) FROM judges"), 1);
  EXPECT_EQ(ted->join_room(room, v1::JUDGE).your_role(), v1::JUDGE);
  ted->leave_room(room);
  EXPECT_EQ(code_of(*root, grant("ted", false)), "");
  EXPECT_EQ(error_code_of([&] { ted->join_room(room, v1::JUDGE); }), "NOT_A_JUDGE");
}

// A judge sees every hand and deck; players see their own hand only and
// spectators none (what each connection received, checked update by update).
TEST_F(Judging, AJudgeSeesEveryHandThroughTheJudgeViewAndEachViewIsAudited) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  auto carl = player("carl");
  const auto room = start_duel(*alice, *bob);
  carl->join_room(room, v1::SPECTATOR);
  EXPECT_EQ(jane->join_room(room, v1::JUDGE).your_role(), v1::JUDGE);
  const auto reply = jane->call(judge_view(room, true));
  ASSERT_TRUE(reply.has_match_update());
  EXPECT_TRUE(reply.match_update().judge_view());
  const auto view = unpack_view<HighCardView>(reply.match_update());
  ASSERT_EQ(view.seats_size(), 2);
  for (const auto& seat : view.seats()) {
    EXPECT_TRUE(seat.hand_visible());
    EXPECT_TRUE(seat.deck_visible());
    EXPECT_GT(seat.hand_size(), 0);
  }
  play_until(*alice, *bob, room, 4, 7);
  EXPECT_GE(count("SELECT count(*) FROM judge_view_audit"), 1);
  for (const auto& update : drain_updates(*alice, room)) {
    EXPECT_FALSE(update.judge_view());
    const auto hands = visible_hands(update);
    EXPECT_TRUE(hands.size() == 1 && hands.count(0)) << "alice sees her own hand only";
  }
  for (const auto& update : drain_updates(*carl, room)) {
    EXPECT_FALSE(update.judge_view());
    EXPECT_TRUE(visible_hands(update).empty()) << "a spectator sees no hand";
  }
  std::size_t judge_views = 0;
  for (const auto& update : drain_updates(*jane, room)) {
    if (update.judge_view()) {
      ++judge_views;
      EXPECT_EQ(visible_hands(update).size(), 2u);
    }
  }
  EXPECT_GE(judge_views, 1u) << "a following judge gets a judge view with every command";
  EXPECT_GE(count("SELECT count(*) FROM judge_view_audit WHERE command_index > 0"), 1);
}

TEST_F(Judging, AJudgeNeverPlaysAndAPlayerNeverJudgesOrWatchesTheirOwnRoom) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->join_room(room, v1::JUDGE);
  alice->wait_for_match_update(room);
  v1::ClientMessage answer;
  answer.mutable_submit_answer()->set_room_id(room);
  answer.mutable_submit_answer()->set_prompt_id(1);
  EXPECT_EQ(code_of(*jane, answer), "NOT_A_PLAYER");
  EXPECT_EQ(error_code_of([&] { jane->concede(room); }), "NOT_A_PLAYER");
  EXPECT_EQ(error_code_of([&] { alice->join_room(room, v1::SPECTATOR); }), "PLAYER_IN_ROOM");
  EXPECT_EQ(error_code_of([&] { alice->join_room(room, v1::JUDGE); }), "PLAYER_IN_ROOM");
  auto other = alice->create_room("test_highcard", 2).room_id();
  jane->join_room(other, v1::JUDGE);
  EXPECT_EQ(error_code_of([&] { jane->join_room(other, v1::PLAYER, save_standard_deck(*jane)); }), "JUDGE_IN_ROOM");
}

TEST_F(Judging, APauseStopsPlayerCommandsAndEveryoneSeesWhoPausedButNotAnUnsharedReason) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->join_room(room, v1::JUDGE);
  const auto first_a = alice->wait_for_match_update(room);
  const auto first_b = bob->wait_for_match_update(room);
  Client& mover = first_a.has_prompt() ? *alice : *bob;
  const auto& update = first_a.has_prompt() ? first_a : first_b;
  alice->discard_pushes();
  const auto paused = jane->call(pause(room, "checking a deck", false));
  EXPECT_EQ(paused.room().paused_by(), "jane");
  EXPECT_EQ(code_of(*jane, pause(room, "again", false)), "ALREADY_PAUSED");
  v1::Answer answer;
  answer.add_choices()->set_option_id(update.prompt().options(0).id());
  EXPECT_EQ(error_code_of([&] { mover.submit_answer(update, answer); }), "MATCH_PAUSED");
  bool told = false;
  while (auto push = alice->next_push(std::chrono::milliseconds(2000))) {
    if (!push->has_room()) continue;
    EXPECT_EQ(push->room().pause_reason(), "") << "the reason was not shared";
    told = push->room().paused_by() == "jane";
    if (told) break;
  }
  EXPECT_TRUE(told);
  EXPECT_EQ(count("SELECT count(*) FROM judge_actions WHERE kind = 'pause'"), 1);
  EXPECT_EQ(jane->call(resume(room)).room().paused_by(), "");
  EXPECT_EQ(code_of(*jane, resume(room)), "NOT_PAUSED");
  EXPECT_NO_THROW(mover.submit_answer(update, answer));
}

// A judge action is acknowledged only once stored: when the database refuses
// it (here a CHECK constraint the server does not know), the judge is told
// UNAVAILABLE and nothing changed: no pause holds, no game loss ends the match.
TEST_F(Judging, AJudgeActionTheDatabaseCannotStoreIsRefusedAndChangesNothing) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->join_room(room, v1::JUDGE);
  const auto first_a = alice->wait_for_match_update(room);
  const auto first_b = bob->wait_for_match_update(room);
  Client& mover = first_a.has_prompt() ? *alice : *bob;
  const auto& update = first_a.has_prompt() ? first_a : first_b;
  {
    pqxx::connection conn(database_);
    pqxx::work txn(conn);
    txn.exec("ALTER TABLE judge_actions ADD CONSTRAINT no_pause_no_penalty CHECK (kind NOT IN ('pause', 'penalty'))");
    txn.commit();
  }
  EXPECT_EQ(code_of(*jane, pause(room, "checking a deck", false)), "UNAVAILABLE");
  EXPECT_EQ(code_of(*jane, penalty(room, 1, v1::GAME_LOSS)), "UNAVAILABLE");
  EXPECT_EQ(code_of(*jane, resume(room)), "NOT_PAUSED");
  v1::Answer answer;
  answer.add_choices()->set_option_id(update.prompt().options(0).id());
  EXPECT_NO_THROW(mover.submit_answer(update, answer));
  EXPECT_EQ(count("SELECT count(*) FROM judge_actions"), 0);
}

TEST_F(Judging, AGameLossEndsTheMatchAndTheResultNamesTheJudge) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->join_room(room, v1::JUDGE);
  alice->wait_for_match_update(room);  // the match has started (and is recorded)
  EXPECT_EQ(code_of(*jane, penalty(room, 1, v1::WARNING)), "");
  const auto recorded = jane->call(penalty(room, 1, v1::GAME_LOSS));
  ASSERT_TRUE(recorded.has_penalty_recorded());
  const auto end = bob->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  ASSERT_EQ(end.result().winners_size(), 1);
  EXPECT_EQ(end.result().winners(0), 1u);
  EXPECT_EQ(end.result().judge(), "jane");
  EXPECT_EQ(end.result().reason().rfind("judge: game_loss", 0), 0u) << end.result().reason();
  EXPECT_EQ(count("SELECT count(*) FROM judge_actions WHERE kind = 'penalty'"), 2);
  for (int i = 0; i < 50 && count("SELECT count(*) FROM matches WHERE result_judge_id IS NOT NULL") == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(count("SELECT count(*) FROM matches WHERE status = 'finished' AND result_judge_id IS NOT NULL"), 1);
}

TEST_F(Judging, AJudgesResultEndsARunningMatchAndIsWhatTheDatabaseKeeps) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->join_room(room, v1::JUDGE);
  alice->wait_for_match_update(room);  // the match has started (and is recorded)
  v1::ClientMessage bad;
  bad.mutable_override_result()->set_room_id(room);
  bad.mutable_override_result()->set_reason("no winner");
  EXPECT_EQ(code_of(*jane, bad), "INVALID_RESULT");
  v1::ClientMessage draw;
  draw.mutable_override_result()->set_room_id(room);
  draw.mutable_override_result()->set_draw(true);
  draw.mutable_override_result()->set_reason("time in round");
  EXPECT_EQ(code_of(*jane, draw), "");
  const auto end = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return u.finished(); });
  EXPECT_TRUE(end.result().draw());
  EXPECT_EQ(end.result().judge(), "jane");
  EXPECT_EQ(count("SELECT count(*) FROM matches WHERE status = 'finished' AND result_judge_id IS NOT NULL"), 1);
}

TEST_F(Judging, CallsQueueForTheJudgesOnDutyWhoTakeAndResolveThem) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob);
  jane->discard_pushes();
  const auto call = alice->call(call_judge(room)).judge_call();
  EXPECT_EQ(call.status(), v1::OPEN);
  EXPECT_EQ(call.caller(), "alice");
  bool pushed = false;
  while (auto push = jane->next_push(std::chrono::milliseconds(3000))) {
    if (push->has_judge_call() && push->judge_call().call_id() == call.call_id()) {
      pushed = true;
      break;
    }
  }
  EXPECT_TRUE(pushed) << "a judge on duty hears of the call";
  v1::ClientMessage list;
  list.mutable_list_calls();
  EXPECT_EQ(jane->call(list).judge_call_list().calls_size(), 1);
  EXPECT_EQ(code_of(*bob, list), "NOT_A_JUDGE");
  v1::ClientMessage take;
  take.mutable_take_call()->set_call_id(call.call_id());
  EXPECT_EQ(code_of(*bob, take), "NOT_A_JUDGE");
  v1::ClientMessage resolve;
  resolve.mutable_resolve_call()->set_call_id(call.call_id());
  resolve.mutable_resolve_call()->set_note("no infraction");
  EXPECT_EQ(code_of(*jane, resolve), "CALL_NOT_TAKEN");
  EXPECT_EQ(jane->call(take).judge_call().status(), v1::TAKEN);
  EXPECT_EQ(code_of(*jane, take), "CALL_TAKEN");
  const auto resolved = jane->call(resolve).judge_call();
  EXPECT_EQ(resolved.status(), v1::RESOLVED);
  EXPECT_EQ(resolved.taken_by(), "jane");
  EXPECT_EQ(count("SELECT count(*) FROM judge_calls WHERE status = 'resolved' AND note = 'no infraction'"), 1);
  EXPECT_EQ(code_of(*jane, call_judge(room)), "NOT_A_PLAYER");
}

TEST_F(Judging, ThePrivateRoomsCreatorNamesItsJudges) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto rita = player("rita");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  spec.set_password("secret-pass");
  const auto room = alice->create_room(spec).room_id();
  const auto public_room = alice->create_room("test_highcard", 2).room_id();
  auto add = [](const std::string& r, const std::string& who) {
    v1::ClientMessage m;
    m.mutable_add_room_judge()->set_room_id(r);
    m.mutable_add_room_judge()->set_username(who);
    return m;
  };
  EXPECT_EQ(code_of(*bob, add(room, "rita")), "NOT_ROOM_CREATOR");
  EXPECT_EQ(code_of(*alice, add(public_room, "rita")), "NOT_PRIVATE");
  EXPECT_EQ(code_of(*alice, add(room, "nobody")), "UNKNOWN_PLAYER");
  EXPECT_EQ(error_code_of([&] { rita->join_room(room, v1::JUDGE); }), "NOT_A_JUDGE");
  EXPECT_EQ(code_of(*alice, add(room, "rita")), "");
  EXPECT_EQ(rita->join_room(room, v1::JUDGE).your_role(), v1::JUDGE) << "a named judge needs no password";
  EXPECT_EQ(error_code_of([&] { rita->join_room(public_room, v1::JUDGE); }), "NOT_A_JUDGE");
}

// Every room-level request from each role that may not make it (protocol/README.md
// section 11, the matrix): the refusal code, and nothing changes.
TEST_F(Judging, TheAuthorizationMatrixRefusesEveryCellItShould) {
  auto alice = player("alice");  // seat 0, the room's creator
  auto bob = player("bob");      // seat 1
  auto jane = player("jane");    // the room's judge
  auto carl = player("carl");    // spectator
  auto dave = player("dave");    // a player of another room
  auto erin = player("erin");
  auto anon = connect();         // not logged in
  const auto room = start_duel(*alice, *bob);
  start_duel(*dave, *erin);
  carl->join_room(room, v1::SPECTATOR);
  jane->join_room(room, v1::JUDGE);
  alice->wait_for_match_update(room);

  std::map<std::string, Client*> actors = {
      {"spectator", carl.get()}, {"judge", jane.get()}, {"other seat", bob.get()}, {"other room", dave.get()},
      {"logged out", anon.get()}};
  struct Row {
    std::string request;
    v1::ClientMessage message;
    std::map<std::string, std::string> expected;  // actor -> code
  };
  auto m = [](const std::function<void(v1::ClientMessage&)>& fill) {
    v1::ClientMessage message;
    fill(message);
    return message;
  };
  const std::vector<Row> rows = {
      {"SetReady", m([&](auto& x) { x.mutable_set_ready()->set_room_id(room); }),
       {{"spectator", "NOT_A_PLAYER"}, {"judge", "NOT_A_PLAYER"}, {"other seat", "MATCH_RUNNING"},
        {"other room", "NOT_A_PLAYER"}}},
      {"SubmitAnswer", m([&](auto& x) {
         x.mutable_submit_answer()->set_room_id(room);
         x.mutable_submit_answer()->set_prompt_id(1);
       }),
       {{"spectator", "NOT_A_PLAYER"}, {"judge", "NOT_A_PLAYER"}, {"other room", "NOT_A_PLAYER"}}},
      {"Concede", m([&](auto& x) { x.mutable_concede()->set_room_id(room); }),
       {{"spectator", "NOT_A_PLAYER"}, {"judge", "NOT_A_PLAYER"}, {"other room", "NOT_A_PLAYER"}}},
      {"CloseRoom", m([&](auto& x) { x.mutable_close_room()->set_room_id(room); }),
       {{"spectator", "NOT_ROOM_CREATOR"}, {"judge", "NOT_ROOM_CREATOR"}, {"other seat", "NOT_ROOM_CREATOR"},
        {"other room", "NOT_ROOM_CREATOR"}}},
      {"RequestView", m([&](auto& x) { x.mutable_request_view()->set_room_id(room); }),
       {{"spectator", ""}, {"judge", ""}, {"other seat", ""}, {"other room", "NOT_IN_ROOM"}}},
      {"PauseMatch", pause(room, "", false),
       {{"spectator", "NOT_A_JUDGE"}, {"other seat", "NOT_A_JUDGE"}, {"other room", "NOT_A_JUDGE"}}},
      {"ResumeMatch", resume(room),
       {{"spectator", "NOT_A_JUDGE"}, {"judge", "NOT_PAUSED"}, {"other seat", "NOT_A_JUDGE"},
        {"other room", "NOT_A_JUDGE"}}},
      {"IssuePenalty", penalty(room, 1, v1::NOTE),
       {{"spectator", "NOT_A_JUDGE"}, {"other seat", "NOT_A_JUDGE"}, {"other room", "NOT_A_JUDGE"}}},
      {"OverrideResult", m([&](auto& x) {
         x.mutable_override_result()->set_room_id(room);
         x.mutable_override_result()->add_winners(1);
         x.mutable_override_result()->set_reason("r");
       }),
       {{"spectator", "NOT_A_JUDGE"}, {"other seat", "NOT_A_JUDGE"}, {"other room", "NOT_A_JUDGE"}}},
      {"RequestJudgeView", judge_view(room),
       {{"spectator", "NOT_A_JUDGE"}, {"judge", ""}, {"other seat", "NOT_A_JUDGE"}, {"other room", "NOT_A_JUDGE"}}},
      {"CallJudge", call_judge(room),
       {{"spectator", "NOT_A_PLAYER"}, {"judge", "NOT_A_PLAYER"}, {"other room", "NOT_A_PLAYER"}}},
      {"AddRoomJudge", m([&](auto& x) {
         x.mutable_add_room_judge()->set_room_id(room);
         x.mutable_add_room_judge()->set_username("carl");
       }),
       {{"spectator", "NOT_ROOM_CREATOR"}, {"judge", "NOT_ROOM_CREATOR"}, {"other seat", "NOT_ROOM_CREATOR"},
        {"other room", "NOT_ROOM_CREATOR"}}},
      {"AllowSpectator", allow(room, "erin", true),
       {{"spectator", "NOT_ROOM_CREATOR"}, {"judge", "NOT_ROOM_CREATOR"}, {"other seat", "NOT_ROOM_CREATOR"},
        {"other room", "NOT_ROOM_CREATOR"}}},
      {"ExtendTime", extend(room, 1, 30),
       {{"spectator", "NOT_A_JUDGE"}, {"judge", "NO_CLOCK"}, {"other seat", "NOT_A_JUDGE"},
        {"other room", "NOT_A_JUDGE"}}},
      {"RollbackMatch", rollback(room, 0),
       {{"spectator", "NOT_A_JUDGE"}, {"judge", "MATCH_NOT_PAUSED"}, {"other seat", "NOT_A_JUDGE"},
        {"other room", "NOT_A_JUDGE"}}},
      {"RequestMatchLog", match_log(room),
       {{"spectator", "NOT_A_JUDGE"}, {"judge", ""}, {"other seat", "NOT_A_JUDGE"}, {"other room", "NOT_A_JUDGE"}}},
  };
  for (const auto& row : rows) {
    for (const auto& [actor, client] : actors) {
      const auto expected = actor == "logged out" ? std::string("NOT_AUTHENTICATED")
                            : row.expected.count(actor) ? row.expected.at(actor)
                                                        : std::string("-");
      if (expected == "-") continue;  // a success that changes the match: covered by its own test
      EXPECT_EQ(code_of(*client, row.message), expected) << row.request << " from " << actor;
    }
  }
  // Nothing above changed the match: the mover can still answer its first prompt.
  const auto now = alice->latest_match_update(room);
  ASSERT_TRUE(now);
  EXPECT_EQ(now->command_index(), 0u);
  EXPECT_FALSE(now->finished());
}

}  // namespace
}  // namespace concord::testing
