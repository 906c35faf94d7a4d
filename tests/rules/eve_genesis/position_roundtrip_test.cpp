// Every position the game reaches reads back (position.hpp: save_position
// writes "the canonical form that load_position() reads back to an identical
// state"): at every accepted step of seeded random two-seat games,
// load_position(save_position(m)) succeeds, saves the same text and has the
// same state hash. Then one test per cause of the refusals this property test
// found (about 0.3% of the positions random play reached were refused):
// the End of Turn's forced withdrawal, a discard of more than seven cards
// (Remnant of Vak'atioth) and a ship keeping the order of a pilot who left it.
#include <iostream>

#include "concord/rules/registry.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

const EveMatch& eve(const rules::Match& m) { return dynamic_cast<const EveMatch&>(m); }

// Two seats, each with one of the four starter decks.
rules::MatchSetup two_seat_setup(std::uint64_t n) {
  rules::Rng rng(testsupport::seed_from_number(n * 6151 + 11));
  const auto decks = standard_decks();
  rules::MatchSetup setup;
  for (int s = 0; s < 2; ++s) setup.seats.push_back({"bot", decks[rng.below(decks.size())]});
  setup.seed = testsupport::seed_from_number(900000 + n);
  return setup;
}

// 40 games in Release (~1,700 positions each, about 4 s: every position is
// saved, loaded, saved again and hashed); fewer under sanitizers and in Debug
// builds. CONCORD_BOT_GAMES overrides both. Before the fixes 222 of these 40
// games' 67,297 positions were refused (1,379 of the first 300 games' 482,028);
// after them 1,300 games (2.1 million positions) pass.
int roundtrip_games() {
#ifdef NDEBUG
  return testsupport::bot_game_count(40, 3);
#else
  return testsupport::bot_game_count(3, 3);
#endif
}

TEST(EvePositionRoundTrip, EveryPositionOf40RandomTwoSeatGamesReadsBackToTheSameState) {
  const auto def = definition();
  const int games = roundtrip_games();
  long positions = 0;
  for (int n = 0; n < games; ++n) {
    rules::Rng bot(testsupport::seed_from_number(3000000 + n));
    testsupport::BotPlayOptions opt;
    opt.max_commands = 400000;
    opt.hash_before = false;
    opt.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted) return;
      ++positions;
      const std::string text = save_position(eve(step.match));
      std::string error;
      const auto again = load_position(text, &error);
      ASSERT_NE(again, nullptr) << "game " << n << " after " << step.command.to_text() << ": " << error << "\n"
                                << text;
      ASSERT_EQ(save_position(*again), text) << "game " << n;
      ASSERT_EQ(again->state_hash(), step.match.state_hash()) << "game " << n << "\n" << text;
    };
    const auto game = testsupport::play_random(def, two_seat_setup(n), bot, opt);
    if (HasFatalFailure()) return;
    ASSERT_TRUE(game.match && game.match->finished()) << "game " << n;
  }
  std::cout << games << " games, " << positions << " positions read back\n";
}

// Loads what m saves and expects the same text and hash; returns the copy.
std::unique_ptr<EveMatch> reloaded(const EveMatch& m) {
  const std::string text = save_position(m);
  std::string error;
  auto again = load_position(text, &error);
  EXPECT_NE(again, nullptr) << error << "\n" << text;
  if (!again) return nullptr;
  EXPECT_EQ(save_position(*again), text);
  EXPECT_EQ(again->state_hash(), m.state_hash());
  return again;
}

// Errata: "Enemy home regions: You may not end your turn controlling a ship
// that is in another player's region. If such a ship remains in an enemy
// region, you must withdraw it." No attack is resolved then, so no `combat`
// line carries must_withdraw=yes; the position was refused ("prompt withdraw
// needs the withdrawal step"). A `withdraw` prompt without one is forced.
TEST(EvePositionRoundTrip, TheEndOfTurnForcedWithdrawalReadsBack) {
  auto m = position(R"(seats 2
turn 5
active 0
phase end_of_turn end
seat 0 base=holder_tower
seat 1 base=caldari_control_tower
ship home1 0 bestower#1
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  for (int i = 0; i < 8 && m->state().pending == Pending::Priority; ++i) ok(*m, m->state().prompt_seat, pick("pass"));
  ASSERT_EQ(m->state().phase, Phase::EndOfTurn);
  ASSERT_EQ(m->state().pending, Pending::Withdraw);
  auto again = reloaded(*m);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->state().combat.must_withdraw);
  EXPECT_EQ(again->prompt(0), m->prompt(0));  // forced: no `done`
  EXPECT_FALSE(offers(*again, 0, "done"));
  ok(*again, 0, pick("c1@docks"));
  ok(*m, 0, pick("c1@docks"));
  EXPECT_EQ(again->state_hash(), m->state_hash());
}

// Remnant of Vak'atioth: "Draw X cards, then discard X cards." X is what its
// player pays (the FAQ's example pays 10), so the open choice may discard more
// than seven cards; `choice discard 0 8 c1` was refused (count 1..7). The
// count is now bounded by the hand instead.
TEST(EvePositionRoundTrip, ADiscardOfMoreThanSevenCardsReadsBack) {
  auto m = position(R"(seats 2
turn 6
active 0
seat 0 base=gallente_control_tower wallet=8
seat 1 base=caldari_control_tower
hand 0 remnant_of_vakatioth#1 velator#2
market 0 tristan incursus veldspar omber tristan incursus veldspar omber velator
market 1 omber
)");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1", 8));
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  ASSERT_EQ(m->state().pending, Pending::Choice);
  ASSERT_EQ(m->state().choice.count, 8);
  auto again = reloaded(*m);
  ASSERT_TRUE(again);
  const auto p = again->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->min_choices, 8u);
  EXPECT_EQ(p, m->prompt(0));
  // The engine asks for min(X, hand size) cards: never more than the hand holds.
  std::string text = save_position(*m);
  const auto hand = text.find("\nhand 0 ");
  ASSERT_NE(hand, std::string::npos);
  text.replace(hand, 8, "\nscrapheap 0 ");  // the hand's cards to the scrapheap (lists append)
  std::string error;
  EXPECT_EQ(load_position(text, &error), nullptr) << text;
  EXPECT_NE(error.find("choice discard needs at least that many cards"), std::string::npos) << error;
}

// "Orders available to characters apply to the ships they pilot" (L35). When
// the pilot leaves and the ship stays (Ahremen Arkah: "Sacrifice Ahremen
// Arkah: ..."), the ship keeps the tab of the pilot's order, which it no longer
// has and does not execute; `order=patrol` on an Executioner was refused.
TEST(EvePositionRoundTrip, AShipKeepingItsLeftPilotsOrderReadsBack) {
  auto m = position(R"(seats 2
turn 6
active 0
seat 0 base=holder_tower
seat 1 base=gallente_control_tower
region aridia owner=0 controller=0
ship aridia 0 executioner#1 pilot=c2 order=patrol
pilot 0 ahremen_arkah#2
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->executing_orders(0), std::vector<OrderKind>{OrderKind::Patrol});
  ok(*m, 0, pick("ability:c2:0"));
  ASSERT_EQ(m->state().cards[0].pilot, -1);
  ASSERT_EQ(m->state().cards[0].order, "patrol");
  auto again = reloaded(*m);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->executing_orders(0).empty());
  // Only ships in regions: a docked ship has no order (EveMatch::put_in_docks).
  std::string error;
  EXPECT_EQ(load_position("seats 2\nseat 0 base=holder_tower\nseat 1 base=holder_tower\n"
                          "dock 0 executioner order=patrol\n",
                          &error),
            nullptr);
  EXPECT_NE(error.find("has no order 'patrol'"), std::string::npos) << error;
}

}  // namespace
}  // namespace concord::eve
