// A whole match through a real server: two players and a spectator.
#include "concord/rules/seed.hpp"
#include "harness.hpp"
#include "testgame/highcard.pb.h"

namespace concord::testing {
namespace {

using concord::test::v1::HighCardView;

class Match : public ServerTest {
 protected:
  // alice (seat 1) and bob (seat 2) seated and ready; carol watching.
  void seat_everyone() {
    alice_ = player("alice");
    bob_ = player("bob");
    carol_ = player("carol");
    room_ = alice_->create_room("test_highcard", 2).room_id();
    alice_->join_room(room_, v1::PLAYER, save_standard_deck(*alice_));
    bob_->join_room(room_, v1::PLAYER, save_standard_deck(*bob_));
    carol_->join_room(room_, v1::SPECTATOR);
    alice_->set_ready(room_);
    bob_->set_ready(room_);
  }

  std::unique_ptr<Client> alice_, bob_, carol_;
  std::string room_;
};

const auto view_of = &unpack_view<HighCardView>;


TEST_F(Match, TwoPlayersAndASpectatorPlayToTheEnd) {
  seat_everyone();
  const auto last = play_until(*alice_, *bob_, room_, UINT64_MAX, 1);
  ASSERT_TRUE(last.finished());
  EXPECT_GT(last.command_index(), 0u);
  const auto& result = last.result();
  EXPECT_TRUE(result.draw() || result.winners_size() == 1);
  const auto seed = rules::Seed::from_hex(result.seed_hex());
  ASSERT_TRUE(seed.has_value()) << "the seed is revealed at the end";
  EXPECT_EQ(seed->commitment(), last.seed_commitment()) << "sha256(seed) matches the published commitment";
  const auto watched = drain_updates(*carol_, room_);
  ASSERT_FALSE(watched.empty());
  EXPECT_TRUE(watched.back().finished());
  EXPECT_EQ(watched.back().command_index(), last.command_index());
}

TEST_F(Match, TheSpectatorNeverReceivesASeatsHiddenCards) {
  seat_everyone();
  play_until(*alice_, *bob_, room_, UINT64_MAX, 2);
  const auto watched = drain_updates(*carol_, room_);
  ASSERT_FALSE(watched.empty());
  for (const auto& update : watched) {
    EXPECT_FALSE(update.has_prompt());
    const auto view = view_of(update);
    for (const auto& seat : view.seats()) {
      EXPECT_FALSE(seat.hand_visible());
      EXPECT_EQ(seat.hand_size(), 0);
      EXPECT_EQ(seat.deck_size(), 0);
    }
    for (const auto& event : update.events()) EXPECT_NE(event.kind(), "card_drawn") << event.text();
  }
}

// Rooms project views only for viewers connected when a command is accepted;
// whoever joins later gets the state on joining and every update after it.
TEST_F(Match, ASpectatorWhoJoinsMidMatchGetsTheStateThenEveryLaterUpdate) {
  alice_ = player("alice");
  bob_ = player("bob");
  room_ = alice_->create_room("test_highcard", 2).room_id();
  alice_->join_room(room_, v1::PLAYER, save_standard_deck(*alice_));
  bob_->join_room(room_, v1::PLAYER, save_standard_deck(*bob_));
  alice_->set_ready(room_);
  bob_->set_ready(room_);
  const auto before = play_until(*alice_, *bob_, room_, 2, 3);
  ASSERT_FALSE(before.finished()) << "the match must still be running when the spectator joins";
  auto dave = player("dave");
  dave->join_room(room_, v1::SPECTATOR);
  const auto last = play_until(*alice_, *bob_, room_, UINT64_MAX, 3);
  ASSERT_TRUE(last.finished());
  const auto watched = drain_updates(*dave, room_);
  ASSERT_FALSE(watched.empty());
  EXPECT_GE(watched.front().command_index(), before.command_index());
  for (std::size_t i = 1; i < watched.size(); ++i) {
    EXPECT_EQ(watched[i].command_index(), watched[i - 1].command_index() + 1) << "update " << i;
  }
  EXPECT_EQ(watched.back().command_index(), last.command_index());
  EXPECT_TRUE(watched.back().finished());
}

TEST_F(Match, APlayerSeesOnlyItsOwnHand) {
  seat_everyone();
  const auto update = alice_->wait_for_match_update(room_);
  const auto view = view_of(update);
  ASSERT_EQ(view.seats_size(), 2);
  EXPECT_TRUE(view.seats(0).hand_visible());
  EXPECT_GT(view.seats(0).hand_size(), 0);
  EXPECT_FALSE(view.seats(1).hand_visible());
  EXPECT_EQ(view.seats(1).hand_size(), 0);
}

TEST_F(Match, ARejectedAnswerChangesNothing) {
  seat_everyone();
  const auto a = alice_->wait_for_match_update(room_);
  const auto b = bob_->wait_for_match_update(room_);
  auto& idle = a.has_prompt() ? *bob_ : *alice_;
  v1::Answer answer;
  answer.add_choices()->set_option_id("play:c1");
  EXPECT_EQ(error_code_of([&] { idle.submit_answer(room_, 0, answer); }), "NO_PROMPT");  // rules/core, every game
  EXPECT_EQ(error_code_of([&] { carol_->submit_answer(room_, 0, answer); }), "NOT_A_PLAYER");
  auto& active = a.has_prompt() ? *alice_ : *bob_;
  const auto& active_update = a.has_prompt() ? a : b;
  auto stale = active_update;
  stale.set_prompt_id(active_update.prompt_id() + 5);
  EXPECT_EQ(error_code_of([&] { active.submit_answer(stale, answer); }), "STALE_PROMPT");
  v1::Answer unknown;
  unknown.add_choices()->set_option_id("no-such-option");
  EXPECT_EQ(error_code_of([&] { active.submit_answer(room_, 0, unknown); }), "UNKNOWN_OPTION");
  EXPECT_EQ(answer_randomly(active, active_update, 3), 1u) << "the match is still at command 0";
}

TEST_F(Match, ConcedingEndsTheMatch) {
  seat_everyone();
  alice_->wait_for_match_update(room_);
  alice_->concede(room_);
  const auto final_update = bob_->wait_for_match_update(room_, [](const v1::MatchUpdate& u) { return u.finished(); });
  ASSERT_EQ(final_update.result().winners_size(), 1);
  EXPECT_EQ(final_update.result().winners(0), 1u);
}

TEST_F(Match, RoomRulesAreEnforced) {
  alice_ = player("alice");
  bob_ = player("bob");
  carol_ = player("carol");
  EXPECT_EQ(error_code_of([&] { alice_->create_room("no_such_game"); }), "UNKNOWN_GAME");
  EXPECT_EQ(error_code_of([&] { alice_->create_room("test_highcard", 9); }), "INVALID_SEATS");
  v1::CreateRoom bad;
  bad.set_game("test_highcard");
  (*bad.mutable_options())["rounds"] = "99";
  EXPECT_EQ(error_code_of([&] { alice_->create_room(bad); }), "INVALID_OPTIONS");
  v1::CreateRoom secret;
  secret.set_game("test_highcard");
  secret.set_password("sesame");
  room_ = alice_->create_room(secret).room_id();
  EXPECT_EQ(error_code_of([&] { bob_->join_room(room_, v1::PLAYER, save_standard_deck(*bob_), "wrong"); }),
            "WRONG_PASSWORD");
  EXPECT_EQ(error_code_of([&] { bob_->join_room(room_, v1::PLAYER, 0, "sesame"); }), "DECK_REQUIRED");
  alice_->join_room(room_, v1::PLAYER, save_standard_deck(*alice_), "sesame");
  bob_->join_room(room_, v1::PLAYER, save_standard_deck(*bob_), "sesame");
  EXPECT_EQ(error_code_of([&] { carol_->join_room(room_, v1::PLAYER, save_standard_deck(*carol_), "sesame"); }),
            "ROOM_FULL");
  EXPECT_EQ(error_code_of([&] { carol_->join_room("nope", v1::SPECTATOR); }), "ROOM_NOT_FOUND");
}

}  // namespace
}  // namespace concord::testing
