// check_answer_shape: each rejection code and the accepted shapes.
#include <gtest/gtest.h>

#include "concord/rules/types.hpp"

namespace concord::rules {
namespace {

Prompt prompt() {
  return Prompt{"play_card", "", 1, 2,
                {{"a", "A", std::nullopt}, {"b", "B", std::nullopt}, {"x", "X", ValueRange{0, 3}}}};
}

std::string code(const Answer& answer) {
  const auto r = check_answer_shape(prompt(), answer);
  return r ? r->code : "OK";
}

TEST(AnswerShape, WellFormed) {
  EXPECT_EQ(code({{{"a", 0}}}), "OK");
  EXPECT_EQ(code({{{"a", 0}, {"x", 3}}}), "OK");
  EXPECT_EQ(code({{{"x", 0}}}), "OK");
}

TEST(AnswerShape, WrongChoiceCount) {
  EXPECT_EQ(code({}), "WRONG_CHOICE_COUNT");
  EXPECT_EQ(code({{{"a", 0}, {"b", 0}, {"x", 1}}}), "WRONG_CHOICE_COUNT");
}

TEST(AnswerShape, UnknownOption) { EXPECT_EQ(code({{{"zzz", 0}}}), "UNKNOWN_OPTION"); }

TEST(AnswerShape, DuplicateChoice) { EXPECT_EQ(code({{{"a", 0}, {"a", 0}}}), "DUPLICATE_CHOICE"); }

TEST(AnswerShape, ValueOutOfRange) {
  EXPECT_EQ(code({{{"x", 4}}}), "VALUE_OUT_OF_RANGE");
  EXPECT_EQ(code({{{"x", -1}}}), "VALUE_OUT_OF_RANGE");
}

TEST(AnswerShape, ValueIgnoredForOptionsWithoutRange) { EXPECT_EQ(code({{{"a", 99}}}), "OK"); }

TEST(AnswerShape, ZeroChoicesAllowedWhenMinIsZero) {
  Prompt p = prompt();
  p.min_choices = 0;
  EXPECT_FALSE(check_answer_shape(p, {}).has_value());
}

TEST(AnswerShape, RejectionHasMessage) {
  const auto r = check_answer_shape(prompt(), {{{"x", 9}}});
  ASSERT_TRUE(r.has_value());
  EXPECT_FALSE(r->message.empty());
}

}  // namespace
}  // namespace concord::rules
