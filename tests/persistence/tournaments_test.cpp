// TournamentRepository and RatingRepository (migration 0005).
#include "concord/persistence/tournament_repository.hpp"
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

class TournamentsTest : public DbTest {
 protected:
  std::int64_t make_tournament(std::int64_t organizer) {
    TournamentRecord t;
    t.name = "Friday Swiss";
    t.game = "everzone";
    t.organizer_id = organizer;
    t.settings = "best_of=3\n";
    t.status = "registration";
    return TournamentRepository(*conn_).create(t);
  }
};

TEST_F(TournamentsTest, AnEventItsEntrantsRoundsAndGamesAreStoredAndReadBack) {
  const auto olga = make_player("olga");
  const auto alice = make_player("alice");
  const auto bob = make_player("bob");
  const auto carl = make_player("carl");
  TournamentRepository repo(*conn_);
  const auto id = make_tournament(olga);
  EXPECT_TRUE(repo.add_entrant(id, {alice, "", 0, 1, false, "deck a"}));
  EXPECT_TRUE(repo.add_entrant(id, {bob, "", 1, 1, false, "deck b"}));
  EXPECT_TRUE(repo.add_entrant(id, {carl, "", 2, 1, false, "deck c"}));
  EXPECT_FALSE(repo.add_entrant(id, {carl, "", 3, 1, false, "again"})) << "registered once";
  repo.start(id, "00ff", "c0ffee", {{1, 1, false, alice, bob, 1700000000000, false}, {1, 2, false, carl, {}, {}, false}});
  repo.start_game(id, {1, 1, 1, "room-1", {}, "", ""});
  repo.record_game(id, 1, 1, 1, "first", "bases_destroyed");
  repo.set_dropped(id, carl);
  const auto t = repo.get(id);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->status, "running");
  EXPECT_EQ(t->organizer, "olga");
  EXPECT_EQ(t->seed_commitment, "c0ffee");
  const auto entrants = repo.entrants(id);
  ASSERT_EQ(entrants.size(), 3u);
  EXPECT_EQ(entrants[0].username, "alice");
  EXPECT_EQ(entrants[2].deck_body, "deck c");
  EXPECT_TRUE(entrants[2].dropped);
  const auto tables = repo.tables(id);
  ASSERT_EQ(tables.size(), 2u);
  EXPECT_EQ(tables[0].ends_unix_ms, 1700000000000);
  EXPECT_FALSE(tables[1].second_id.has_value()) << "a bye";
  const auto games = repo.games(id);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].winner_side, "first");
  EXPECT_EQ(repo.list(true).size(), 1u);
  repo.set_status(id, "finished");
  EXPECT_TRUE(repo.list(true).empty());
  repo.save_standings(id, 1, "1 alice 3");
  repo.save_standings(id, 2, "1 alice 6");
  EXPECT_EQ(repo.standings(id, 0), "1 alice 6") << "the newest snapshot";
  EXPECT_EQ(repo.standings(id, 1), "1 alice 3");
}

TEST_F(TournamentsTest, RatingsKeepTheirHistory) {
  const auto alice = make_player("alice");
  RatingRepository ratings(*conn_);
  EXPECT_FALSE(ratings.get(alice, "everzone"));
  ratings.save({{alice, "everzone", 1520.0, 300.0, 0.06, 0, 0}});
  ratings.save({{alice, "everzone", 1540.5, 280.0, 0.0599, 0, 0}});
  const auto now = ratings.get(alice, "everzone");
  ASSERT_TRUE(now);
  EXPECT_DOUBLE_EQ(now->rating, 1540.5);
  const auto history = ratings.history(alice, "everzone", 10);
  ASSERT_EQ(history.size(), 2u);
  EXPECT_DOUBLE_EQ(history.front().rating, 1520.0);
}

TEST_F(TournamentsTest, OrganizersAreGrantedAndRevoked) {
  const auto root = make_player("root");
  const auto olga = make_player("olga");
  TournamentRepository repo(*conn_);
  repo.grant_organizer(olga, root);
  EXPECT_EQ(repo.organizers(), (std::set<std::int64_t>{olga}));
  repo.revoke_organizer(olga);
  EXPECT_TRUE(repo.organizers().empty());
}

}  // namespace
}  // namespace concord::persistence::test
