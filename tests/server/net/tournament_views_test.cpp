// The read side of tournaments: wire messages built from hand-made records.
#include "tournament_views.hpp"

#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include "tournament_config.hpp"
#include "tournament_http.hpp"

namespace concord::server {
namespace {

using persistence::EntrantRecord;
using persistence::TableRecord;
using persistence::TournamentGameRecord;
using persistence::TournamentRecord;

constexpr std::int64_t kAlice = 11, kBob = 12, kCarl = 13, kDora = 14, kEve = 15;

TournamentRecord friday(const std::string& status, tournament::Format format = tournament::Format::Swiss,
                        int swiss_rounds = 0) {
  TournamentConfig config;
  config.game = "everzone";
  config.name = "Friday Swiss";
  config.format = format;
  config.swiss_rounds = swiss_rounds;
  config.round_seconds = 3000;
  config.options["clock"] = "chess";
  config.staff = {"jane"};
  TournamentRecord record;
  record.id = 7;
  record.name = config.name;
  record.game = config.game;
  record.organizer_id = 1;
  record.organizer = "olga";
  record.settings = config_to_text(config);
  record.status = status;
  record.seed_hex = "00112233";
  record.seed_commitment = "c0ffee";
  record.created_unix_ms = 1700000000000;
  return record;
}

std::vector<EntrantRecord> five_entrants() {
  return {{kAlice, "alice", 0, 1, false, ""},
          {kBob, "bob", 1, 1, false, ""},
          {kCarl, "carl", 2, 1, true, ""},
          {kDora, "dora", 3, 1, false, ""},
          {kEve, "eve", 4, 2, false, ""}};  // a late entry
}

std::map<std::int64_t, std::string> names() {
  return {{kAlice, "alice"}, {kBob, "bob"}, {kCarl, "carl"}, {kDora, "dora"}, {kEve, "eve"}};
}

std::vector<TableRecord> two_rounds() {
  return {{1, 1, false, kAlice, kBob, 1000, true},
          {1, 2, false, kCarl, kDora, 1000, true},
          {1, 3, false, kEve, std::nullopt, std::nullopt, false},
          {2, 1, false, kAlice, kDora, 5000, false},
          {2, 2, false, kBob, kEve, 9000, true},
          {2, 3, false, kCarl, kDora, 7000, false}};
}

TEST(TournamentViews, StatusTextMapsToTheWireEnum) {
  EXPECT_EQ(status_from_text("announced"), v1::TOURNAMENT_ANNOUNCED);
  EXPECT_EQ(status_from_text("registration"), v1::TOURNAMENT_REGISTRATION);
  EXPECT_EQ(status_from_text("registration_closed"), v1::TOURNAMENT_REGISTRATION_CLOSED);
  EXPECT_EQ(status_from_text("running"), v1::TOURNAMENT_RUNNING);
  EXPECT_EQ(status_from_text("top_cut"), v1::TOURNAMENT_TOP_CUT);
  EXPECT_EQ(status_from_text("finished"), v1::TOURNAMENT_FINISHED);
  EXPECT_EQ(status_from_text("cancelled"), v1::TOURNAMENT_CANCELLED);
  EXPECT_EQ(status_from_text("bogus"), v1::TOURNAMENT_STATUS_UNSPECIFIED);
}

TEST(TournamentViews, InfoBeforeTheStartHasNoRoundAndNoSeed) {
  auto record = friday("registration");
  record.seed_commitment.clear();
  const auto info = info_from_records(record, five_entrants(), {}, true);
  EXPECT_EQ(info.tournament_id(), 7);
  EXPECT_EQ(info.status(), v1::TOURNAMENT_REGISTRATION);
  EXPECT_EQ(info.organizer(), "olga");
  EXPECT_EQ(info.settings().game(), "everzone");
  EXPECT_EQ(info.settings().name(), "Friday Swiss");
  EXPECT_EQ(info.settings().round_seconds(), 3000u);
  EXPECT_EQ(info.settings().options().at("clock"), "chess");
  ASSERT_EQ(info.settings().staff_size(), 1);
  EXPECT_EQ(info.settings().staff(0), "jane");
  EXPECT_EQ(info.round(), 0u);
  EXPECT_EQ(info.planned_rounds(), 0u) << "not known before the start";
  EXPECT_EQ(info.round_ends_unix_ms(), 0);
  EXPECT_TRUE(info.seed_hex().empty());
  ASSERT_EQ(info.entrants_size(), 5);
  EXPECT_EQ(info.entrants(2).username(), "carl");
  EXPECT_TRUE(info.entrants(2).dropped());
  EXPECT_EQ(info.entrants(4).first_round(), 2u);
}

TEST(TournamentViews, InfoOfARunningEventKeepsTheSeedSecret) {
  const auto info = info_from_records(friday("running"), five_entrants(), two_rounds(), false);
  EXPECT_EQ(info.status(), v1::TOURNAMENT_RUNNING);
  EXPECT_EQ(info.entrants_size(), 0) << "without entrants";
  EXPECT_EQ(info.round(), 2u);
  EXPECT_EQ(info.planned_rounds(), 2u) << "ceil(log2(4)): four entrants from round 1";
  EXPECT_EQ(info.seed_commitment(), "c0ffee");
  EXPECT_TRUE(info.seed_hex().empty());
  EXPECT_EQ(info.round_ends_unix_ms(), 7000) << "the latest limit of the round's tables still playing";
}

TEST(TournamentViews, TheSeedIsRevealedWhenTheEventIsOver) {
  for (const char* status : {"finished", "cancelled"}) {
    const auto info = info_from_records(friday(status), five_entrants(), two_rounds(), true);
    EXPECT_EQ(info.seed_hex(), "00112233") << status;
    EXPECT_EQ(info.seed_commitment(), "c0ffee") << status;
  }
}

TEST(TournamentViews, PlannedRoundsFollowTheSettingsAndTheFormat) {
  EXPECT_EQ(info_from_records(friday("running", tournament::Format::Swiss, 5), five_entrants(), two_rounds(), false)
                .planned_rounds(),
            5u);
  EXPECT_EQ(info_from_records(friday("registration", tournament::Format::Swiss, 5), five_entrants(), {}, false)
                .planned_rounds(),
            5u)
      << "fixed by the organizer";
  auto entrants = five_entrants();
  EXPECT_EQ(info_from_records(friday("running", tournament::Format::RoundRobin), entrants, two_rounds(), false)
                .planned_rounds(),
            3u)
      << "4 players: n - 1";
  entrants[4].first_round = 1;
  EXPECT_EQ(info_from_records(friday("running", tournament::Format::RoundRobin), entrants, two_rounds(), false)
                .planned_rounds(),
            5u)
      << "5 players: n";
  EXPECT_EQ(info_from_records(friday("running"), entrants, two_rounds(), false).planned_rounds(), 3u)
      << "ceil(log2(5))";
}

TEST(TournamentViews, AnUnreadableSettingsTextStillNamesTheEvent) {
  auto record = friday("running");
  record.settings = "no equals sign";
  const auto info = info_from_records(record, five_entrants(), two_rounds(), false);
  EXPECT_EQ(info.settings().name(), "Friday Swiss");
  EXPECT_EQ(info.settings().game(), "everzone");
  EXPECT_EQ(info.round(), 2u);
}

TEST(TournamentViews, PairingsCountGamesAndShowTheGameInProgress) {
  const std::vector<TournamentGameRecord> games = {
      {1, 1, 1, "r-a", 100, "first", ""},  {1, 1, 2, "r-b", 101, "first", ""},
      {2, 1, 1, "r-c", 102, "second", ""}, {2, 1, 2, "r-d", 103, "draw", ""},
      {2, 1, 3, "r-e", {}, "", ""},        {2, 3, 1, "r-f", 104, "second", ""},
      {2, 3, 2, "r-g", 105, "second", ""},
  };
  const auto round2 = pairings_from_records(7, 2, two_rounds(), games, names(), 3);
  EXPECT_EQ(round2.tournament_id(), 7);
  EXPECT_EQ(round2.round(), 2u);
  EXPECT_FALSE(round2.top_cut());
  ASSERT_EQ(round2.tables_size(), 3);
  const auto& t1 = round2.tables(0);
  EXPECT_EQ(t1.table(), 1u);
  EXPECT_EQ(t1.first(), "alice");
  EXPECT_EQ(t1.second(), "dora");
  EXPECT_EQ(t1.first_wins(), 0u);
  EXPECT_EQ(t1.second_wins(), 1u);
  EXPECT_EQ(t1.draws(), 1u);
  EXPECT_FALSE(t1.over());
  EXPECT_EQ(t1.room_id(), "r-e");
  EXPECT_EQ(t1.game(), 3u);
  EXPECT_EQ(t1.ends_unix_ms(), 5000);
  const auto& t2 = round2.tables(1);
  EXPECT_TRUE(t2.over()) << "ended by time with no game";
  EXPECT_TRUE(t2.room_id().empty());
  EXPECT_EQ(t2.game(), 0u);
  const auto& t3 = round2.tables(2);
  EXPECT_EQ(t3.second_wins(), 2u);
  EXPECT_TRUE(t3.over()) << "2 of 3 won";
  EXPECT_TRUE(t3.room_id().empty());

  const auto round1 = pairings_from_records(7, 1, two_rounds(), games, names(), 3);
  ASSERT_EQ(round1.tables_size(), 3);
  EXPECT_EQ(round1.tables(0).first_wins(), 2u);
  const auto& bye = round1.tables(2);
  EXPECT_EQ(bye.first(), "eve");
  EXPECT_TRUE(bye.second().empty()) << "a bye";
  EXPECT_TRUE(bye.over());
  EXPECT_EQ(bye.ends_unix_ms(), 0);
}

TEST(TournamentViews, BestOfOneIsOverAfterOneWinAndTopCutIsFlagged) {
  const std::vector<TableRecord> tables = {{3, 1, true, kAlice, kBob, std::nullopt, false},
                                           {3, 2, true, kDora, kCarl, std::nullopt, false}};
  const std::vector<TournamentGameRecord> games = {{3, 1, 1, "r-1", 1, "second", ""}, {3, 2, 1, "r-2", {}, "", ""}};
  const auto pairings = pairings_from_records(7, 3, tables, games, names(), 1);
  EXPECT_TRUE(pairings.top_cut());
  ASSERT_EQ(pairings.tables_size(), 2);
  EXPECT_TRUE(pairings.tables(0).over());
  EXPECT_FALSE(pairings.tables(1).over());
  EXPECT_EQ(pairings.tables(1).room_id(), "r-2");
  EXPECT_EQ(pairings_from_records(7, 4, tables, games, names(), 1).tables_size(), 0) << "no such round";
}

TEST(TournamentViews, AnUnknownPlayerShowsAsTheirId) {
  const std::vector<TableRecord> tables = {{1, 1, false, kAlice, 99, std::nullopt, false}};
  const auto pairings = pairings_from_records(7, 1, tables, {}, names(), 3);
  ASSERT_EQ(pairings.tables_size(), 1);
  EXPECT_EQ(pairings.tables(0).second(), "#99");
}

std::vector<tournament::Standing> two_standings() {
  tournament::Standing alice;
  alice.player = kAlice;
  alice.rank = 1;
  alice.match_points = 6;
  alice.game_points = 12;
  alice.wins = 2;
  alice.byes = 1;
  alice.omw = 500000000;
  alice.gwp = 666666667;
  alice.ogw = tournament::kRateFloor;
  tournament::Standing bob;
  bob.player = kBob;
  bob.rank = 2;
  bob.match_points = 1;
  bob.draws = 1;
  bob.losses = 1;
  bob.dropped = true;
  return {alice, bob};
}

TEST(TournamentViews, StandingsToWire) {
  const auto standings = standings_to_wire(7, 2, two_standings(), names());
  EXPECT_EQ(standings.tournament_id(), 7);
  EXPECT_EQ(standings.round(), 2u);
  ASSERT_EQ(standings.entries_size(), 2);
  const auto& a = standings.entries(0);
  EXPECT_EQ(a.rank(), 1u);
  EXPECT_EQ(a.username(), "alice");
  EXPECT_EQ(a.match_points(), 6u);
  EXPECT_EQ(a.game_points(), 12u);
  EXPECT_EQ(a.wins(), 2u);
  EXPECT_EQ(a.byes(), 1u);
  EXPECT_EQ(a.omw_ppb(), 500000000);
  EXPECT_EQ(a.gwp_ppb(), 666666667);
  EXPECT_EQ(a.ogw_ppb(), 333333333);
  const auto& b = standings.entries(1);
  EXPECT_EQ(b.username(), "bob");
  EXPECT_EQ(b.draws(), 1u);
  EXPECT_EQ(b.losses(), 1u);
  EXPECT_TRUE(b.dropped());
}

TEST(TournamentViews, StandingsSurviveTheJsonSnapshot) {
  const auto standings = standings_to_wire(7, 2, two_standings(), names());
  const auto json = standings_to_json(standings);
  EXPECT_NE(json.find("\"match_points\":6"), std::string::npos) << json;
  EXPECT_NE(json.find("\"draws\":0"), std::string::npos) << "zeros are printed: " << json;
  EXPECT_NE(json.find("\"omw_ppb\":\"500000000\""), std::string::npos) << "int64 as a string: " << json;
  const auto back = standings_from_json(json);
  ASSERT_TRUE(back);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(*back, standings));
  EXPECT_FALSE(standings_from_json("1 alice 6"));
  EXPECT_FALSE(standings_from_json(""));
  EXPECT_TRUE(standings_from_json("{\"round\": 3, \"added_later\": true}")) << "unknown fields are skipped";
}

TEST(TournamentViews, RatingDefaultsAndHistory) {
  const auto fresh = rating_to_wire("alice", "everzone", std::nullopt, {});
  EXPECT_EQ(fresh.username(), "alice");
  EXPECT_EQ(fresh.game(), "everzone");
  EXPECT_DOUBLE_EQ(fresh.rating(), 1500.0);
  EXPECT_DOUBLE_EQ(fresh.deviation(), 350.0);
  EXPECT_DOUBLE_EQ(fresh.volatility(), 0.06);
  EXPECT_EQ(fresh.history_size(), 0);

  const persistence::RatingRecord now{kAlice, "everzone", 1540.5, 280.0, 0.0599, 0, 2000};
  const std::vector<persistence::RatingRecord> history = {{kAlice, "everzone", 1520.0, 300.0, 0.06, 41, 1000},
                                                          {kAlice, "everzone", 1540.5, 280.0, 0.0599, 42, 2000}};
  const auto rated = rating_to_wire("alice", "everzone", now, history);
  EXPECT_DOUBLE_EQ(rated.rating(), 1540.5);
  EXPECT_DOUBLE_EQ(rated.deviation(), 280.0);
  EXPECT_DOUBLE_EQ(rated.volatility(), 0.0599);
  ASSERT_EQ(rated.history_size(), 2);
  EXPECT_DOUBLE_EQ(rated.history(0).rating(), 1520.0);
  EXPECT_EQ(rated.history(0).match_id(), 41);
  EXPECT_EQ(rated.history(1).at_unix_ms(), 2000);
}

TEST(TournamentHttpPaths, TheDocumentsAndTheirIdsAreParsedStrictly) {
  using Kind = TournamentPath::Kind;
  const auto list = parse_tournament_path("/tournaments");
  ASSERT_TRUE(list);
  EXPECT_EQ(list->kind, Kind::List);
  const auto info = parse_tournament_path("/tournaments/42");
  ASSERT_TRUE(info);
  EXPECT_EQ(info->kind, Kind::Info);
  EXPECT_EQ(info->id, 42);
  const auto pairings = parse_tournament_path("/tournaments/42/pairings/3");
  ASSERT_TRUE(pairings);
  EXPECT_EQ(pairings->kind, Kind::Pairings);
  EXPECT_EQ(pairings->round, 3);
  const auto current = parse_tournament_path("/tournaments/42/pairings");
  ASSERT_TRUE(current);
  EXPECT_EQ(current->round, 0);
  const auto standings = parse_tournament_path("/tournaments/42/standings");
  ASSERT_TRUE(standings);
  EXPECT_EQ(standings->kind, Kind::Standings);
  EXPECT_EQ(standings->round, 0);
  const auto after = parse_tournament_path("/tournaments/42/standings/1000");
  ASSERT_TRUE(after);
  EXPECT_EQ(after->round, 1000);
  EXPECT_EQ(parse_tournament_path("/tournaments/999999999999999999")->id, 999999999999999999);
  for (const char* bad : {"/tournaments/", "/tournamentsx", "/tournaments/0", "/tournaments/01", "/tournaments/+1",
                          "/tournaments/-1", "/tournaments/1e3", "/tournaments/ 1", "/tournaments/1/",
                          "/tournaments/1/pairings/", "/tournaments/1/pairings/1001", "/tournaments/1/pairings/01",
                          "/tournaments/1/pairings/-1", "/tournaments/1/rooms", "/tournaments/1/pairings/1/2",
                          "/tournaments/1000000000000000000", "/tournaments//1", "/healthz"}) {
    EXPECT_FALSE(parse_tournament_path(bad)) << bad;
  }
  EXPECT_FALSE(parse_tournament_path("/tournaments/1/pairings/" + std::string(200, '1')));
}

TEST(TournamentHttpPaths, ErrorsAreSmallJsonObjects) {
  EXPECT_EQ(json_error("NO_SUCH_TOURNAMENT", "no tournament 5"),
            "{\"code\":\"NO_SUCH_TOURNAMENT\",\"message\":\"no tournament 5\"}");
  EXPECT_EQ(json_error("X", "a \"quote\"\\ and\n\x01"),
            "{\"code\":\"X\",\"message\":\"a \\\"quote\\\"\\\\ and\\n\\u0001\"}");
  EXPECT_EQ(http_status_of("NO_SUCH_TOURNAMENT"), 404);
  EXPECT_EQ(http_status_of("NO_SUCH_ROUND"), 404);
  EXPECT_EQ(http_status_of("NO_STANDINGS_YET"), 404);
  EXPECT_EQ(http_status_of("UNAVAILABLE"), 503);
  EXPECT_EQ(http_status_of("INTERNAL"), 500);
}

}  // namespace
}  // namespace concord::server
