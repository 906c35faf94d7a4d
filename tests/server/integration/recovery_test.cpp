// Crash recovery: the server is SIGKILLed mid-match, restarted, and both
// players resume with their tokens and finish the match. No acknowledged
// command is lost.
#include <pqxx/pqxx>

#include "harness.hpp"

namespace concord::testing {
namespace {

class Recovery : public ServerTest {};

TEST_F(Recovery, KilledMidMatchThenPlayersResumeAndFinish) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  const auto before = play_until(*alice, *bob, room, 3, 4);
  ASSERT_FALSE(before.finished());
  const auto acknowledged = before.command_index();
  ASSERT_EQ(acknowledged, 3u);
  const auto alice_token = alice->token();
  const auto bob_token = bob->token();
  const auto alice_seq = alice->last_seq();
  const auto bob_seq = bob->last_seq();

  server_->kill_hard();
  alice.reset();
  bob.reset();
  server_->start();

  auto alice2 = connect();
  auto bob2 = connect();
  const auto resumed = alice2->resume(alice_token, alice_seq);
  ASSERT_EQ(resumed.rooms_size(), 1);
  EXPECT_EQ(resumed.rooms(0), room);
  bob2->resume(bob_token, bob_seq);
  const auto after = alice2->wait_for_match_update(room);
  EXPECT_EQ(after.command_index(), acknowledged) << "every acknowledged command survived the crash";
  EXPECT_EQ(after.seed_commitment(), before.seed_commitment());
  const auto last = play_until(*alice2, *bob2, room, UINT64_MAX, 5);
  EXPECT_TRUE(last.finished());
  EXPECT_GT(last.command_index(), acknowledged);
}

TEST_F(Recovery, GracefulShutdownKeepsTheMatchToo) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  play_until(*alice, *bob, room, 2, 6);
  const auto token = alice->token();
  EXPECT_EQ(server_->stop(), 0) << "SIGTERM ends the server cleanly";
  alice.reset();
  bob.reset();
  server_->start();
  auto again = connect();
  again->resume(token, 0);
  EXPECT_EQ(again->wait_for_match_update(room).command_index(), 2u);
}

// The rebuilt state hash must equal the journaled one; a log that does not
// replay to it is never resumed (the match is marked aborted instead).
TEST_F(Recovery, ALogThatDoesNotReplayToItsHashIsAbortedNotResumed) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  play_until(*alice, *bob, room, 2, 7);
  const auto token = alice->token();
  server_->kill_hard();
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    tx.exec("UPDATE match_commands SET state_hash = repeat('0', 64)");
    tx.commit();
  }
  server_->start();
  auto again = connect();
  EXPECT_EQ(again->resume(token, 0).rooms_size(), 0);
  pqxx::connection conn(database_);
  pqxx::work tx(conn);
  EXPECT_EQ(tx.exec1("SELECT status FROM matches").at(0).as<std::string>(), "aborted");
}

// A crash between journaling the last command and journaling the match's end:
// the log replays to a finished state, so start-up records the end (with the
// rebuilt result); a player who resumes sees the final update, not a match to play.
TEST_F(Recovery, AMatchWhoseEndWasNotJournaledIsMarkedFinishedAtStartUp) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  const auto last = play_until(*alice, *bob, room, UINT64_MAX, 8);
  ASSERT_TRUE(last.finished());
  const auto token = alice->token();
  server_->kill_hard();
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    tx.exec("UPDATE matches SET status = 'running', result_text = ''");
    tx.commit();
  }
  server_->start();
  auto again = connect();
  ASSERT_EQ(again->resume(token, 0).rooms_size(), 1);
  const auto update = again->wait_for_match_update(room);
  EXPECT_TRUE(update.finished());
  EXPECT_FALSE(update.has_prompt());
  EXPECT_EQ(update.command_index(), last.command_index());
  EXPECT_EQ(update.result().winners_size(), last.result().winners_size());
  pqxx::connection conn(database_);
  pqxx::work tx(conn);
  const auto row = tx.exec1("SELECT status, result_text FROM matches");
  EXPECT_EQ(row.at(0).as<std::string>(), "finished");
  EXPECT_FALSE(row.at(1).as<std::string>().empty()) << "the result is rebuilt from the log";
}

}  // namespace
}  // namespace concord::testing
