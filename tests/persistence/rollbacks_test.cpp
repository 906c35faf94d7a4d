// RollbackRepository (migration 0004): a judge's rollback moves the voided
// commands out of the live log in the transaction that records it; nothing
// is deleted, and a log that does not end where the room says changes nothing.
#include <future>

#include "concord/persistence/journal.hpp"
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using namespace std::chrono_literals;

class RollbacksTest : public DbTest {
 protected:
  // Journals commands first..last of the match, `per_batch` per group commit
  // (waits for each batch), so that rows straddle the rollback point.
  void journal(std::int64_t match_id, std::int64_t first, std::int64_t last, std::int64_t per_batch) {
    Journal journal(config_);
    for (std::int64_t start = first; start <= last; start += per_batch) {
      std::vector<std::future<bool>> done;
      for (std::int64_t i = start; i <= std::min(last, start + per_batch - 1); ++i) {
        auto promise = std::make_shared<std::promise<bool>>();
        done.push_back(promise->get_future());
        journal.append(AppendCommand{match_id, {i, static_cast<int>(i % 2), "cmd " + std::to_string(i),
                                                "hash " + std::to_string(i), "clock=" + std::to_string(i) + ",0;moved=0"}},
                       [promise](bool ok) { promise->set_value(ok); });
      }
      for (auto& f : done) ASSERT_TRUE(f.get());
    }
  }

  RollbackRecord rollback(std::int64_t match_id, std::int64_t judge, std::int64_t from, std::int64_t to) {
    RollbackRecord out;
    out.match_id = match_id;
    out.room_id = "r1";
    out.judge_id = judge;
    out.from_index = from;
    out.to_index = to;
    out.reason = "misplay";
    return out;
  }
};

TEST_F(RollbacksTest, TheVoidedCommandsLeaveTheLiveLogAndAreKept) {
  const auto alice = make_player("alice");
  const auto jane = make_player("jane");
  const auto match = make_match("r1", {alice});
  journal(match, 1, 10, 4);  // rows of at most 4 commands: the rollback to 6 cuts one
  auto conn = connect(config_);
  const auto id = RollbackRepository(*conn).void_commands(rollback(match, jane, 10, 6));
  const auto live = MatchRepository(*conn).commands(match);
  ASSERT_EQ(live.size(), 6u);
  EXPECT_EQ(live.back().index, 6);
  EXPECT_EQ(live.back().meta, "clock=6,0;moved=0") << "the kept commands keep their records";
  const auto voided = RollbackRepository(*conn).voided(match);
  ASSERT_EQ(voided.size(), 4u);
  for (std::size_t i = 0; i < voided.size(); ++i) {
    EXPECT_EQ(voided[i].rollback_id, id);
    EXPECT_EQ(voided[i].command.index, static_cast<std::int64_t>(7 + i));
    EXPECT_EQ(voided[i].command.command_text, "cmd " + std::to_string(7 + i));
  }
  const auto rollbacks = RollbackRepository(*conn).rollbacks(match);
  ASSERT_EQ(rollbacks.size(), 1u);
  EXPECT_EQ(rollbacks[0].judge, "jane");
  EXPECT_EQ(rollbacks[0].from_index, 10);
  EXPECT_EQ(rollbacks[0].to_index, 6);
}

TEST_F(RollbacksTest, NewCommandsAfterTheRollbackTakeTheFreedIndexes) {
  const auto alice = make_player("alice");
  const auto match = make_match("r1", {alice});
  journal(match, 1, 5, 5);
  auto conn = connect(config_);
  RollbackRepository(*conn).void_commands(rollback(match, alice, 5, 2));
  journal(match, 3, 7, 2);
  const auto live = MatchRepository(*conn).commands(match);
  ASSERT_EQ(live.size(), 7u);
  EXPECT_EQ(RollbackRepository(*conn).voided(match).size(), 3u);
  RollbackRepository(*conn).void_commands(rollback(match, alice, 7, 0));
  EXPECT_TRUE(MatchRepository(*conn).commands(match).empty()) << "back to the start";
  EXPECT_EQ(RollbackRepository(*conn).voided(match).size(), 10u) << "both voided branches are kept";
}

TEST_F(RollbacksTest, ALogThatDoesNotEndWhereTheRoomSaysChangesNothing) {
  const auto alice = make_player("alice");
  const auto match = make_match("r1", {alice});
  journal(match, 1, 5, 5);
  auto conn = connect(config_);
  EXPECT_THROW(RollbackRepository(*conn).void_commands(rollback(match, alice, 6, 2)), RollbackConflict);
  EXPECT_EQ(MatchRepository(*conn).commands(match).size(), 5u);
  EXPECT_TRUE(RollbackRepository(*conn).rollbacks(match).empty());
}

}  // namespace
}  // namespace concord::persistence::test
