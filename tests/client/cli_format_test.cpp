#include "cli_format.hpp"

#include <gtest/gtest.h>

namespace concord::cli {
namespace {

TEST(CliFormat, ErrorsAreOneLinePlusViolations) {
  v1::Error error;
  error.set_code("DECK_INVALID");
  error.set_message("too few\ncards");
  auto* violation = error.add_violations();
  violation->set_code("TOO_FEW_CARDS");
  violation->set_message("need 10");
  EXPECT_EQ(format_error(client::ClientError::from_server(error)),
            "error DECK_INVALID too few cards\n  violation TOO_FEW_CARDS need 10\n");
}

TEST(CliFormat, RoomPush) {
  v1::ServerMessage message;
  auto* room = message.mutable_room();
  room->set_room_id("r1");
  room->set_game("test_highcard");
  room->set_status(v1::WAITING);
  room->set_your_seat(1);
  auto* alice = room->add_seats();
  alice->set_username("alice");
  alice->set_ready(true);
  room->add_seats();
  EXPECT_EQ(format_push(message),
            "push room room=r1 game=test_highcard status=WAITING seats=alice+,- spectators=0 your_seat=1 private=no\n");
}

TEST(CliFormat, MatchUpdatePushWithResultVerifiesTheSeed) {
  v1::ServerMessage message;
  auto* update = message.mutable_match_update();
  update->set_room_id("r1");
  update->set_command_index(12);
  update->set_your_seat(2);
  update->set_finished(true);
  update->set_seed_commitment("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
  update->mutable_result()->add_winners(1);
  update->mutable_result()->set_reason("rounds_completed");
  update->mutable_result()->set_seed_hex(std::string(64, '0'));
  auto* event = update->add_events();
  event->set_kind("match_ended");
  event->set_text("seat 2 wins");
  EXPECT_EQ(format_push(message),
            "push match_update room=r1 index=12 your_seat=2 prompt=none awaiting=- events=1 finished=true "
            "winners=1 draw=false reason=\"rounds_completed\" seed=" +
                std::string(64, '0') + " seed_verified=yes\n  event match_ended seat 2 wins\n");
}

TEST(CliFormat, ShowNumbersPromptOptionsAndRanges) {
  v1::MatchUpdate update;
  update.set_room_id("r1");
  update.set_game("g");
  update.set_command_index(3);
  update.set_your_seat(1);
  update.add_awaiting(0);
  auto* prompt = update.mutable_prompt();
  prompt->set_kind("play_card");
  prompt->set_text("Play a card");
  prompt->set_min_choices(1);
  prompt->set_max_choices(2);
  auto* option = prompt->add_options();
  option->set_id("play:c7");
  option->set_label("Play c7");
  option = prompt->add_options();
  option->set_id("wager");
  option->set_label("Wager");
  option->mutable_range()->set_max(3);
  const std::string text = format_show(update);
  EXPECT_EQ(
      text.rfind("ok game=g room=r1 index=3 your_seat=1 prompt=play_card awaiting=0 events=0 finished=false\n", 0), 0u)
      << text;
  EXPECT_NE(text.find("  prompt play_card: Play a card (choose 1-2)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    1. play:c7: Play c7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    2. wager: Wager [value 0..3]\n"), std::string::npos) << text;
}

TEST(CliFormat, ShowPrintsAnAnyPackedViewAsText) {
  v1::MatchUpdate update;
  v1::RoomInfo stand_in;  // any linked message type works as a view
  stand_in.set_room_id("inner");
  update.mutable_view()->PackFrom(stand_in);
  const std::string text = format_show(update);
  EXPECT_NE(text.find("[type.googleapis.com/concord.v1.RoomInfo]"), std::string::npos) << text;
  EXPECT_NE(text.find("room_id: \"inner\""), std::string::npos) << text;
}

TEST(CliFormat, ClocksShowMinutesSecondsAndTenthsPerSeat) {
  v1::ClockState clocks;
  clocks.set_mode("chess");
  auto* a = clocks.add_seats();
  a->set_seat(0);
  a->set_remaining_ms(299250);
  a->set_running(true);
  auto* b = clocks.add_seats();
  b->set_seat(1);
  b->set_remaining_ms(0);
  b->set_flagged(true);
  EXPECT_EQ(format_clocks(clocks), "  clocks chess seat0=4:59.2 (running) seat1=0:00.0 (flag fell)\n");
  clocks.set_stopped(true);
  EXPECT_EQ(format_clocks(clocks).substr(0, 24), "  clocks chess (stopped)");
}

TEST(CliFormat, TheMatchLogMarksVoidedCommandsAndListsRollbacks) {
  v1::MatchLog log;
  log.set_match_id(7);
  auto* kept = log.add_commands();
  kept->set_index(1);
  kept->set_command("answer 0 pass");
  auto* voided = log.add_commands();
  voided->set_index(2);
  voided->set_seat(1);
  voided->set_command("concede 1");
  voided->set_voided_by(3);
  auto* rollback = log.add_rollbacks();
  rollback->set_rollback_id(3);
  rollback->set_judge("jo");
  rollback->set_from_command_index(2);
  rollback->set_to_command_index(1);
  rollback->set_reason("misclick");
  const auto text = format_match_log(log);
  EXPECT_NE(text.find("  2 seat=1 concede 1 [voided by rollback 3]\n"), std::string::npos) << text;
  EXPECT_NE(text.find("rollback 3: jo from 2 to 1"), std::string::npos) << text;
}

}  // namespace
}  // namespace concord::cli
