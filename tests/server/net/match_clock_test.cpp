// MatchClock: chess and per-turn clocks, delay, increment, pause, replay.
#include "match_clock.hpp"

#include <gtest/gtest.h>

namespace concord::server {
namespace {

ClockSettings chess(std::int64_t initial, std::int64_t increment = 0, std::int64_t delay = 0) {
  ClockSettings s;
  s.mode = ClockSettings::Mode::Chess;
  s.initial_ms = initial;
  s.increment_ms = increment;
  s.delay_ms = delay;
  return s;
}

TEST(MatchClock, OnlyTheSeatThatOwesAnAnswerIsCharged) {
  MatchClock clock(chess(60000), 2);
  clock.set_awaiting({0}, 1000);
  EXPECT_TRUE(clock.running(0));
  EXPECT_FALSE(clock.running(1));
  EXPECT_EQ(clock.remaining(0, 6000), 55000);
  const auto charges = clock.settle(6000);
  EXPECT_EQ(charges, (std::vector<std::int64_t>{5000, 0}));
  clock.set_awaiting({1}, 6000);
  EXPECT_EQ(clock.remaining(0, 9000), 55000);
  EXPECT_EQ(clock.remaining(1, 9000), 57000);
}

TEST(MatchClock, TwoSeatsAwaitingAtOnceBothRun) {
  MatchClock clock(chess(10000), 3);
  clock.set_awaiting({0, 2}, 0);
  EXPECT_EQ(clock.settle(4000), (std::vector<std::int64_t>{4000, 0, 4000}));
  clock.set_awaiting({2}, 4000);  // seat 0 answered; seat 2 keeps running, no new turn
  EXPECT_EQ(clock.remaining(2, 5000), 5000);
}

TEST(MatchClock, FischerIncrementAfterTheSeatsCommand) {
  MatchClock clock(chess(10000, 2000), 2);
  clock.set_awaiting({0}, 0);
  clock.settle(3000);
  clock.moved(0);
  EXPECT_EQ(clock.remaining(0, 3000), 9000);
}

TEST(MatchClock, SimpleDelayIsFreeAtTheStartOfEveryTurn) {
  MatchClock clock(chess(10000, 0, 3000), 2);
  clock.set_awaiting({0}, 0);
  EXPECT_EQ(clock.remaining(0, 2000), 10000);
  EXPECT_EQ(clock.remaining(0, 5000), 8000);
  EXPECT_EQ(clock.settle(5000), (std::vector<std::int64_t>{2000, 0}));
  clock.set_awaiting({1}, 5000);
  clock.set_awaiting({0}, 6000);  // a new turn: the delay again
  EXPECT_EQ(clock.remaining(0, 8000), 8000);
  EXPECT_EQ(*clock.next_flag(8000), 8000 + 1000 + 8000);
}

TEST(MatchClock, PausedClocksStop) {
  MatchClock clock(chess(10000), 2);
  clock.set_awaiting({0}, 0);
  clock.pause(1000);
  EXPECT_FALSE(clock.running(0));
  EXPECT_EQ(clock.remaining(0, 50000), 9000);
  EXPECT_EQ(clock.settle(50000), (std::vector<std::int64_t>{0, 0}));
  clock.resume(50000);
  EXPECT_EQ(clock.remaining(0, 51000), 8000);
}

TEST(MatchClock, AFlagFallsWhenTheTimeIsUp) {
  MatchClock clock(chess(5000), 2);
  clock.set_awaiting({1}, 100);
  EXPECT_EQ(*clock.next_flag(100), 5100);
  EXPECT_TRUE(clock.flagged(5099).empty());
  EXPECT_EQ(clock.flagged(5100), (std::vector<int>{1}));
}

TEST(MatchClock, PerTurnLimitsStartAfreshEveryTurn) {
  ClockSettings s;
  s.mode = ClockSettings::Mode::PerTurn;
  s.turn_ms = 30000;
  MatchClock clock(s, 2);
  clock.set_awaiting({0}, 0);
  clock.settle(20000);
  clock.set_awaiting({1}, 20000);
  clock.set_awaiting({0}, 25000);
  EXPECT_EQ(clock.remaining(0, 25000), 30000);
}

TEST(MatchClock, ReplayingTheJournaledChargesRebuildsTheClocks) {
  MatchClock live(chess(60000, 1000), 2);
  MatchClock replayed(chess(60000, 1000), 2);
  live.set_awaiting({0}, 0);
  const auto first = live.settle(7000);
  live.moved(0);
  live.set_awaiting({1}, 7000);
  const auto second = live.settle(19000);
  live.moved(1);
  replayed.replay(*MatchClock::parse_charges(MatchClock::charges_text(first), 2), 0);
  replayed.replay(*MatchClock::parse_charges(MatchClock::charges_text(second), 2), 1);
  for (int seat = 0; seat < 2; ++seat) EXPECT_EQ(replayed.remaining(seat, 0), live.remaining(seat, 19000));
}

TEST(MatchClock, AFrozenSeatStandsStillAndItsTurnGoesOnWhenItComesBack) {
  MatchClock clock(chess(60000, 0, 5000), 2);
  clock.set_awaiting({0}, 0);
  clock.settle(3000);  // 3 s of the 5 s delay used
  clock.set_frozen({0}, 3000);
  EXPECT_FALSE(clock.running(0));
  EXPECT_EQ(clock.settle(50000), (std::vector<std::int64_t>{0, 0}));
  EXPECT_EQ(clock.delay_left(0, 50000), 2000);
  clock.set_frozen({}, 50000);  // back: the same turn, not a fresh delay
  EXPECT_TRUE(clock.running(0));
  EXPECT_EQ(clock.remaining(0, 54000), 58000);
}

TEST(MatchClock, PerTurnReplayLeavesTheTurnLimitWhole) {
  ClockSettings s;
  s.mode = ClockSettings::Mode::PerTurn;
  s.turn_ms = 30000;
  MatchClock clock(s, 2);
  clock.replay({12000, 0}, 0);
  EXPECT_EQ(clock.remaining(0, 0), 30000);
}

TEST(MatchClock, MalformedChargesAreRefused) {
  EXPECT_FALSE(MatchClock::parse_charges("1,2", 3));
  EXPECT_FALSE(MatchClock::parse_charges("1,-2", 2));
  EXPECT_FALSE(MatchClock::parse_charges("1;2", 2));
  EXPECT_FALSE(MatchClock::parse_charges("", 1));
  EXPECT_EQ(*MatchClock::parse_charges("0,15", 2), (std::vector<std::int64_t>{0, 15}));
}

}  // namespace
}  // namespace concord::server
