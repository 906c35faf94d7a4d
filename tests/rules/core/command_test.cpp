// Command: canonical single-line text and parsing.
#include <gtest/gtest.h>

#include "concord/rules/match.hpp"

namespace concord::rules {
namespace {

Command answer_cmd(SeatIndex seat, std::vector<Choice> choices) {
  return Command{Command::Kind::Answer, seat, Answer{std::move(choices)}};
}

TEST(Command, AnswerText) {
  EXPECT_EQ(answer_cmd(1, {{"play:c7", 0}, {"wager", 3}}).to_text(), "answer 1 play:c7 wager=3");
  EXPECT_EQ(answer_cmd(0, {{"x", -5}}).to_text(), "answer 0 x=-5");
  EXPECT_EQ(answer_cmd(2, {}).to_text(), "answer 2");
}

TEST(Command, ConcedeText) {
  EXPECT_EQ((Command{Command::Kind::Concede, 3, {}}).to_text(), "concede 3");
}

TEST(Command, RoundTrip) {
  const std::vector<Command> commands = {
      answer_cmd(0, {{"play:c7", 0}, {"wager", 3}}), answer_cmd(1, {}),
      answer_cmd(2, {{"a", INT64_MIN}, {"b", INT64_MAX}}), Command{Command::Kind::Concede, 1, {}}};
  for (const auto& c : commands) {
    const auto back = Command::from_text(c.to_text());
    ASSERT_TRUE(back.has_value()) << c.to_text();
    EXPECT_EQ(*back, c);
  }
}

TEST(Command, ParseRejectsMalformed) {
  for (const char* bad : {"", "answer", "answer x", "answer -1", "answer 0 =3", "answer 0 a=",
                          "answer 0 a=x", "concede", "concede 1 2", "pass 0", "concede +1"}) {
    EXPECT_FALSE(Command::from_text(bad).has_value()) << bad;
  }
}

TEST(Command, ExplicitZeroValueParses) {
  const auto c = Command::from_text("answer 0 wager=0");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->answer.choices[0], (Choice{"wager", 0}));
}

}  // namespace
}  // namespace concord::rules
