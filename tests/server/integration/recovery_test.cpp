// Crash recovery: the server is SIGKILLed mid-match, restarted, and both
// players resume with their tokens and finish the match. No acknowledged
// command is lost.
#include <pqxx/pqxx>

#include <string>
#include <vector>

#include "concord/persistence/command_batch.hpp"
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

// With --journal-block-runs 1 the journal writes every command that
// continues what it wrote into a journal block, as it does under load: a
// crash leaves them there, and the restart folds them before recovery.
class RecoveryFromBlocks : public Recovery {
 protected:
  std::vector<std::string> server_args() const override { return {"--journal-block-runs", "1"}; }
};

TEST_F(RecoveryFromBlocks, CommandsLeftInJournalBlocksByAKillAreAllRecovered) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  const auto before = play_until(*alice, *bob, room, 3, 4);
  ASSERT_EQ(before.command_index(), 3u);
  const auto alice_token = alice->token();
  const auto bob_token = bob->token();
  server_->kill_hard();
  alice.reset();
  bob.reset();
  EXPECT_EQ(count("SELECT count(*) FROM match_command_batches"), 0) << "no command was written as a row";
  EXPECT_GT(count("SELECT count(*) FROM journal_blocks"), 0);
  server_->start();
  EXPECT_EQ(count("SELECT count(*) FROM journal_blocks"), 0) << "the start-up folded every block";
  EXPECT_EQ(count("SELECT coalesce(sum(last_idx - first_idx + 1), 0) FROM match_command_batches"), 3);

  auto alice2 = connect();
  auto bob2 = connect();
  ASSERT_EQ(alice2->resume(alice_token, 0).rooms_size(), 1);
  bob2->resume(bob_token, 0);
  const auto after = alice2->wait_for_match_update(room);
  EXPECT_EQ(after.command_index(), 3u) << "every acknowledged command survived the crash";
  EXPECT_EQ(after.view().value(), before.view().value());
  const auto last = play_until(*alice2, *bob2, room, UINT64_MAX, 5);
  EXPECT_TRUE(last.finished());
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
  ASSERT_GT(zero_journaled_hashes(), 0u);
  server_->start();
  auto again = connect();
  EXPECT_EQ(again->resume(token, 0).rooms_size(), 0);
  pqxx::connection conn(database_);
  pqxx::work tx(conn);
  EXPECT_EQ(tx.exec1("SELECT status FROM matches").at(0).as<std::string>(), "aborted");
}

// Commands journaled before state hash version 3 carry 16 hex digits (XXH64),
// those since "v3:", "v4:" or "v5:" and 16 digits: recovery checks a journaled
// hash by the version it was made with. High Card Duel feeds these versions
// the same bytes (it has no lists), so a log journaled by the versions before
// is the same log with another prefix or none: the match resumes from it
// (here a log with three, as a match journaled across three upgrades has), and
// goes on journaling "v5:" hashes.
TEST_F(Recovery, AMatchJournaledByTheVersionBeforeIsResumed) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  play_until(*alice, *bob, room, 3, 4);
  const auto alice_token = alice->token();
  const auto bob_token = bob->token();
  server_->kill_hard();
  alice.reset();
  bob.reset();
  int rewritten = 0;
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    for (const auto& row : tx.exec("SELECT match_id, first_idx, last_idx, payload FROM match_command_batches")) {
      auto commands = persistence::decode_command_batch(row[1].as<std::int64_t>(), row[2].as<std::int64_t>(),
                                                        row[3].as<std::string>());
      ASSERT_TRUE(commands);
      std::vector<const persistence::CommandRecord*> records;
      for (auto& command : *commands) {
        ASSERT_EQ(command.state_hash.size(), 19u) << command.state_hash;
        ASSERT_EQ(command.state_hash.substr(0, 3), "v5:");
        if (command.index == 1) {
          command.state_hash.erase(0, 3);
        } else {
          command.state_hash.replace(0, 3, command.index == 2 ? "v3:" : "v4:");
        }
        records.push_back(&command);
        ++rewritten;
      }
      tx.exec_params("UPDATE match_command_batches SET payload = $3 WHERE match_id = $1 AND first_idx = $2",
                     row[0].as<std::int64_t>(), row[1].as<std::int64_t>(),
                     persistence::encode_command_batch(records));
    }
    tx.commit();
  }
  ASSERT_EQ(rewritten, 3);
  server_->start();
  auto alice2 = connect();
  auto bob2 = connect();
  ASSERT_EQ(alice2->resume(alice_token, 0).rooms_size(), 1) << "the older hashes verify the rebuilt match";
  bob2->resume(bob_token, 0);
  EXPECT_EQ(alice2->wait_for_match_update(room).command_index(), 3u);
  const auto last = play_until(*alice2, *bob2, room, UINT64_MAX, 5);
  EXPECT_TRUE(last.finished());
  EXPECT_GT(last.command_index(), 3u);
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

// Private rooms stay private after a restart: the room's settings are stored
// with its match (the password only as a salted hash) and recovery restores them.
TEST_F(Recovery, APrivateRoomIsStillPrivateAfterARestart) {
  const std::string password = "s3cret-table";
  auto alice = player("alice");
  auto bob = player("bob");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  spec.set_password(password);
  spec.set_name("alice's table");
  const auto room = alice->create_room(spec).room_id();
  alice->join_room(room, v1::PLAYER, save_standard_deck(*alice), password);
  bob->join_room(room, v1::PLAYER, save_standard_deck(*bob), password);
  alice->set_ready(room);
  bob->set_ready(room);
  play_until(*alice, *bob, room, 2, 9);
  server_->kill_hard();
  alice.reset();
  bob.reset();
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    const auto stored = tx.exec1("SELECT password_hash FROM matches").at(0).as<std::string>();
    EXPECT_FALSE(stored.empty());
    EXPECT_EQ(stored.find(password), std::string::npos) << "the password is stored in plaintext";
  }
  server_->start();

  auto stranger = player("carol");
  EXPECT_EQ(error_code_of([&] { stranger->join_room(room, v1::SPECTATOR); }), "WRONG_PASSWORD");
  EXPECT_EQ(error_code_of([&] { stranger->join_room(room, v1::SPECTATOR, 0, "s3cret-tablE"); }), "WRONG_PASSWORD");
  const auto listed = stranger->list_rooms("test_highcard");
  ASSERT_EQ(listed.rooms_size(), 1);
  EXPECT_TRUE(listed.rooms(0).private_room());
  EXPECT_EQ(listed.rooms(0).name(), "alice's table");
  EXPECT_EQ(listed.rooms(0).seats_size(), 2);
  EXPECT_EQ(stranger->join_room(room, v1::SPECTATOR, 0, password).room_id(), room);
  EXPECT_EQ(stranger->wait_for_match_update(room).command_index(), 2u);
}

// With the journal off no command is stored, but a finished match is still
// marked finished, so that a restart does not bring it back.
class JournalOff : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--journal=false"}; }
};

TEST_F(JournalOff, AFinishedMatchIsRecordedAndNotRestoredAfterARestart) {
  auto alice = player("alice");
  auto bob = player("bob");
  const auto room = start_duel(*alice, *bob);
  ASSERT_TRUE(play_until(*alice, *bob, room, UINT64_MAX, 10).finished());
  const auto token = alice->token();
  alice.reset();
  bob.reset();
  ASSERT_EQ(server_->stop(), 0) << "SIGTERM drains the database jobs, the finish included";
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    const auto row = tx.exec1("SELECT status, result_text FROM matches");
    EXPECT_EQ(row.at(0).as<std::string>(), "finished");
    EXPECT_FALSE(row.at(1).as<std::string>().empty());
  }
  server_->start();
  auto again = connect();
  EXPECT_EQ(again->resume(token, 0).rooms_size(), 0) << "a finished match was restored";
}

}  // namespace
}  // namespace concord::testing
