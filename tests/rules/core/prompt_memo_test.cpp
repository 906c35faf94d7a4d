// PromptMemo: a prompt is computed once per state; while the state changes
// nothing is remembered, and after the change the prompt is computed anew.
#include <gtest/gtest.h>

#include "concord/rules/prompt_memo.hpp"

namespace concord::rules {
namespace {

struct Counter {
  int state = 0;
  int computed = 0;
  std::optional<Prompt> make(SeatIndex seat) {
    ++computed;
    if (seat == 1) return std::nullopt;
    Prompt p;
    p.kind = "state " + std::to_string(state);
    return p;
  }
};

TEST(PromptMemo, ComputesOncePerStateAndAnewAfterAChange) {
  Counter c;
  PromptMemo memo;
  const auto ask = [&](SeatIndex seat) { return memo.get(seat, [&](SeatIndex s) { return c.make(s); }); };
  EXPECT_EQ(ask(0)->kind, "state 0");
  EXPECT_EQ(ask(0)->kind, "state 0");
  EXPECT_FALSE(ask(1).has_value());
  EXPECT_FALSE(ask(1).has_value());
  EXPECT_EQ(c.computed, 2) << "one computation per seat, a seat without a prompt included";
  {
    const PromptMemo::Change changing(memo);
    c.state = 1;
    EXPECT_EQ(ask(0)->kind, "state 1") << "inside a change, prompts are computed, never remembered";
    c.state = 2;
    EXPECT_EQ(ask(0)->kind, "state 2");
  }
  EXPECT_EQ(ask(0)->kind, "state 2");
  EXPECT_EQ(ask(0)->kind, "state 2");
  EXPECT_EQ(c.computed, 5);
  const PromptMemo copy = memo;
  EXPECT_EQ(copy.get(0, [&](SeatIndex s) { return c.make(s); })->kind, "state 2");
  EXPECT_EQ(c.computed, 6) << "a copy starts empty";
}

}  // namespace
}  // namespace concord::rules
