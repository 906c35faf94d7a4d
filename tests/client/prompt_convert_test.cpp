#include "client/prompt_convert.hpp"

#include <gtest/gtest.h>

#include <set>

#include "concord/rules/bot.hpp"

namespace concord::client {
namespace {

v1::Prompt sample_prompt() {
  v1::Prompt prompt;
  prompt.set_kind("choose_targets");
  prompt.set_text("Pick up to two targets");
  prompt.set_min_choices(1);
  prompt.set_max_choices(2);
  auto* plain = prompt.add_options();
  plain->set_id("t1");
  plain->set_label("Frigate");
  auto* ranged = prompt.add_options();
  ranged->set_id("x");
  ranged->set_label("Pay X");
  ranged->mutable_range()->set_min(0);
  ranged->mutable_range()->set_max(5);
  auto* zero_range = prompt.add_options();
  zero_range->set_id("z");
  zero_range->mutable_range();  // present but 0..0
  return prompt;
}

TEST(PromptConvert, WirePromptBecomesRulesPrompt) {
  const rules::Prompt prompt = to_rules(sample_prompt());
  EXPECT_EQ(prompt.kind, "choose_targets");
  EXPECT_EQ(prompt.text, "Pick up to two targets");
  EXPECT_EQ(prompt.min_choices, 1u);
  EXPECT_EQ(prompt.max_choices, 2u);
  ASSERT_EQ(prompt.options.size(), 3u);
  EXPECT_EQ(prompt.options[0].id, "t1");
  EXPECT_EQ(prompt.options[0].label, "Frigate");
  EXPECT_FALSE(prompt.options[0].range.has_value());
  ASSERT_TRUE(prompt.options[1].range.has_value());
  EXPECT_EQ(prompt.options[1].range->min, 0);
  EXPECT_EQ(prompt.options[1].range->max, 5);
  ASSERT_TRUE(prompt.options[2].range.has_value()) << "a present range 0..0 is still a range";
}

TEST(PromptConvert, PromptRoundTripsBothWays) {
  const v1::Prompt wire = sample_prompt();
  EXPECT_EQ(to_wire(to_rules(wire)).SerializeAsString(), wire.SerializeAsString());
  const rules::Prompt engine = to_rules(wire);
  EXPECT_EQ(to_rules(to_wire(engine)), engine);
}

TEST(PromptConvert, AnswerRoundTripsBothWays) {
  rules::Answer answer;
  answer.choices = {{"t1", 0}, {"x", 4}};
  const v1::Answer wire = to_wire(answer);
  ASSERT_EQ(wire.choices_size(), 2);
  EXPECT_EQ(wire.choices(1).option_id(), "x");
  EXPECT_EQ(wire.choices(1).value(), 4);
  EXPECT_EQ(to_rules(wire), answer);
}

TEST(PromptConvert, RandomAnswerOnAConvertedPromptIsWellFormed) {
  const v1::Prompt wire = sample_prompt();
  rules::Rng rng(rules::Seed{});
  for (int i = 0; i < 200; ++i) {
    const v1::Answer answer = to_wire(rules::random_answer(to_rules(wire), rng));
    ASSERT_GE(answer.choices_size(), 1);
    ASSERT_LE(answer.choices_size(), 2);
    std::set<std::string> seen;
    for (const auto& choice : answer.choices()) {
      EXPECT_TRUE(seen.insert(choice.option_id()).second) << "duplicate " << choice.option_id();
      if (choice.option_id() == "x") {
        EXPECT_GE(choice.value(), 0);
        EXPECT_LE(choice.value(), 5);
      } else {
        EXPECT_EQ(choice.value(), 0);
      }
    }
    EXPECT_FALSE(rules::check_answer_shape(to_rules(wire), to_rules(answer)).has_value());
  }
}

}  // namespace
}  // namespace concord::client
