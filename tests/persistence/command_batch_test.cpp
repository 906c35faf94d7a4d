// The journal row encoding of a run of commands: round trips any text, and
// refuses malformed payloads instead of guessing.
#include <gtest/gtest.h>

#include "concord/persistence/command_batch.hpp"

namespace concord::persistence::test {
namespace {

std::vector<CommandRecord> sample_run() {
  return {{7, 0, "answer 1", std::string(64, 'a'), ""},
          {8, 1, "", "h", "clock=1500,0;moved=1"},
          {9, 2, "multi\nline \"quoted\" \\ {x,y}\n12 34 56\n", "ütf-8 hash", "meta with\nnewline 1 2"},
          {10, -1, std::string("nul\0byte", 8), "", ""}};
}

std::vector<const CommandRecord*> pointers(const std::vector<CommandRecord>& commands) {
  std::vector<const CommandRecord*> out;
  for (const auto& command : commands) out.push_back(&command);
  return out;
}

TEST(CommandBatch, RoundTripsEveryField) {
  const auto run = sample_run();
  const auto decoded = decode_command_batch(7, 10, encode_command_batch(pointers(run)));
  ASSERT_TRUE(decoded.has_value());
  ASSERT_EQ(decoded->size(), run.size());
  for (std::size_t i = 0; i < run.size(); ++i) {
    EXPECT_EQ((*decoded)[i].index, run[i].index);
    EXPECT_EQ((*decoded)[i].seat, run[i].seat);
    EXPECT_EQ((*decoded)[i].command_text, run[i].command_text);
    EXPECT_EQ((*decoded)[i].state_hash, run[i].state_hash);
    EXPECT_EQ((*decoded)[i].meta, run[i].meta);
  }
}

// Rows journaled before commands carried meta have three sizes per header.
TEST(CommandBatch, RowsWithoutMetaReadAsBefore) {
  const auto decoded = decode_command_batch(1, 2, "0 1 2\nhab1 0 1\nc");
  ASSERT_TRUE(decoded.has_value());
  EXPECT_EQ((*decoded)[0].command_text, "ab");
  EXPECT_EQ((*decoded)[0].meta, "");
  EXPECT_EQ((*decoded)[1].seat, 1);
  EXPECT_EQ((*decoded)[1].command_text, "c");
}

TEST(CommandBatch, RefusesMalformedPayloads) {
  const auto run = sample_run();
  const std::string good = encode_command_batch(pointers(run));
  EXPECT_FALSE(decode_command_batch(7, 9, good)) << "one command too many";
  EXPECT_FALSE(decode_command_batch(7, 11, good)) << "one command missing";
  EXPECT_FALSE(decode_command_batch(7, 10, good.substr(0, good.size() - 1))) << "truncated";
  EXPECT_FALSE(decode_command_batch(7, 10, good + "x")) << "trailing bytes";
  EXPECT_FALSE(decode_command_batch(1, 1, "0 x 1\nab"));
  EXPECT_FALSE(decode_command_batch(1, 1, "0 1 99\nab"));
  EXPECT_FALSE(decode_command_batch(1, 1, "0 1 2 9\nhab")) << "meta shorter than its size";
  EXPECT_FALSE(decode_command_batch(1, 1, "0 1 2 x\nhab")) << "meta size not a number";
  EXPECT_FALSE(decode_command_batch(0, 0, ""));
  EXPECT_FALSE(decode_command_batch(5, 4, ""));
}

}  // namespace
}  // namespace concord::persistence::test
