// The journal's blocks (migration 0008): a busy batch's runs of many matches
// in one row, folded into each match's own row when it ends, when asked,
// when large or when old; and folded at start-up after a crash.
#include <future>
#include <vector>

#include "concord/persistence/command_batch.hpp"
#include "concord/persistence/journal.hpp"
#include "db_test.hpp"
#include "journal_blocks.hpp"
#include "journal_sql.hpp"

namespace concord::persistence::test {
namespace {

using namespace std::chrono_literals;

AppendCommand command(std::int64_t match_id, std::int64_t index) {
  return {match_id,
          {index, static_cast<int>(index % 2), "cmd " + std::to_string(match_id) + "/" + std::to_string(index),
           "hash " + std::to_string(index), index % 2 == 0 ? "clock=" + std::to_string(index) + ",0" : ""}};
}

// The payload of a row or run holding command `index` of the match alone.
std::string payload(std::int64_t match_id, std::int64_t index) {
  const AppendCommand append = command(match_id, index);
  return encode_command_batch({&append.command});
}

JournalOptions busy(std::size_t block_runs = 4) {
  JournalOptions options;
  options.batch_window = 300ms;
  options.block_runs = block_runs;
  return options;
}

class JournalBlocksTest : public DbTest {
 protected:
  std::vector<std::int64_t> make_matches(int count) {
    const auto alice = make_player("alice");
    std::vector<std::int64_t> matches;
    for (int i = 0; i < count; ++i) matches.push_back(make_match("room-" + std::to_string(i), {alice}));
    return matches;
  }

  // Appends the entry for each match at once (one batch) and waits for all.
  template <typename Make>
  void round(Journal& journal, const std::vector<std::int64_t>& matches, Make make) {
    Counter counter;
    std::atomic<int> failed{0};
    for (const auto match : matches) {
      journal.append(make(match), [&](bool ok) {
        if (!ok) ++failed;
        counter.add();
      });
    }
    ASSERT_TRUE(counter.wait_for(static_cast<int>(matches.size())));
    ASSERT_EQ(failed.load(), 0);
  }

  void commands_round(Journal& journal, const std::vector<std::int64_t>& matches, std::int64_t index) {
    round(journal, matches, [index](std::int64_t match) -> JournalEntry { return command(match, index); });
  }

  std::int64_t count(const std::string& sql) { return query_value<std::int64_t>(sql); }
  std::int64_t blocks() { return count("SELECT count(*) FROM journal_blocks"); }
  std::int64_t rows_of(std::int64_t match) {
    return count("SELECT count(*) FROM match_command_batches WHERE match_id = " + std::to_string(match));
  }

  // The match's log reads back as commands 1..last, exactly as appended.
  void expect_log(std::int64_t match, std::int64_t last) {
    const auto stored = MatchRepository(*conn_).commands(match);
    ASSERT_EQ(stored.size(), static_cast<std::size_t>(last)) << "match " << match;
    for (std::int64_t i = 1; i <= last; ++i) {
      const auto& expected = command(match, i).command;
      const auto& got = stored[static_cast<std::size_t>(i - 1)];
      EXPECT_EQ(got.index, i);
      EXPECT_EQ(got.seat, expected.seat);
      EXPECT_EQ(got.command_text, expected.command_text);
      EXPECT_EQ(got.state_hash, expected.state_hash);
      EXPECT_EQ(got.meta, expected.meta);
    }
  }
};

TEST_F(JournalBlocksTest, ABusyBatchWritesItsRunsAsOneBlockAndTheEndFoldsEachMatchIntoOneRow) {
  const auto matches = make_matches(5);
  Journal journal(config_, busy());
  commands_round(journal, matches, 1);
  EXPECT_EQ(blocks(), 0) << "the journal did not write these matches' earlier commands: rows";
  commands_round(journal, matches, 2);
  commands_round(journal, matches, 3);
  EXPECT_EQ(blocks(), 2) << "one block per batch";
  EXPECT_EQ(count("SELECT count(*) FROM match_command_batches"), 5);
  for (const auto match : matches) expect_log(match, 3);

  round(journal, matches, [](std::int64_t match) -> JournalEntry { return FinishMatch{match, "finished", "x"}; });
  EXPECT_EQ(blocks(), 0) << "every run folded: the blocks are dropped";
  for (const auto match : matches) {
    EXPECT_EQ(rows_of(match), 2) << "command 1, then commands 2..3 folded into one row";
    expect_log(match, 3);
  }
}

TEST_F(JournalBlocksTest, FewerRunsThanABlockTakesAreWrittenAsRows) {
  const auto matches = make_matches(3);
  Journal journal(config_, busy(4));
  for (std::int64_t i = 1; i <= 3; ++i) commands_round(journal, matches, i);
  EXPECT_EQ(blocks(), 0);
  for (const auto match : matches) {
    EXPECT_EQ(rows_of(match), 3);
    expect_log(match, 3);
  }
}

TEST_F(JournalBlocksTest, AMatchCreatedThroughTheJournalPutsItsFirstCommandInABlock) {
  Journal journal(config_, busy(2));
  std::vector<std::int64_t> matches;
  for (int i = 0; i < 2; ++i) {
    MatchRecord record;
    record.room_id = "room-" + std::to_string(i);
    record.game = "everzone";
    record.seed_hex = "5eed";
    std::promise<std::optional<std::int64_t>> created;
    journal.create_match(record, [&created](std::optional<std::int64_t> id) { created.set_value(id); });
    const auto id = created.get_future().get();
    ASSERT_TRUE(id);
    matches.push_back(*id);
  }
  commands_round(journal, matches, 1);
  EXPECT_EQ(blocks(), 1);
  EXPECT_EQ(count("SELECT count(*) FROM match_command_batches"), 0);
  for (const auto match : matches) expect_log(match, 1);
}

// A command that does not continue what the journal wrote for its match
// (here command 3 was written outside the journal) is not put into a block:
// as a row it meets the key of any row already at its index. The match's
// unfolded runs are folded with it.
TEST_F(JournalBlocksTest, ARunThatDoesNotContinueWhatTheJournalWroteIsARowAndFoldsTheMatch) {
  const auto matches = make_matches(4);
  Journal journal(config_, busy());
  commands_round(journal, matches, 1);
  commands_round(journal, matches, 2);
  ASSERT_EQ(blocks(), 1);
  {
    pqxx::work txn(*conn_);
    txn.exec_params("INSERT INTO match_command_batches (match_id, first_idx, last_idx, payload) VALUES ($1, 3, 3, $2)",
                    matches[0], payload(matches[0], 3));
    txn.commit();
  }
  Counter counter;
  std::atomic<int> written{0};
  const auto record = [&](bool ok) {
    if (ok) ++written;
    counter.add();
  };
  journal.append(command(matches[0], 4), record);
  for (std::size_t m = 1; m < 4; ++m) journal.append(command(matches[m], 3), record);
  ASSERT_TRUE(counter.wait_for(4));
  EXPECT_EQ(written.load(), 4);
  EXPECT_EQ(rows_of(matches[0]), 4) << "[1], [2] folded from its block, [3] written outside, [4]";
  EXPECT_EQ(blocks(), 0) << "too few runs for a block: the others were folded too, and the block dropped";
  expect_log(matches[0], 4);
  for (std::size_t m = 1; m < 4; ++m) expect_log(matches[m], 3);
}

TEST_F(JournalBlocksTest, CommandsLeftInBlocksByACrashAreFoldedAtStartUpExactly) {
  const auto matches = make_matches(4);
  {
    Journal journal(config_, busy());
    for (std::int64_t i = 1; i <= 3; ++i) commands_round(journal, matches, i);
    // One match folded on request: its runs stay in the blocks as copies.
    round(journal, {matches[0]}, [](std::int64_t match) -> JournalEntry { return FoldMatch{match}; });
    EXPECT_EQ(rows_of(matches[0]), 2);
  }  // the journal's memory is gone, as in a crash; its blocks stay
  ASSERT_EQ(blocks(), 2);
  EXPECT_EQ(MatchRepository(*conn_).fold_journal_blocks(), 6u) << "commands 2..3 of the three unfolded matches";
  EXPECT_EQ(blocks(), 0);
  for (const auto match : matches) {
    EXPECT_EQ(rows_of(match), 2);
    expect_log(match, 3);
  }
  EXPECT_EQ(MatchRepository(*conn_).fold_journal_blocks(), 0u);

  Journal restarted(config_, busy());
  commands_round(restarted, matches, 4);
  for (const auto match : matches) expect_log(match, 4);
}

TEST_F(JournalBlocksTest, AMatchWhoseUnfoldedRunsGrowLargeIsFoldedAndKeepsUsingBlocks) {
  const auto matches = make_matches(4);
  auto options = busy();
  options.max_unfolded_bytes = 70;  // two or three commands
  Journal journal(config_, options);
  for (std::int64_t i = 1; i <= 9; ++i) commands_round(journal, matches, i);
  for (const auto match : matches) {
    EXPECT_GE(rows_of(match), 3) << "folded every few commands";
    EXPECT_LE(rows_of(match), 5);
    expect_log(match, 9);
  }
  EXPECT_LE(blocks(), 4);
}

TEST_F(JournalBlocksTest, MatchesIdleInOldBlocksAreFoldedAndTheBlocksDropped) {
  const auto matches = make_matches(8);
  const std::vector<std::int64_t> idle(matches.begin(), matches.begin() + 4);
  const std::vector<std::int64_t> busy_ones(matches.begin() + 4, matches.end());
  auto options = busy();
  options.max_block_age = 2;
  Journal journal(config_, options);
  commands_round(journal, matches, 1);
  commands_round(journal, matches, 2);  // the block the idle matches stay in
  ASSERT_EQ(blocks(), 1);
  for (std::int64_t i = 3; i <= 6; ++i) commands_round(journal, busy_ones, i);
  for (const auto match : idle) {
    EXPECT_EQ(rows_of(match), 2) << "command 1, then command 2 folded out of the old block";
    expect_log(match, 2);
  }
  for (const auto match : busy_ones) expect_log(match, 6);
  EXPECT_LE(blocks(), 3) << "the old block and those after it went with their runs";
}

// A rollback first folds the match through the journal; it then removes the
// match's runs from the blocks, so that the voided commands never come back
// (not even when blocks are folded at start-up).
TEST_F(JournalBlocksTest, VoidedCommandsOfAFoldedMatchDoNotComeBackFromTheBlocks) {
  const auto judge = make_player("judge");
  const auto matches = make_matches(4);
  {
    Journal journal(config_, busy());
    for (std::int64_t i = 1; i <= 4; ++i) commands_round(journal, matches, i);
    round(journal, {matches[0]}, [](std::int64_t match) -> JournalEntry { return FoldMatch{match}; });
    RollbackRecord rollback;
    rollback.match_id = matches[0];
    rollback.room_id = "room-0";
    rollback.judge_id = judge;
    rollback.from_index = 4;
    rollback.to_index = 2;
    rollback.reason = "misclick";
    RollbackRepository(*conn_).void_commands(rollback);
    expect_log(matches[0], 2);
    pqxx::read_transaction txn(*conn_);
    EXPECT_TRUE(detail::block_commands_of(txn, matches[0]).empty());
  }
  EXPECT_GT(blocks(), 0);
  MatchRepository(*conn_).fold_journal_blocks();
  expect_log(matches[0], 2);
  for (std::size_t m = 1; m < 4; ++m) expect_log(matches[m], 4);
}

// After an in-doubt commit the journal writes the same write again: a block
// stored under its id with the same runs is skipped; other runs under a
// used id are refused, and nothing of that write is stored.
TEST_F(JournalBlocksTest, ABlockWrittenAgainIsSkippedButAnotherBlockUnderItsIdIsRefused) {
  const auto matches = make_matches(2);
  detail::JournalWrite write;
  for (const auto match : matches) write.block.push_back({match, 1, 1, payload(match, 1)});
  write.block_id = 7001;
  detail::write_journal(*conn_, write);
  detail::write_journal(*conn_, write);
  EXPECT_EQ(blocks(), 1);

  write.block[1].payload = payload(matches[1], 2);
  write.rows.push_back({matches[0], 2, 2, payload(matches[0], 2)});
  EXPECT_THROW(detail::write_journal(*conn_, write), pqxx::sql_error);
  EXPECT_EQ(count("SELECT count(*) FROM match_command_batches"), 0);
  for (const auto match : matches) expect_log(match, 1);
}

TEST(JournalBlockFormat, RunsReadBackAndDamageIsRefused) {
  const std::vector<detail::EncodedRun> runs{{12, 3, 4, "two\ncommands \"x\" \\"}, {13, 1, 1, ""}, {9, 5, 5, "z"}};
  std::string block;
  for (const auto& run : runs) detail::append_block_run(block, run);
  const auto decoded = detail::decode_block(block);
  ASSERT_TRUE(decoded);
  ASSERT_EQ(decoded->size(), runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    EXPECT_EQ((*decoded)[i].match_id, runs[i].match_id);
    EXPECT_EQ((*decoded)[i].first, runs[i].first);
    EXPECT_EQ((*decoded)[i].last, runs[i].last);
    EXPECT_EQ((*decoded)[i].payload, runs[i].payload);
  }
  EXPECT_FALSE(detail::decode_block(block.substr(0, block.size() - 1))) << "a cut payload";
  EXPECT_FALSE(detail::decode_block("12 3 2 0\n")) << "last before first";
  EXPECT_FALSE(detail::decode_block("12 0 1 0\n")) << "indexes start at 1";
  EXPECT_FALSE(detail::decode_block("12 3 x 0\n"));
  EXPECT_TRUE(detail::decode_block("") && detail::decode_block("")->empty());
}

}  // namespace
}  // namespace concord::persistence::test
