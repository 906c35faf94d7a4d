// The director's pure helpers (server/src/tournament_state.hpp): game tags,
// who sits first in each game of a table, results to sides, and a tournament
// and its top cut rebuilt from stored records.
#include <gtest/gtest.h>

#include "tournament_state.hpp"
#include "wire_convert.hpp"

namespace concord::server {
namespace {

using persistence::TableRecord;
using persistence::TournamentGameRecord;

TEST(GameTag, RoundTripsAndRefusesAnythingElse) {
  const GameTag tag{42, 3, 7, 2};
  EXPECT_EQ(tag.text(), "t42/r3/t7/g2");
  const auto back = GameTag::parse(tag.text());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->tournament, 42);
  EXPECT_EQ(back->round, 3);
  EXPECT_EQ(back->table, 7);
  EXPECT_EQ(back->game, 2);
  for (const char* bad : {"", "t42", "t42/r3/t7", "t42/r3/t7/g2/", "x42/r3/t7/g2", "t-1/r3/t7/g2", "t42/r3/t7/g",
                          "t42/r3/t7/g2x", "t42/r3/t7/g999"}) {
    EXPECT_FALSE(GameTag::parse(bad)) << bad;
  }
}

EventRecords two_player_event(int best_of) {
  EventRecords e;
  e.config.best_of = best_of;
  e.entrants = {{10, "ann", 0, 1, false, ""}, {20, "ben", 1, 1, false, ""}};
  e.tables = {{1, 1, false, 10, 20, std::nullopt, false}};
  return e;
}

TEST(FirstSeat, TheLoserOfAGameSitsFirstInTheNextAndADrawSwapsTheSeats) {
  auto e = two_player_event(5);
  const auto& table = e.tables.front();
  EXPECT_EQ(first_seat_of(e, table, 1), 10) << "game 1: the table's first player";
  e.games.push_back({1, 1, 1, "r1", 1, "first", ""});  // ann won: ben sits first
  EXPECT_EQ(first_seat_of(e, table, 2), 20);
  e.games.push_back({1, 1, 2, "r2", 2, "first", ""});  // ann won again: ben still first
  EXPECT_EQ(first_seat_of(e, table, 3), 20);
  e.games.push_back({1, 1, 3, "r3", 3, "draw", ""});  // a draw: the seats swap
  EXPECT_EQ(first_seat_of(e, table, 4), 10);
}

TEST(WinnerSide, SeatZeroIsWhoeverSatFirstInThatGame) {
  const TableRecord table{1, 1, false, 10, 20, std::nullopt, false};
  rules::MatchResult seat0{{0}, false, "bases_destroyed"};
  rules::MatchResult seat1{{1}, false, "conceded"};
  rules::MatchResult draw{{}, true, "time"};
  EXPECT_EQ(winner_side(table, 10, seat0), "first");
  EXPECT_EQ(winner_side(table, 10, seat1), "second");
  EXPECT_EQ(winner_side(table, 20, seat0), "second") << "ben sat first and won";
  EXPECT_EQ(winner_side(table, 20, seat1), "first");
  EXPECT_EQ(winner_side(table, 10, draw), "draw");
}

TEST(TableMatch, GamesMakeTheMatchAndAByeIsATwoNilWin) {
  auto e = two_player_event(3);
  e.games.push_back({1, 1, 1, "r1", 1, "second", ""});
  EXPECT_FALSE(table_match(e, e.tables.front()).over());
  e.games.push_back({1, 1, 2, "r2", 2, "second", ""});
  const auto match = table_match(e, e.tables.front());
  EXPECT_TRUE(match.over());
  EXPECT_EQ(match.outcome(), tournament::MatchOutcome::SecondWins);
  const TableRecord bye{1, 2, false, 30, std::nullopt, std::nullopt, false};
  EXPECT_EQ(table_match(e, bye).wins(tournament::Side::First), 2);
}

TEST(Rebuild, TheSameRecordsGiveTheSameTournament) {
  auto e = two_player_event(1);
  e.record.seed_hex = std::string(64, 'a');
  e.games.push_back({1, 1, 1, "r1", 1, "first", ""});
  auto built = rebuild_tournament(e);
  ASSERT_TRUE(std::holds_alternative<tournament::Tournament>(built));
  const auto& t = std::get<tournament::Tournament>(built);
  ASSERT_EQ(t.rounds().size(), 1u);
  EXPECT_TRUE(t.rounds().front().complete());
  EXPECT_TRUE(t.finished()) << "two players: one Swiss round";
}

// The cut's seeds come from its first round's tables, so dropping a player
// afterwards does not reseed the bracket.
TEST(Rebuild, TheTopCutIsSeededByItsFirstRoundAndGoesOnFromItsResults) {
  EventRecords e;
  e.config.best_of = 1;
  e.config.top_cut = 4;
  // Seeds 1..4 are players 1..4: bracket 1 v 4, 2 v 3.
  e.tables = {{4, 1, true, 1, 4, std::nullopt, false}, {4, 2, true, 2, 3, std::nullopt, false}};
  e.games = {{4, 1, 1, "a", 1, "second", ""}, {4, 2, 1, "b", 2, "first", ""}};  // 4 beat 1; 2 beat 3
  auto cut = rebuild_top_cut(e);
  ASSERT_TRUE(cut);
  ASSERT_EQ(cut->rounds().size(), 2u) << "the final was paired";
  const auto& final_match = cut->current_round().front();
  EXPECT_EQ(final_match.higher_seed, 4);
  EXPECT_EQ(final_match.lower_seed, 2);
  EXPECT_FALSE(cut->champion());
}

// Recovery reads a stored match's result back (wire_convert.hpp).
TEST(ResultText, ReadsBackWhatWasWrittenAndRefusesOtherText) {
  for (const rules::MatchResult& result :
       {rules::MatchResult{{1}, false, "bases_destroyed"}, rules::MatchResult{{}, true, "time: round 2 ended"},
        rules::MatchResult{{0, 2}, false, "judge: match_loss for x (slow play)"}}) {
    const auto back = result_from_text(result_to_text(result));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->winners, result.winners);
    EXPECT_EQ(back->draw, result.draw);
    EXPECT_EQ(back->reason, result.reason);
  }
  for (const char* bad : {"", "winners=a draw=0 reason=", "draw=0 reason=x", "winners=1 reason=x", "winners=1,,2 draw=0 reason="}) {
    EXPECT_FALSE(result_from_text(bad)) << bad;
  }
}

}  // namespace
}  // namespace concord::server
