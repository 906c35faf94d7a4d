// "Gameplay": the turn sequence, timing windows, player priority and the pile.
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

// Seat 0 (Amarr) is active in its Management phase unless `extra` says otherwise.
std::string board(const std::string& extra) {
  std::string out =
      "seats 2\nturn 3\nfirst 0\nactive 0\n"
      "seat 0 base=holder_tower wallet=10\nseat 1 base=gallente_control_tower wallet=10\n"
      "market 0 veldspar veldspar veldspar\nmarket 1 velator velator velator\n";
  out += extra;
  return out;
}

std::unique_ptr<EveMatch> started(std::uint64_t seed) {
  auto m = new_match(seed);
  for (int i = 0; i < 2; ++i) ok(*m, m->state().prompt_seat, picks({}));
  return m;
}

TEST(EveTurn, FaqHowManyCreditsWhenTheGameBegins_TwoFromTheBase) {
  // FAQ: "All wallets are empty at the start of the game. ... On the first turn
  // the amount is 2, which the base brings."
  auto m = started(5);
  const SeatIndex a = m->state().active;
  pass_all(*m);  // duration step
  pass_all(*m);  // build step
  ASSERT_EQ(m->state().step, Step::Income);
  ASSERT_EQ(m->prompt(a)->kind, "income");
  ok(*m, a, pick("income"));
  EXPECT_EQ(m->state().seats[a].wallet, 2);
}

TEST(EveTurn, FaqWhenDoIDrawTheExtraCard_AtTheStartOfTheIncomeStep) {
  // FAQ: "You draw the card at the time when in the normal course of things you
  // would have replenished your wallet with credits, at the start of the income step."
  auto m = started(6);
  const SeatIndex a = m->state().active;
  pass_all(*m);
  pass_all(*m);
  ok(*m, a, pick("draw"));
  EXPECT_EQ(m->state().seats[a].wallet, 0);
  EXPECT_EQ(m->state().seats[a].hand.size(), 8u);
  EXPECT_EQ(m->state().step, Step::Income);  // still the income step, now with priority
  EXPECT_EQ(m->prompt(a)->kind, "priority");
}

TEST(EveTurn, FirstPlayerSkipsTheDrawPhaseOnTurnOneInTwoPlayerGames) {
  // "If two are playing, the player who goes first skips his Draw phase on his first turn."
  auto m = started(7);
  const SeatIndex a = m->state().active;
  pass_all(*m);
  pass_all(*m);
  ok(*m, a, pick("income"));
  pass_all(*m);  // income step -> draw phase (automatic) -> management
  EXPECT_EQ(m->state().phase, Phase::Management);
  EXPECT_EQ(m->state().seats[a].hand.size(), 7u);
  pass_all(*m);  // management -> end of turn
  EXPECT_EQ(m->state().phase, Phase::EndOfTurn);
  pass_all(*m);  // end of turn -> next turn
  const SeatIndex b = 1 - a;
  EXPECT_EQ(m->state().active, b);
  EXPECT_EQ(m->state().turn, 2);
  pass_all(*m);
  pass_all(*m);
  ok(*m, b, pick("income"));
  pass_all(*m);
  EXPECT_EQ(m->state().seats[b].hand.size(), 8u);  // the second player draws
}

TEST(EveTurn, DrawPhaseIsTheOnlyWindowWithoutNews) {
  // "This is the only phase in which no player may play News cards or use any abilities."
  for (const auto& w : turn_sequence()) {
    EXPECT_EQ(w.news, w.phase != Phase::Draw) << to_string(w.phase);
    EXPECT_EQ(w.priority, w.phase != Phase::Draw) << to_string(w.phase);
    EXPECT_EQ(w.management, w.phase == Phase::Management) << to_string(w.phase);
  }
}

TEST(EveTurn, DrawingFromAnEmptyMarketLoses) {
  // "If you must draw a card from the market and it has no cards left, you lose the game."
  auto m = position(
      "seats 2\nturn 4\nfirst 1\nactive 0\nphase setup income\n"
      "seat 0 base=holder_tower\nseat 1 base=gallente_control_tower\nmarket 1 velator\n");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("income"));
  pass_all(*m);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{1});
  EXPECT_EQ(m->result()->reason, "market_empty");
  EXPECT_FALSE(m->prompt(0));
  EXPECT_FALSE(m->prompt(1));
}

TEST(EveTurn, SkippingIncomeToDrawFromAnEmptyMarketLoses) {
  auto m = position(
      "seats 2\nturn 4\nactive 0\nphase setup income\n"
      "seat 0 base=holder_tower\nseat 1 base=gallente_control_tower\n");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("draw"));
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{1});
}

TEST(EveTurn, EndOfTurnDiscardsToSeven) {
  // "If you have more than seven cards in hand ... you must discard the excess
  // cards so that exactly seven cards remain in your hand."
  auto m = position(board(
      "phase end_of_turn end\n"
      "hand 0 velator#1 velator#2 velator velator omber omber veldspar veldspar crokite\n"));
  ASSERT_TRUE(m);
  pass_all(*m);
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "discard");
  EXPECT_EQ(p->min_choices, 2u);
  EXPECT_EQ(p->max_choices, 2u);
  rejected(*m, 0, picks({"c1"}), "WRONG_CHOICE_COUNT");
  ok(*m, 0, picks({"c1", "c2"}));
  EXPECT_EQ(m->state().seats[0].hand.size(), 7u);
  EXPECT_EQ(m->state().seats[0].scrapheap.size(), 2u);
  EXPECT_EQ(m->state().active, 1);
  EXPECT_EQ(m->state().turn, 4);
}

TEST(EveTurn, ActivePlayerActsFirstInEachStepAndPriorityPassesClockwise) {
  auto m = position(board("phase setup duration\n"));
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->prompt(0));
  EXPECT_FALSE(m->prompt(1));
  rejected(*m, 1, pick("pass"), "NOT_YOUR_PRIORITY");
  ok(*m, 0, pick("pass"));
  EXPECT_TRUE(m->prompt(1));
  EXPECT_EQ(m->state().step, Step::Duration);
  ok(*m, 1, pick("pass"));  // all passed in succession on an empty pile: next step
  EXPECT_EQ(m->state().step, Step::Build);
  EXPECT_TRUE(m->prompt(0));
}

TEST(EveTurn, NewsMayBePlayedInTheSetupPhase) {
  // Duration and assembly example: "Jan's turn 8, Setup phase: Jan plays the News Forsaken Ruins."
  // Forsaken Ruins names "target remote region": play:c1@aridia.
  auto m = position(board("phase setup duration\nhand 0 forsaken_ruins#1\nhand 1 mind_clash#2\n"
                          "region aridia owner=1 controller=none\n"));
  ASSERT_TRUE(m);
  EXPECT_TRUE(offers(*m, 0, "play:c1@aridia"));
  ok(*m, 0, pick("pass"));
  EXPECT_TRUE(offers(*m, 1, "play:c2"));  // the opponent may answer with News, too
}

TEST(EveTurn, OnlyNewsOutsideYourManagementPhase) {
  // "News cards are the only cards that can be played outside your Management phase."
  auto m = position(board("phase setup build\nhand 0 velator#1 mind_clash#2\nhand 1 velator#3 stubborn_mechanic#4\n"));
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("play:c1"), "WINDOW_CLOSED");
  EXPECT_TRUE(offers(*m, 0, "play:c2"));
  ok(*m, 0, pick("pass"));
  rejected(*m, 1, pick("play:c3"), "WINDOW_CLOSED");
}

TEST(EveTurn, NonActivePlayerPlaysOnlyNewsInTheManagementPhase) {
  auto m = position(board("hand 1 velator#1 mind_clash#2\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("pass"));
  rejected(*m, 1, pick("play:c1"), "WINDOW_CLOSED");
  EXPECT_TRUE(offers(*m, 1, "play:c2"));
}

TEST(EveTurn, PileResolvesTopDownAfterAllPassInSuccession) {
  // "Priority is passed clockwise until each of the players has passed in
  // succession. Then the pile begins to resolve from the top down."
  auto m = position(board("hand 0 executioner#1\nhand 1 mind_clash#2\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  EXPECT_EQ(m->state().seats[0].wallet, 8);  // "Pay the card's cost and put it into play"
  ASSERT_EQ(m->state().pile.size(), 1u);
  EXPECT_TRUE(m->prompt(0));                 // the actor may add more before passing
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("play:c2"));
  ok(*m, 1, pick("pass"));
  ASSERT_EQ(m->state().pile.size(), 2u);
  auto out = m->submit(0, pick("pass"));
  ASSERT_TRUE(out.accepted);
  std::vector<std::string> resolved;
  for (const auto& e : out.events) {
    if (e.kind == "resolved") resolved.push_back(e.text);
  }
  ASSERT_EQ(resolved.size(), 2u);
  EXPECT_EQ(resolved[0], "Mind Clash resolves from the pile");
  EXPECT_EQ(resolved[1], "Executioner resolves from the pile");
  EXPECT_TRUE(m->state().pile.empty());
  EXPECT_EQ(m->state().prompt_seat, 0);  // the active player receives priority again
  EXPECT_EQ(m->state().step, Step::Main);
}

TEST(EveTurn, OnlyNewsMayBeAddedToAPileThatIsNotResolved) {
  // "This player may add any number of News cards or activated abilities to the pile".
  auto m = position(board("hand 0 executioner#1 executioner#2 mind_clash#3\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  rejected(*m, 0, pick("play:c2"), "WINDOW_CLOSED");
  ok(*m, 0, pick("play:c3"));
  EXPECT_EQ(m->state().pile.size(), 2u);
}

TEST(EveTurn, CombatIsSkippedWithoutAttacks) {
  // "If during your Management phase you did not jump your ships into any enemy
  // regions, you made no attacks, and so the Combat phase does not occur."
  auto m = position(board(""));
  ASSERT_TRUE(m);
  pass_all(*m);
  EXPECT_EQ(m->state().phase, Phase::EndOfTurn);
}

}  // namespace
}  // namespace concord::eve
