// A judge's rollback through the real server and PostgreSQL
// (protocol/README.md section 11, "Rollback"): the match is rebuilt at k and
// checked against the hash journaled there, play goes on from k, the voided
// commands stay in the database, and a kill -9 afterwards recovers exactly
// the rolled-back match.
#include <pqxx/pqxx>

#include <algorithm>

#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "harness.hpp"
#include "judge_requests.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;

class Rollback : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--judges", "jane"}; }

  // A duel of 10 rounds (20 commands) played to command `n` with jane
  // judging and the match paused.
  std::string paused_at(Client& alice, Client& bob, Client& jane, std::uint64_t n) {
    const auto room = start_duel(alice, bob, {{"rounds", "10"}});
    jane.join_room(room, v1::JUDGE);
    const auto at = play_until(alice, bob, room, n, 21);
    EXPECT_EQ(at.command_index(), n);
    EXPECT_EQ(code_of(jane, pause(room)), "");
    return room;
  }

  // Rolls a match paused at 5 back to 2, plays on to 4, kills the server
  // and restarts it: the recovered match is the rolled-back one.
  void roll_back_then_kill(bool in_blocks);
};

bool has_rollback_event(const v1::MatchUpdate& update) {
  for (const auto& event : update.events()) {
    if (event.kind() == "rollback") return true;
  }
  return false;
}

// Waits until each client has the rolled-back view and drops every update
// it kept from before (the voided branch), so that play goes on from k.
void wait_for_rollback(const std::vector<Client*>& clients, const std::string& room) {
  for (auto* client : clients) {
    client->wait_for_match_update(room, has_rollback_event);
    client->discard_pushes();
  }
}

TEST_F(Rollback, AJudgeBacksAPausedMatchUpAndPlayGoesOnFromThere) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = paused_at(*alice, *bob, *jane, 6);
  alice->discard_pushes();
  const auto deltas_before = alice->deltas_applied();
  const auto reply = jane->call(rollback(room, 3));
  ASSERT_TRUE(reply.has_rolled_back());
  EXPECT_EQ(reply.rolled_back().from_command_index(), 6u);
  EXPECT_EQ(reply.rolled_back().to_command_index(), 3u);
  const auto fresh = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return has_rollback_event(u); });
  EXPECT_EQ(fresh.command_index(), 3u);
  EXPECT_EQ(alice->deltas_applied(), deltas_before) << "a rollback sends a full view, never a delta";
  EXPECT_EQ(fresh.events(0).text(), "judge jane rolled the match back from command 6 to 3");
  EXPECT_EQ(count("SELECT count(*) FROM match_rollbacks WHERE from_idx = 6 AND to_idx = 3"), 1);
  EXPECT_EQ(count("SELECT count(*) FROM match_voided_commands WHERE first_idx = 4 AND last_idx = 6"), 1);
  alice->discard_pushes();  // what came before the rollback (the voided branch)
  wait_for_rollback({bob.get()}, room);
  EXPECT_EQ(code_of(*jane, resume(room)), "");
  const auto after = play_until(*alice, *bob, room, 5, 22);
  EXPECT_EQ(after.command_index(), 5u) << "commands 4 and 5 are new ones";
}

TEST_F(Rollback, TheMatchLogShowsTheVoidedBranchAndTheRollback) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = paused_at(*alice, *bob, *jane, 4);
  const auto id = jane->call(rollback(room, 1, "wrong card revealed")).rolled_back().rollback_id();
  const auto log = jane->call(match_log(room)).match_log();
  ASSERT_EQ(log.commands_size(), 4);
  EXPECT_EQ(log.commands(0).index(), 1u);
  EXPECT_EQ(log.commands(0).voided_by(), 0);
  for (int i = 1; i < 4; ++i) {
    EXPECT_EQ(log.commands(i).index(), static_cast<std::uint64_t>(i + 1));
    EXPECT_EQ(log.commands(i).voided_by(), id) << "command " << i + 1 << " is kept, marked voided";
  }
  ASSERT_EQ(log.rollbacks_size(), 1);
  EXPECT_EQ(log.rollbacks(0).judge(), "jane");
  EXPECT_EQ(log.rollbacks(0).reason(), "wrong card revealed");
  EXPECT_EQ(code_of(*alice, match_log(room)), "NOT_A_JUDGE");
}

// kill -9 after the rollback and after new commands: recovery rebuilds the
// rolled-back match from the live log; the voided commands are still stored.
void Rollback::roll_back_then_kill(bool in_blocks) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = paused_at(*alice, *bob, *jane, 5);
  if (in_blocks) {
    ASSERT_GT(count("SELECT count(*) FROM journal_blocks"), 0) << "the commands were written into blocks";
  }
  ASSERT_TRUE(jane->call(rollback(room, 2)).has_rolled_back());
  wait_for_rollback({alice.get(), bob.get()}, room);
  ASSERT_EQ(code_of(*jane, resume(room)), "");
  const auto before = play_until(*alice, *bob, room, 4, 23);
  ASSERT_EQ(before.command_index(), 4u);
  const auto token = alice->token();
  const auto seq = alice->last_seq();
  server_->kill_hard();
  alice.reset();
  bob.reset();
  jane.reset();
  server_->start();
  auto again = connect();
  again->resume(token, seq);
  const auto after = again->wait_for_match_update(room);
  EXPECT_EQ(after.command_index(), 4u);
  EXPECT_EQ(after.view().value(), before.view().value()) << "the same state as before the kill";
  EXPECT_EQ(after.prompt_id(), before.prompt_id()) << "the restart rebuilds the prompt ids of the rollback's epoch";
  EXPECT_EQ(count("SELECT last_idx - first_idx + 1 FROM match_voided_commands"), 3) << "commands 3-5 kept as voided";
}

TEST_F(Rollback, AfterAKillTheRecoveredMatchIsTheRolledBackOne) { roll_back_then_kill(false); }

// With --journal-block-runs 1 every command continuing what the journal
// wrote goes into a journal block (migration 0008): the rollback must first
// fold the match's runs into rows, and the voided ones must not come back
// from the blocks when the restart folds what the crash left.
class RollbackFromBlocks : public Rollback {
 protected:
  std::vector<std::string> server_args() const override {
    return {"--judges", "jane", "--journal-block-runs", "1"};
  }
};

TEST_F(RollbackFromBlocks, ARollbackOfCommandsInBlocksSurvivesAKillAsTheRolledBackMatch) {
  roll_back_then_kill(true);
}

// Prompt ids never repeat for a seat (protocol/README.md section 1, "Per-seat
// prompt ids"): the commands after k are played again at the same indexes,
// and an answer to a prompt of the voided branch must not land on a new one.
TEST_F(Rollback, AfterARollbackEveryPromptIdIsNewAndAnAnswerSentBeforeItIsStale) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob, {{"rounds", "10"}});
  jane->join_room(room, v1::JUDGE);
  play_until(*alice, *bob, room, 3, 25);
  const auto mover_at_3 = alice->latest_match_update(room)->has_prompt() ? alice.get() : bob.get();
  const auto old_prompt = *mover_at_3->latest_match_update(room);
  ASSERT_TRUE(old_prompt.has_prompt());
  play_until(*alice, *bob, room, 6, 25);
  std::uint64_t highest_before = 0;
  for (auto* client : {alice.get(), bob.get()}) {
    highest_before = std::max(highest_before, client->latest_match_update(room)->prompt_id());
  }
  ASSERT_EQ(code_of(*jane, pause(room)), "");
  ASSERT_TRUE(jane->call(rollback(room, 3)).has_rolled_back());
  wait_for_rollback({alice.get(), bob.get()}, room);
  const auto fresh = *mover_at_3->latest_match_update(room);
  ASSERT_EQ(fresh.command_index(), 3u);
  ASSERT_TRUE(fresh.has_prompt()) << "the same seat decides at 3 again";
  EXPECT_GT(fresh.prompt_id(), highest_before);
  ASSERT_EQ(code_of(*jane, resume(room)), "");
  rules::Rng rng(rules::Seed{});
  const auto stale = client::to_wire(rules::random_answer(client::to_rules(old_prompt.prompt()), rng));
  try {
    mover_at_3->submit_answer(old_prompt, stale);
    ADD_FAILURE() << "an answer to prompt " << old_prompt.prompt_id() << " of the voided branch was accepted";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "STALE_PROMPT");
  }
  EXPECT_EQ(play_until(*alice, *bob, room, 4, 25).command_index(), 4u) << "the new prompt is answered";
}

TEST_F(Rollback, ARollbackIsRefusedUnlessTheMatchIsPausedTheIndexIsEarlierAndAReasonIsGiven) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = start_duel(*alice, *bob, {{"rounds", "10"}});
  jane->join_room(room, v1::JUDGE);
  play_until(*alice, *bob, room, 3, 24);
  EXPECT_EQ(code_of(*jane, rollback(room, 1)), "MATCH_NOT_PAUSED");
  ASSERT_EQ(code_of(*jane, pause(room)), "");
  EXPECT_EQ(code_of(*jane, rollback(room, 3)), "INVALID_INDEX") << "k must be below the present index";
  EXPECT_EQ(code_of(*jane, rollback(room, 9)), "INVALID_INDEX");
  EXPECT_EQ(code_of(*jane, rollback(room, 1, "")), "REASON_REQUIRED");
  EXPECT_EQ(code_of(*alice, rollback(room, 1)), "NOT_A_JUDGE");
  EXPECT_EQ(count("SELECT count(*) FROM match_rollbacks"), 0);
  EXPECT_EQ(code_of(*jane, rollback(room, 0)), "") << "back to the start is allowed";
  const auto update = alice->wait_for_match_update(room, [](const v1::MatchUpdate& u) { return has_rollback_event(u); });
  EXPECT_EQ(update.command_index(), 0u);
}

// The journal's hashes no longer match what the rebuild gives: the rollback
// is refused and nothing changes.
TEST_F(Rollback, ARebuildThatDiffersFromTheJournaledHashIsRefusedAndChangesNothing) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto jane = player("jane");
  const auto room = paused_at(*alice, *bob, *jane, 4);
  ASSERT_GT(zero_journaled_hashes(), 0u);
  EXPECT_EQ(code_of(*jane, rollback(room, 2)), "HASH_MISMATCH");
  EXPECT_EQ(count("SELECT count(*) FROM match_rollbacks"), 0);
  EXPECT_EQ(count("SELECT count(*) FROM match_voided_commands"), 0);
  const auto log = jane->call(match_log(room)).match_log();
  EXPECT_EQ(log.commands_size(), 4) << "every command is still in force";
}

}  // namespace
}  // namespace concord::testing
