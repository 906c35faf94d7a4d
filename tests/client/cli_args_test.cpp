#include "cli_args.hpp"

#include <gtest/gtest.h>

namespace concord::cli {
namespace {

TEST(CliArgs, TokenizeSplitsOnBlanksAndHonoursQuotes) {
  EXPECT_EQ(tokenize("  create  test_highcard\tseats=2 "), (Args{"create", "test_highcard", "seats=2"}));
  EXPECT_EQ(tokenize("create g name=\"My room\" x=\"a \\\"b\\\"\""),
            (Args{"create", "g", "name=My room", "x=a \"b\""}));
  EXPECT_EQ(tokenize("join r password=\"\""), (Args{"join", "r", "password="}));
  EXPECT_TRUE(tokenize("   ").empty());
  EXPECT_THROW(tokenize("create \"open"), UsageError);
}

TEST(CliArgs, SplitOption) {
  EXPECT_EQ(split_option("a=b=c"), std::make_pair(std::string("a"), std::string("b=c")));
  EXPECT_FALSE(split_option("plain"));
  EXPECT_FALSE(split_option("=value"));
}

TEST(CliArgs, CreateKnownKeysAndGameOptions) {
  const auto spec = parse_create({"create", "eve_genesis", "seats=3", "password=pw", "name=Friday", "rounds=5"});
  EXPECT_EQ(spec.game(), "eve_genesis");
  EXPECT_EQ(spec.seats(), 3u);
  EXPECT_EQ(spec.password(), "pw");
  EXPECT_EQ(spec.name(), "Friday");
  ASSERT_EQ(spec.options().size(), 1u);
  EXPECT_EQ(spec.options().at("rounds"), "5");
}

TEST(CliArgs, CreateRejectsBadInput) {
  EXPECT_THROW(parse_create({"create"}), UsageError);
  EXPECT_THROW(parse_create({"create", "g", "seats=two"}), UsageError);
  EXPECT_THROW(parse_create({"create", "g", "loose"}), UsageError);
}

TEST(CliArgs, JoinRoleDeckPasswordSeat) {
  const auto plain = parse_join({"join", "r1"});
  EXPECT_EQ(plain.room_id(), "r1");
  EXPECT_EQ(plain.role(), v1::PLAYER);
  const auto full = parse_join({"join", "r1", "deck=17", "password=x", "seat=2"});
  EXPECT_EQ(full.deck_id(), 17);
  EXPECT_EQ(full.password(), "x");
  EXPECT_EQ(full.seat(), 2);
  EXPECT_EQ(parse_join({"join", "r1", "spectator"}).role(), v1::SPECTATOR);
  EXPECT_THROW(parse_join({"join", "r1", "deck=x"}), UsageError);
  EXPECT_THROW(parse_join({"join", "r1", "colour=red"}), UsageError);
}

v1::Prompt prompt_with(std::initializer_list<const char*> ids) {
  v1::Prompt prompt;
  for (const char* id : ids) prompt.add_options()->set_id(id);
  return prompt;
}

TEST(CliArgs, AnswerByIdByNumberAndWithValues) {
  const v1::Prompt prompt = prompt_with({"pass", "play:c7", "pay"});
  const auto answer = parse_answer({"answer", "room", "play:c7", "#3=2", "#1"}, &prompt);
  ASSERT_EQ(answer.choices_size(), 3);
  EXPECT_EQ(answer.choices(0).option_id(), "play:c7");
  EXPECT_EQ(answer.choices(0).value(), 0);
  EXPECT_EQ(answer.choices(1).option_id(), "pay");
  EXPECT_EQ(answer.choices(1).value(), 2);
  EXPECT_EQ(answer.choices(2).option_id(), "pass");
}

TEST(CliArgs, AnswerNumberNeedsAPromptAndAValidNumber) {
  const v1::Prompt prompt = prompt_with({"pass"});
  EXPECT_THROW(parse_answer({"answer", "room", "#1"}, nullptr), UsageError);
  EXPECT_THROW(parse_answer({"answer", "room", "#2"}, &prompt), UsageError);
  EXPECT_THROW(parse_answer({"answer", "room", "#0"}, &prompt), UsageError);
  EXPECT_THROW(parse_answer({"answer", "room", "pass=x"}, &prompt), UsageError);
  EXPECT_THROW(parse_answer({"answer"}, &prompt), UsageError);
  EXPECT_EQ(parse_answer({"answer", "room", "#"}, &prompt).choices(0).option_id(), "#") << "bare # is an id";
}

}  // namespace
}  // namespace concord::cli
