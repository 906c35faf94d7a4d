// TournamentReader against a real PostgreSQL: an event written through the
// repositories (as the director writes it) is read back on a worker.
#include "tournament_reader.hpp"

#include <future>

#include "concord/persistence/journal.hpp"
#include "concord/persistence/tournament_repository.hpp"
#include "db_test.hpp"
#include "tournament_http.hpp"
#include "tournament_views.hpp"

namespace concord::persistence::test {
namespace {

using server::ReadError;
using server::ReadResult;
using server::TournamentReader;

// Waits for one read's result.
template <typename T>
class Waiter {
 public:
  std::function<void(ReadResult<T>)> callback() {
    return [this](ReadResult<T> result) { promise_.set_value(std::move(result)); };
  }
  ReadResult<T> get() {
    auto future = promise_.get_future();
    EXPECT_EQ(future.wait_for(std::chrono::seconds(30)), std::future_status::ready);
    return future.get();
  }

 private:
  std::promise<ReadResult<T>> promise_;
};

template <typename T>
T value_of(const ReadResult<T>& result) {
  if (const auto* error = std::get_if<ReadError>(&result)) {
    ADD_FAILURE() << "read failed: " << error->code << " " << error->message;
    return {};
  }
  return std::get<T>(result);
}

template <typename T>
std::string error_of(const ReadResult<T>& result) {
  const auto* error = std::get_if<ReadError>(&result);
  return error ? error->code : "";
}

class TournamentReaderTest : public DbTest {
 protected:
  void SetUp() override {
    DbTest::SetUp();
    olga_ = make_player("olga");
    alice_ = make_player("alice");
    bob_ = make_player("bob");
    carl_ = make_player("carl");
    TournamentRepository repo(*conn_);
    TournamentRecord record;
    record.name = "Friday Swiss";
    record.game = "everzone";
    record.organizer_id = olga_;
    record.settings = "game=everzone\nname=Friday Swiss\nformat=swiss\nbest_of=1\nstaff=\n";
    record.status = "registration";
    id_ = repo.create(record);
    repo.add_entrant(id_, {alice_, "", 0, 1, false, "deck a"});
    repo.add_entrant(id_, {bob_, "", 1, 1, false, "deck b"});
    repo.add_entrant(id_, {carl_, "", 2, 1, false, "deck c"});
    repo.start(id_, "abcdef", "c0ffee",
               {{1, 1, false, alice_, bob_, 1800000000000, false}, {1, 2, false, carl_, {}, {}, false}});
    repo.start_game(id_, {1, 1, 1, "room-1", {}, "", ""});
    repo.set_dropped(id_, carl_);
    pool_ = std::make_unique<WorkerPool>(config_, 1);
    reader_ = std::make_unique<TournamentReader>(*pool_);
  }
  void TearDown() override {
    reader_.reset();
    pool_.reset();
    DbTest::TearDown();
  }

  std::int64_t olga_ = 0, alice_ = 0, bob_ = 0, carl_ = 0, id_ = 0;
  std::unique_ptr<WorkerPool> pool_;
  std::unique_ptr<TournamentReader> reader_;
};

TEST_F(TournamentReaderTest, InfoAndListComeFromTheDatabase) {
  Waiter<v1::TournamentInfo> info;
  reader_->info(id_, info.callback());
  const auto event = value_of(info.get());
  EXPECT_EQ(event.tournament_id(), id_);
  EXPECT_EQ(event.status(), v1::TOURNAMENT_RUNNING);
  EXPECT_EQ(event.organizer(), "olga");
  EXPECT_EQ(event.settings().best_of(), 1u);
  ASSERT_EQ(event.entrants_size(), 3);
  EXPECT_TRUE(event.entrants(2).dropped());
  EXPECT_EQ(event.round(), 1u);
  EXPECT_EQ(event.planned_rounds(), 2u);
  EXPECT_EQ(event.seed_commitment(), "c0ffee");
  EXPECT_TRUE(event.seed_hex().empty());
  EXPECT_EQ(event.round_ends_unix_ms(), 1800000000000);

  Waiter<v1::TournamentInfo> missing;
  reader_->info(id_ + 1, missing.callback());
  EXPECT_EQ(error_of(missing.get()), "NO_SUCH_TOURNAMENT");

  Waiter<v1::TournamentList> list;
  reader_->list(list.callback());
  const auto all = value_of(list.get());
  ASSERT_EQ(all.tournaments_size(), 1);
  EXPECT_EQ(all.tournaments(0).entrants_size(), 0);
  EXPECT_EQ(all.tournaments(0).round(), 1u);
}

TEST_F(TournamentReaderTest, PairingsOfTheCurrentRoundAndByNumber) {
  Waiter<v1::Pairings> current;
  reader_->pairings(id_, 0, current.callback());
  const auto round = value_of(current.get());
  EXPECT_EQ(round.round(), 1u);
  ASSERT_EQ(round.tables_size(), 2);
  EXPECT_EQ(round.tables(0).first(), "alice");
  EXPECT_EQ(round.tables(0).second(), "bob");
  EXPECT_EQ(round.tables(0).room_id(), "room-1");
  EXPECT_FALSE(round.tables(0).over());
  EXPECT_TRUE(round.tables(1).over()) << "a bye";

  TournamentRepository(*conn_).record_game(id_, 1, 1, 1, "second", "");
  Waiter<v1::Pairings> after;
  reader_->pairings(id_, 1, after.callback());
  const auto decided = value_of(after.get());
  ASSERT_EQ(decided.tables_size(), 2);
  EXPECT_EQ(decided.tables(0).second_wins(), 1u);
  EXPECT_TRUE(decided.tables(0).over()) << "best of 1";
  EXPECT_TRUE(decided.tables(0).room_id().empty());

  Waiter<v1::Pairings> later;
  reader_->pairings(id_, 2, later.callback());
  EXPECT_EQ(error_of(later.get()), "NO_SUCH_ROUND");
  Waiter<v1::Pairings> too_far;
  reader_->pairings(id_, 1001, too_far.callback());
  EXPECT_EQ(error_of(too_far.get()), "NO_SUCH_ROUND");
}

TEST_F(TournamentReaderTest, StandingsSnapshotsAreParsedBack) {
  Waiter<v1::Standings> none;
  reader_->standings(id_, 0, none.callback());
  EXPECT_EQ(error_of(none.get()), "NO_STANDINGS_YET");

  tournament::Standing alice;
  alice.player = alice_;
  alice.rank = 1;
  alice.match_points = 3;
  alice.wins = 1;
  tournament::Standing bob;
  bob.player = bob_;
  bob.rank = 2;
  bob.losses = 1;
  const auto snapshot = server::standings_to_wire(id_, 1, {alice, bob}, {{alice_, "alice"}, {bob_, "bob"}});
  TournamentRepository(*conn_).save_standings(id_, 1, server::standings_to_json(snapshot));

  Waiter<v1::Standings> newest;
  reader_->standings(id_, 0, newest.callback());
  const auto read = value_of(newest.get());
  EXPECT_EQ(read.round(), 1u);
  ASSERT_EQ(read.entries_size(), 2);
  EXPECT_EQ(read.entries(0).username(), "alice");
  EXPECT_EQ(read.entries(0).match_points(), 3u);
  EXPECT_EQ(read.entries(1).losses(), 1u);

  Waiter<v1::Standings> round2;
  reader_->standings(id_, 2, round2.callback());
  EXPECT_EQ(error_of(round2.get()), "NO_SUCH_ROUND");

  TournamentRepository(*conn_).save_standings(id_, 2, "not json");
  Waiter<v1::Standings> broken;
  reader_->standings(id_, 2, broken.callback());
  EXPECT_EQ(error_of(broken.get()), "INTERNAL");
}

TEST_F(TournamentReaderTest, RatingsWithDefaultsAndHistory) {
  Waiter<v1::Rating> fresh;
  reader_->rating("Alice", "everzone", fresh.callback());
  const auto rating = value_of(fresh.get());
  EXPECT_EQ(rating.username(), "alice");
  EXPECT_DOUBLE_EQ(rating.rating(), 1500.0);
  EXPECT_DOUBLE_EQ(rating.deviation(), 350.0);
  EXPECT_DOUBLE_EQ(rating.volatility(), 0.06);
  EXPECT_EQ(rating.history_size(), 0);

  RatingRepository(*conn_).save({{alice_, "everzone", 1580.0, 250.0, 0.0601, 0, 0}});
  Waiter<v1::Rating> rated;
  reader_->rating("alice", "everzone", rated.callback());
  const auto after = value_of(rated.get());
  EXPECT_DOUBLE_EQ(after.rating(), 1580.0);
  ASSERT_EQ(after.history_size(), 1);
  EXPECT_GT(after.history(0).at_unix_ms(), 0);

  Waiter<v1::Rating> nobody;
  reader_->rating("nobody", "everzone", nobody.callback());
  EXPECT_EQ(error_of(nobody.get()), "NO_SUCH_PLAYER");
}

TEST_F(TournamentReaderTest, AnUnreachableDatabaseIsUnavailable) {
  cut_connections(true);
  Waiter<v1::TournamentInfo> info;
  reader_->info(id_, info.callback());
  EXPECT_EQ(error_of(info.get()), "UNAVAILABLE");
  cut_connections(false);
}

TEST_F(TournamentReaderTest, HttpDocumentsAndTheInFlightBound) {
  server::TournamentHttp http(*pool_, 8);
  EXPECT_TRUE(http.serves("/tournaments"));
  EXPECT_TRUE(http.serves("/tournaments/1"));
  EXPECT_FALSE(http.serves("/tournamentsx"));
  EXPECT_FALSE(http.serves("/healthz"));
  std::promise<std::pair<int, std::string>> done;
  http.get("/tournaments/" + std::to_string(id_) + "/pairings/1",
           [&done](int status, std::string body) { done.set_value({status, std::move(body)}); });
  const auto [status, body] = done.get_future().get();
  EXPECT_EQ(status, 200);
  EXPECT_NE(body.find("\"first\":\"alice\""), std::string::npos) << body;

  // A bound of zero: every read is refused at once with 503.
  server::TournamentHttp closed(*pool_, 0);
  std::promise<int> refused;
  closed.get("/tournaments", [&refused](int code, std::string) { refused.set_value(code); });
  EXPECT_EQ(refused.get_future().get(), 503);
}

}  // namespace
}  // namespace concord::persistence::test
