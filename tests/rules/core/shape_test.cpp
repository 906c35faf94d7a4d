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

// An answer of many choices (found repeated by sorting, not pair by pair):
// each choice is still checked in order, so an unknown option or a value out
// of range before the repeat is what is reported.
TEST(AnswerShape, ManyChoicesAreCheckedInOrder) {
  Prompt p{"pick", "", 1, 20, {}};
  for (int i = 0; i < 12; ++i) p.options.push_back({"o" + std::to_string(i), "", ValueRange{0, 1}});
  Answer all;
  for (int i = 0; i < 12; ++i) all.choices.push_back({"o" + std::to_string(i), 0});
  EXPECT_FALSE(check_answer_shape(p, all));
  Answer repeated = all;
  repeated.choices.push_back({"o3", 0});
  const auto r = check_answer_shape(p, repeated);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->code, "DUPLICATE_CHOICE");
  EXPECT_NE(r->message.find("'o3'"), std::string::npos);
  Answer unknown_first = repeated;
  unknown_first.choices[5].option_id = "zzz";
  EXPECT_EQ(check_answer_shape(p, unknown_first)->code, "UNKNOWN_OPTION");
  Answer value_first = repeated;
  value_first.choices[2].value = 7;
  EXPECT_EQ(check_answer_shape(p, value_first)->code, "VALUE_OUT_OF_RANGE");
}

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
