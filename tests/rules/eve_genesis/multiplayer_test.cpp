// Multiplayer Rules (Free-for-All) as far as this slice goes: turn order,
// the first Draw phase, concession and the last seat standing.
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

std::unique_ptr<EveMatch> three_seats(std::uint64_t seed) {
  auto m = std::make_unique<EveMatch>(
      CardDb::standard(),
      std::vector<rules::Deck>{standard_deck(Race::Amarr), standard_deck(Race::Caldari),
                               standard_deck(Race::Minmatar)},
      testsupport::seed_from_number(seed));
  for (int i = 0; i < 3; ++i) ok(*m, m->state().prompt_seat, picks({}));
  return m;
}

TEST(EveMultiplayer, ThePlayerWhoStartsDoesNotSkipHisFirstDrawPhase) {
  // "The player who starts the game does not skip his first Draw phase."
  auto m = three_seats(21);
  const SeatIndex a = m->state().active;
  pass_all(*m);
  pass_all(*m);
  ok(*m, a, pick("income"));
  pass_all(*m);
  EXPECT_EQ(m->state().phase, Phase::Management);
  EXPECT_EQ(m->state().seats[a].hand.size(), 8u);
}

TEST(EveMultiplayer, PlayersTakeTurnsClockwiseAndPriorityGoesAround) {
  // "players take turns clockwise from the player who starts the game"
  // (clockwise = table order: "Seats at the table are chosen randomly").
  auto m = three_seats(22);
  const SeatIndex a = m->state().active;
  const SeatIndex b = m->state().next_living(a), c = m->state().next_living(b);
  EXPECT_EQ(m->state().table_position(b), (m->state().table_position(a) + 1) % 3);
  ok(*m, a, pick("pass"));
  EXPECT_EQ(m->state().prompt_seat, b);
  ok(*m, b, pick("pass"));
  EXPECT_EQ(m->state().prompt_seat, c);
  ok(*m, c, pick("pass"));
  EXPECT_EQ(m->state().step, Step::Build);
}

TEST(EveMultiplayer, ConcedingSeatIsOutAndTheLastSeatStandingWins) {
  auto m = three_seats(23);
  const SeatIndex a = m->state().active;
  const SeatIndex b = m->state().next_living(a), c = m->state().next_living(b);
  ASSERT_TRUE(m->concede(b).accepted);
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(m->concede(b).rejection->code, "ALREADY_OUT");
  ok(*m, a, pick("pass"));
  EXPECT_EQ(m->state().prompt_seat, c);  // the seat that is out is skipped
  ASSERT_TRUE(m->concede(a).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{c});
  EXPECT_EQ(m->result()->reason, "conceded");
  EXPECT_EQ(m->concede(c).rejection->code, "MATCH_OVER");
}

TEST(EveMultiplayer, ActiveSeatConcedingPassesTheTurn) {
  auto m = three_seats(24);
  const SeatIndex a = m->state().active;
  const SeatIndex next = m->state().next_living(a);
  const int turn = m->state().turn;
  ASSERT_TRUE(m->concede(a).accepted);
  EXPECT_EQ(m->state().active, next);
  EXPECT_EQ(m->state().turn, turn + 1);
  EXPECT_EQ(m->state().step, Step::Duration);
}

TEST(EveMultiplayer, TwoSeatConcessionEndsTheMatch) {
  auto m = new_match(25);
  ASSERT_TRUE(m->concede(1).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{0});
  EXPECT_FALSE(m->prompt(0));
  rejected(*m, 0, picks({}), "NO_PROMPT");
}

}  // namespace
}  // namespace concord::eve
