// rules::apply, the single entry of the server and of replay, checks the seat,
// the open prompt and the answer's shape in rules/core before any game code,
// so every game gives a client the same codes (issue 9, 1b). Shown on real
// EVE: The Second Genesis and EverZone states; each engine's own submit()
// keeps its own checks as defence (and may explain differently).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "concord/eve/position.hpp"
#include "concord/everzone/card_db.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/position.hpp"
#include "concord/rules/match.hpp"

namespace concord::rules {
namespace {

Command answer(SeatIndex seat, std::vector<Choice> choices) {
  Command c;
  c.seat = seat;
  c.answer.choices = std::move(choices);
  return c;
}

// Applies the command and returns its code ("" if accepted); the state must be
// untouched by a rejection.
std::string code(Match& m, const Command& c) {
  const std::string before = m.state_hash();
  const auto out = apply(m, c);
  if (out.accepted) return "";
  EXPECT_EQ(m.state_hash(), before) << c.to_text();
  return out.rejection->code;
}

// Seat 0 holds priority in its management phase with an X-cost card in hand
// and 10 credits: the prompt offers play:c1 with range 0..10.
std::unique_ptr<Match> eve_priority() {
  std::string error;
  auto m = eve::load_position(
      "seats 2\nturn 3\nfirst 0\nactive 0\nseat 0 base=gallente_control_tower wallet=10\n"
      "seat 1 base=holder_tower wallet=10\nmarket 0 veldspar veldspar\nmarket 1 veldspar veldspar\n"
      "hand 0 remnant_of_vakatioth#1\n",
      &error);
  EXPECT_NE(m, nullptr) << error;
  return m;
}

// Activation on Earth: only seat 0 has deployed Units, so only seat 0 has a prompt.
std::unique_ptr<Match> everzone_activation() {
  auto parsed = everzone::parse_position(everzone::CardDb::builtin(),
                                         "location earth turn 1\nphase activate\n"
                                         "seat 0\ndeployed utron_lancer utron_drone\n"
                                         "seat 1\nactive slurr_spawn\n");
  EXPECT_TRUE(parsed.state.has_value()) << parsed.error;
  if (!parsed.state) return nullptr;
  return std::make_unique<everzone::EverZoneMatch>(everzone::CardDb::builtin(), std::move(*parsed.state), false);
}

TEST(ApplyShape, EveAnswerWhileAnotherSeatHasPriorityIsNoPrompt) {
  auto m = eve_priority();
  ASSERT_TRUE(m);
  ASSERT_TRUE(m->prompt(0));
  ASSERT_FALSE(m->prompt(1));
  EXPECT_EQ(code(*m, answer(1, {{"pass", 0}})), "NO_PROMPT");
  // The engine's own check, kept as defence, words it its own way.
  EXPECT_EQ(m->submit(1, Answer{{{"pass", 0}}}).rejection->code, "NOT_YOUR_PRIORITY");
}

TEST(ApplyShape, EveValueAboveTheRangeIsValueOutOfRange) {
  auto m = eve_priority();
  ASSERT_TRUE(m);
  EXPECT_EQ(code(*m, answer(0, {{"play:c1", 11}})), "VALUE_OUT_OF_RANGE");
  EXPECT_EQ(code(*m, answer(0, {{"play:c1", -1}})), "VALUE_OUT_OF_RANGE");
  EXPECT_EQ(m->submit(0, Answer{{{"play:c1", 11}}}).rejection->code, "CANNOT_AFFORD");
  EXPECT_EQ(code(*m, answer(0, {{"play:c1", 10}})), "");
}

TEST(ApplyShape, EveOtherShapeCodes) {
  auto m = eve_priority();
  ASSERT_TRUE(m);
  EXPECT_EQ(code(*m, answer(0, {{"no_such_option", 0}})), "UNKNOWN_OPTION");
  EXPECT_EQ(code(*m, answer(0, {})), "WRONG_CHOICE_COUNT");
  EXPECT_EQ(code(*m, answer(0, {{"pass", 0}, {"pass", 0}})), "WRONG_CHOICE_COUNT");
  EXPECT_EQ(code(*m, answer(2, {{"pass", 0}})), "INVALID_SEAT");
  EXPECT_EQ(code(*m, answer(-1, {{"pass", 0}})), "INVALID_SEAT");
}

TEST(ApplyShape, EverZoneAnswerWithoutAPromptIsNoPrompt) {
  auto m = everzone_activation();
  ASSERT_TRUE(m);
  ASSERT_TRUE(m->prompt(0));
  ASSERT_FALSE(m->prompt(1));
  EXPECT_EQ(code(*m, answer(1, {})), "NO_PROMPT");
  EXPECT_EQ(code(*m, answer(1, {{"c2", 0}})), "NO_PROMPT");
}

TEST(ApplyShape, EverZoneShapeCodesBeforeTheEngine) {
  auto m = everzone_activation();
  ASSERT_TRUE(m);
  const auto p = *m->prompt(0);
  ASSERT_GE(p.options.size(), 2u);
  const std::string first = p.options[0].id;
  EXPECT_EQ(code(*m, answer(0, {{"c99", 0}})), "UNKNOWN_OPTION");
  EXPECT_EQ(code(*m, answer(0, {{first, 0}, {first, 0}})), "DUPLICATE_CHOICE");
  EXPECT_EQ(code(*m, answer(6, {})), "INVALID_SEAT");
  // A value on an option without a range is ignored (check_answer_shape).
  EXPECT_EQ(code(*m, answer(0, {{first, 5}})), "");
}

TEST(ApplyShape, AFinishedMatchRefusesAnswersAndConcessionsAsMatchOver) {
  auto m = everzone_activation();
  ASSERT_TRUE(m);
  Command concede;
  concede.kind = Command::Kind::Concede;
  concede.seat = 1;
  ASSERT_EQ(code(*m, concede), "");
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(code(*m, concede), "MATCH_OVER");
  EXPECT_EQ(code(*m, answer(0, {})), "MATCH_OVER");
  auto eve = eve_priority();
  ASSERT_TRUE(eve);
  concede.seat = 0;
  ASSERT_EQ(code(*eve, concede), "");
  EXPECT_EQ(code(*eve, answer(1, {{"pass", 0}})), "MATCH_OVER");
}

}  // namespace
}  // namespace concord::rules
