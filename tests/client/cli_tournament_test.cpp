// concord-cli: tournament-create parsing and the tournament formatters.
#include <gtest/gtest.h>

#include "cli_args.hpp"
#include "cli_format.hpp"

namespace concord::cli {
namespace {

TEST(CliTournament, CreateTakesSettingsOptionsAndStaff) {
  const auto create = parse_tournament_create(
      {"tournament-create", "everzone", "Friday Swiss", "format=round_robin", "best_of=1", "round_seconds=3000",
       "deck_required=yes", "unrated=true", "registration_closes_unix_ms=1700000000000", "option.clock=chess",
       "staff=jane,joe"});
  const auto& s = create.settings();
  EXPECT_EQ(s.game(), "everzone");
  EXPECT_EQ(s.name(), "Friday Swiss");
  EXPECT_EQ(s.format(), v1::FORMAT_ROUND_ROBIN);
  EXPECT_EQ(s.best_of(), 1u);
  EXPECT_EQ(s.round_seconds(), 3000u);
  EXPECT_TRUE(s.deck_required());
  EXPECT_TRUE(s.unrated());
  EXPECT_EQ(s.registration_closes_unix_ms(), 1700000000000);
  EXPECT_EQ(s.options().at("clock"), "chess");
  ASSERT_EQ(s.staff_size(), 2);
  EXPECT_EQ(s.staff(1), "joe");
  EXPECT_EQ(parse_tournament_create({"tournament-create", "g", "n", "format=FORMAT_SWISS"}).settings().format(),
            v1::FORMAT_SWISS);
}

TEST(CliTournament, CreateRejectsBadInput) {
  EXPECT_THROW(parse_tournament_create({"tournament-create", "everzone"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "colour=blue"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "best_of=three"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "best_of=-1"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "format=knockout"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "unrated=maybe"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "noequals"}), UsageError);
  EXPECT_THROW(parse_tournament_create({"tournament-create", "g", "n", "staff_list=a"}), UsageError);
}

v1::TournamentInfo friday() {
  v1::TournamentInfo info;
  info.set_tournament_id(5);
  auto* s = info.mutable_settings();
  s->set_game("everzone");
  s->set_name("Friday Swiss");
  s->set_format(v1::FORMAT_SWISS);
  s->set_best_of(3);
  s->set_max_players(512);
  s->set_no_show_seconds(600);
  (*s->mutable_options())["clock"] = "chess";
  s->add_staff("jane");
  info.set_status(v1::TOURNAMENT_RUNNING);
  info.set_organizer("olga");
  info.set_round(2);
  info.set_planned_rounds(3);
  info.set_seed_commitment("c0ffee");
  auto* alice = info.add_entrants();
  alice->set_username("alice");
  alice->set_first_round(1);
  auto* eve = info.add_entrants();
  eve->set_username("eve");
  eve->set_first_round(2);
  eve->set_dropped(true);
  return info;
}

TEST(CliTournament, TournamentLineAndDetails) {
  EXPECT_EQ(format_tournament(friday()),
            "tournament=5 game=everzone name=\"Friday Swiss\" status=RUNNING format=SWISS round=2/3 organizer=olga"
            " entrants=2");
  EXPECT_EQ(format_tournament_details(friday()),
            "  settings best_of=3 swiss_rounds=0 round_seconds=0 top_cut=0 max_players=512 deck_required=no"
            " late_entries=no no_show_seconds=600 extra_turns=0 unrated=no\n"
            "  option clock=\"chess\"\n"
            "  staff jane\n"
            "  commitment c0ffee\n"
            "  entrant alice\n"
            "  entrant eve from_round=2 dropped\n");
}

TEST(CliTournament, PairingsOneLinePerTable) {
  v1::Pairings pairings;
  pairings.set_tournament_id(5);
  pairings.set_round(2);
  auto* t1 = pairings.add_tables();
  t1->set_table(1);
  t1->set_first("alice");
  t1->set_second("dora");
  t1->set_second_wins(1);
  t1->set_draws(1);
  t1->set_room_id("r-e");
  t1->set_game(3);
  t1->set_ends_unix_ms(5000);
  auto* t2 = pairings.add_tables();
  t2->set_table(2);
  t2->set_first("eve");
  t2->set_first_wins(2);
  t2->set_over(true);
  EXPECT_EQ(format_pairings(pairings),
            "ok tournament=5 round=2 tables=2\n"
            "  table 1 alice 0-1-1 dora game=3 room=r-e ends=5000\n"
            "  table 2 eve 2-0-0 - bye over\n");
}

TEST(CliTournament, StandingsWithPercentages) {
  v1::Standings standings;
  standings.set_tournament_id(5);
  standings.set_round(2);
  auto* e = standings.add_entries();
  e->set_rank(1);
  e->set_username("alice");
  e->set_match_points(6);
  e->set_game_points(12);
  e->set_wins(2);
  e->set_omw_ppb(500000000);
  e->set_gwp_ppb(666666667);
  e->set_ogw_ppb(333333333);
  e->set_dropped(true);
  EXPECT_EQ(format_standings(standings),
            "ok tournament=5 round=2 players=1\n"
            "  1 alice points=6 games=12 record=2-0-0 byes=0 omw=50.00 gw=66.67 ogw=33.33 dropped\n");
}

TEST(CliTournament, RatingAndItsHistory) {
  v1::Rating rating;
  rating.set_username("alice");
  rating.set_game("everzone");
  rating.set_rating(1540.5);
  rating.set_deviation(280);
  rating.set_volatility(0.0599);
  auto* point = rating.add_history();
  point->set_rating(1540.5);
  point->set_deviation(280);
  point->set_volatility(0.0599);
  point->set_at_unix_ms(2000);
  point->set_match_id(42);
  EXPECT_EQ(format_rating(rating),
            "ok alice everzone rating=1540.5 deviation=280.0 volatility=0.05990 history=1\n"
            "  2000 rating=1540.5 deviation=280.0 volatility=0.05990 match=42\n");
}

TEST(CliTournament, Pushes) {
  v1::ServerMessage ready;
  auto* game = ready.mutable_tournament_game_ready();
  game->set_tournament_id(5);
  game->set_round(2);
  game->set_table(1);
  game->set_game(1);
  game->set_room_id("r-9");
  game->set_opponent("dora");
  game->set_no_show_unix_ms(7000);
  EXPECT_EQ(format_push(ready),
            "push tournament_game_ready tournament=5 round=2 table=1 game=1 room=r-9 opponent=dora no_show=7000\n");
  v1::ServerMessage round;
  round.mutable_tournament_round()->set_tournament_id(5);
  round.mutable_tournament_round()->set_round(3);
  round.mutable_tournament_round()->set_started(true);
  round.mutable_tournament_round()->set_bye(true);
  EXPECT_EQ(format_push(round), "push tournament_round tournament=5 round=3 started bye\n");
}

}  // namespace
}  // namespace concord::cli
