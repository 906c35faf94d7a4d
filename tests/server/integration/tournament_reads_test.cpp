// The tournament reads over both doors of a real server: the JSON documents
// on the HTTP port and the WebSocket requests (GetTournament, GetPairings,
// GetStandings, GetRating, ListTournaments). The event is written straight
// into the test database through the repositories, as the director would:
// the reads must come from the database alone.
#include <google/protobuf/util/json_util.h>
#include <pqxx/pqxx>

#include <atomic>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

#include "concord/persistence/repositories.hpp"
#include "concord/persistence/tournament_repository.hpp"
#include "harness.hpp"

namespace concord::testing {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using asio::ip::tcp;
using namespace concord::persistence;

struct HttpReply {
  int status = 0;
  std::string content_type;
  std::string cache_control;
  std::string body;
};

HttpReply fetch(unsigned short port, const std::string& target, http::verb method = http::verb::get) {
  asio::io_context ioc;
  boost::beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(10));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> request{method, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.prepare_payload();
  http::write(stream, request);
  boost::beast::flat_buffer buffer;
  http::response<http::string_body> response;
  http::read(stream, buffer, response);
  return {static_cast<int>(response.result_int()), std::string(response[http::field::content_type]),
          std::string(response[http::field::cache_control]), response.body()};
}

template <typename T>
T parse_json(const std::string& json) {
  T out;
  const auto status = google::protobuf::util::JsonStringToMessage(json, &out);
  EXPECT_TRUE(status.ok()) << status.ToString() << "\n" << json;
  return out;
}

constexpr const char* kSettings =
    "game=test_highcard\nname=Friday Swiss\nformat=swiss\nswiss_rounds=0\nbest_of=3\nround_seconds=3000\ntop_cut=0\n"
    "registration_closes=0\nmax_players=512\ndeck_required=0\nlate_entries=0\nno_show_seconds=10\nextra_turns=0\n"
    "unrated=0\nstaff=\n";

class TournamentReadsTest : public ServerTest {
 protected:
  // olga organizes; alice, bob, carl and dora play; round 1 is over
  // (standings stored), round 2 is being played.
  void SetUp() override {
    ServerTest::SetUp();
    alice_ = player("alice");
    for (const auto* name : {"olga", "bob", "carl", "dora"}) player(name);
    pqxx::connection conn(database_);
    PlayerRepository players(conn);
    for (const auto* name : {"olga", "alice", "bob", "carl", "dora"}) ids_[name] = players.find_by_username(name)->id;
    TournamentRepository repo(conn);
    TournamentRecord record;
    record.name = "Friday Swiss";
    record.game = "test_highcard";
    record.organizer_id = ids_["olga"];
    record.settings = kSettings;
    record.status = "registration";
    id_ = repo.create(record);
    int order = 0;
    for (const auto* name : {"alice", "bob", "carl", "dora"}) {
      repo.add_entrant(id_, {ids_[name], "", order++, 1, false, "deck"});
    }
    repo.start(id_, "5eed5eed", "c0mm17", {{1, 1, false, ids_["alice"], ids_["bob"], std::nullopt, false},
                                          {1, 2, false, ids_["carl"], ids_["dora"], std::nullopt, false}});
    repo.start_game(id_, {1, 1, 1, "room-1a", {}, "", ""});
    repo.record_game(id_, 1, 1, 1, "first", "");
    repo.start_game(id_, {1, 1, 2, "room-1b", {}, "", ""});
    repo.record_game(id_, 1, 1, 2, "first", "");
    repo.start_game(id_, {1, 2, 1, "room-1c", {}, "", ""});
    repo.record_game(id_, 1, 2, 1, "second", "");
    repo.start_game(id_, {1, 2, 2, "room-1d", {}, "", ""});
    repo.record_game(id_, 1, 2, 2, "second", "");
    repo.save_standings(id_, 1,
                        R"({"tournament_id":")" + std::to_string(id_) +
                            R"(","round":1,"entries":[{"rank":1,"username":"alice","match_points":3},)"
                            R"({"rank":2,"username":"dora","match_points":3}]})");
    repo.add_round(id_, {{2, 1, false, ids_["alice"], ids_["dora"], 4102444800000, false},
                         {2, 2, false, ids_["bob"], ids_["carl"], 4102444800000, false}});
    repo.start_game(id_, {2, 1, 1, "room-2a", {}, "", ""});
    RatingRepository(conn).save({{ids_["alice"], "test_highcard", 1620.5, 210.0, 0.059, 0, 0}});
  }

  std::unique_ptr<Client> alice_;
  std::map<std::string, std::int64_t> ids_;
  std::int64_t id_ = 0;
};

TEST_F(TournamentReadsTest, HttpServesTheEventAsJson) {
  const auto port = server_->port();
  const auto list = fetch(port, "/tournaments");
  EXPECT_EQ(list.status, 200) << list.body;
  EXPECT_EQ(list.content_type, "application/json");
  EXPECT_EQ(list.cache_control, "no-store");
  const auto tournaments = parse_json<v1::TournamentList>(list.body);
  ASSERT_EQ(tournaments.tournaments_size(), 1);
  EXPECT_EQ(tournaments.tournaments(0).tournament_id(), id_);
  EXPECT_EQ(tournaments.tournaments(0).entrants_size(), 0) << "the list has no entrants";

  const auto one = fetch(port, "/tournaments/" + std::to_string(id_));
  EXPECT_EQ(one.status, 200) << one.body;
  EXPECT_NE(one.body.find("\"seed_hex\":\"\""), std::string::npos) << "printed empty: " << one.body;
  EXPECT_EQ(one.body.find("5eed5eed"), std::string::npos) << "the seed stays secret while running";
  EXPECT_NE(one.body.find("\"status\":\"TOURNAMENT_RUNNING\""), std::string::npos) << one.body;
  const auto info = parse_json<v1::TournamentInfo>(one.body);
  EXPECT_EQ(info.settings().name(), "Friday Swiss");
  EXPECT_EQ(info.settings().round_seconds(), 3000u);
  EXPECT_EQ(info.organizer(), "olga");
  EXPECT_EQ(info.entrants_size(), 4);
  EXPECT_EQ(info.round(), 2u);
  EXPECT_EQ(info.planned_rounds(), 2u);
  EXPECT_EQ(info.seed_commitment(), "c0mm17");
  EXPECT_EQ(info.round_ends_unix_ms(), 4102444800000);

  const auto round1 = fetch(port, "/tournaments/" + std::to_string(id_) + "/pairings/1");
  EXPECT_EQ(round1.status, 200) << round1.body;
  const auto pairings1 = parse_json<v1::Pairings>(round1.body);
  ASSERT_EQ(pairings1.tables_size(), 2);
  EXPECT_EQ(pairings1.tables(0).first(), "alice");
  EXPECT_EQ(pairings1.tables(0).first_wins(), 2u);
  EXPECT_TRUE(pairings1.tables(0).over());
  EXPECT_EQ(pairings1.tables(1).second_wins(), 2u);

  const auto current = fetch(port, "/tournaments/" + std::to_string(id_) + "/pairings");
  EXPECT_EQ(current.status, 200) << current.body;
  const auto pairings2 = parse_json<v1::Pairings>(current.body);
  EXPECT_EQ(pairings2.round(), 2u);
  ASSERT_EQ(pairings2.tables_size(), 2);
  EXPECT_EQ(pairings2.tables(0).room_id(), "room-2a");
  EXPECT_EQ(pairings2.tables(0).game(), 1u);
  EXPECT_FALSE(pairings2.tables(0).over());

  const auto standings = fetch(port, "/tournaments/" + std::to_string(id_) + "/standings");
  EXPECT_EQ(standings.status, 200) << standings.body;
  const auto table = parse_json<v1::Standings>(standings.body);
  EXPECT_EQ(table.round(), 1u);
  ASSERT_EQ(table.entries_size(), 2);
  EXPECT_EQ(table.entries(1).username(), "dora");
  EXPECT_EQ(fetch(port, "/tournaments/" + std::to_string(id_) + "/standings/1").status, 200);
}

TEST_F(TournamentReadsTest, HttpErrorsAre404And405WithAJsonBody) {
  const auto port = server_->port();
  const auto missing = fetch(port, "/tournaments/999999");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.content_type, "application/json");
  EXPECT_NE(missing.body.find("\"code\":\"NO_SUCH_TOURNAMENT\""), std::string::npos) << missing.body;
  const auto id = std::to_string(id_);
  EXPECT_NE(fetch(port, "/tournaments/" + id + "/pairings/3").body.find("NO_SUCH_ROUND"), std::string::npos);
  EXPECT_EQ(fetch(port, "/tournaments/" + id + "/standings/2").status, 404) << "round 2 is not over";
  const std::vector<std::string> bad_paths = {
      "/tournaments/",  "/tournaments/abc", "/tournaments/0", "/tournaments/007", "/tournaments/-1",
      "/tournaments/+1", "/tournaments/" + id + "/", "/tournaments/" + id + "/rooms",
      "/tournaments/" + id + "/pairings/1001", "/tournaments/" + id + "/pairings/1/x",
      "/tournaments/" + id + "/standings/01", "/tournaments/99999999999999999999",
      "/tournaments/" + std::string(200, '1')};
  for (const auto& bad : bad_paths) {
    const auto reply = fetch(port, bad);
    EXPECT_EQ(reply.status, 404) << bad;
    EXPECT_NE(reply.body.find("\"code\":"), std::string::npos) << bad << ": " << reply.body;
  }
  EXPECT_EQ(fetch(port, "/tournaments", http::verb::post).status, 405);
  EXPECT_EQ(fetch(port, "/tournaments/" + id, http::verb::delete_).status, 405);
  EXPECT_EQ(fetch(port, "/healthz").status, 200) << "the other documents are unchanged";
}

TEST_F(TournamentReadsTest, ManyHttpReadsOnOneConnectionAndAtOnce) {
  const auto port = server_->port();
  // Keep-alive: several reads on one connection, answered in order.
  asio::io_context ioc;
  boost::beast::tcp_stream stream(ioc);
  stream.expires_after(std::chrono::seconds(20));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  boost::beast::flat_buffer buffer;
  for (int i = 0; i < 5; ++i) {
    http::request<http::empty_body> request{http::verb::get, "/tournaments/" + std::to_string(id_), 11};
    request.set(http::field::host, "127.0.0.1");
    http::write(stream, request);
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    EXPECT_EQ(response.result_int(), 200u);
    EXPECT_TRUE(response.keep_alive());
  }
  // Many at once: each is answered, 200 or (past the in-flight bound) 503.
  std::vector<std::thread> threads;
  std::atomic<int> ok{0}, busy{0}, other{0};
  for (int i = 0; i < 24; ++i) {
    threads.emplace_back([&] {
      try {
        const auto status = fetch(port, "/tournaments").status;
        (status == 200 ? ok : status == 503 ? busy : other)++;
      } catch (const std::exception&) {
        other++;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_GE(ok.load(), 1);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(ok.load() + busy.load(), 24);
}

TEST_F(TournamentReadsTest, TheSeedIsPublishedWhenTheEventEnds) {
  {
    pqxx::connection conn(database_);
    TournamentRepository(conn).set_status(id_, "finished");
  }
  const auto one = fetch(server_->port(), "/tournaments/" + std::to_string(id_));
  EXPECT_EQ(parse_json<v1::TournamentInfo>(one.body).seed_hex(), "5eed5eed");
  v1::ClientMessage get;
  get.mutable_get_tournament()->set_tournament_id(id_);
  const auto info = alice_->call(get).tournament();
  EXPECT_EQ(info.status(), v1::TOURNAMENT_FINISHED);
  EXPECT_EQ(info.seed_hex(), "5eed5eed");
}

TEST_F(TournamentReadsTest, WebSocketReadsServeTheSameMessages) {
  v1::ClientMessage list;
  list.mutable_list_tournaments();
  ASSERT_EQ(alice_->call(list).tournament_list().tournaments_size(), 1);

  v1::ClientMessage get;
  get.mutable_get_tournament()->set_tournament_id(id_);
  const auto info = alice_->call(get).tournament();
  EXPECT_EQ(info.entrants_size(), 4);
  EXPECT_EQ(info.status(), v1::TOURNAMENT_RUNNING);
  EXPECT_TRUE(info.seed_hex().empty());

  v1::ClientMessage pairings;
  pairings.mutable_get_pairings()->set_tournament_id(id_);
  const auto current = alice_->call(pairings).pairings();
  EXPECT_EQ(current.round(), 2u);
  ASSERT_EQ(current.tables_size(), 2);
  EXPECT_EQ(current.tables(0).second(), "dora");
  pairings.mutable_get_pairings()->set_round(1);
  EXPECT_EQ(alice_->call(pairings).pairings().tables(0).first_wins(), 2u);

  v1::ClientMessage standings;
  standings.mutable_get_standings()->set_tournament_id(id_);
  const auto table = alice_->call(standings).standings();
  EXPECT_EQ(table.round(), 1u);
  ASSERT_EQ(table.entries_size(), 2);
  EXPECT_EQ(table.entries(0).username(), "alice");

  v1::ClientMessage rating;
  rating.mutable_get_rating()->set_username("alice");
  rating.mutable_get_rating()->set_game("test_highcard");
  const auto alice_rating = alice_->call(rating).rating();
  EXPECT_DOUBLE_EQ(alice_rating.rating(), 1620.5);
  ASSERT_EQ(alice_rating.history_size(), 1);
  EXPECT_DOUBLE_EQ(alice_rating.history(0).deviation(), 210.0);
  rating.mutable_get_rating()->set_username("BOB");  // usernames are case-insensitive
  const auto bob_rating = alice_->call(rating).rating();
  EXPECT_EQ(bob_rating.username(), "bob");
  EXPECT_DOUBLE_EQ(bob_rating.rating(), 1500.0) << "a new player's rating";
  EXPECT_EQ(bob_rating.history_size(), 0);
}

TEST_F(TournamentReadsTest, WebSocketReadErrors) {
  v1::ClientMessage get;
  get.mutable_get_tournament()->set_tournament_id(id_ + 1000);
  EXPECT_EQ(error_code_of([&] { alice_->call(get); }), "NO_SUCH_TOURNAMENT");
  v1::ClientMessage pairings;
  pairings.mutable_get_pairings()->set_tournament_id(id_);
  pairings.mutable_get_pairings()->set_round(7);
  EXPECT_EQ(error_code_of([&] { alice_->call(pairings); }), "NO_SUCH_ROUND");
  pairings.mutable_get_pairings()->set_round(1001);
  EXPECT_EQ(error_code_of([&] { alice_->call(pairings); }), "NO_SUCH_ROUND");
  v1::ClientMessage standings;
  standings.mutable_get_standings()->set_tournament_id(id_);
  standings.mutable_get_standings()->set_round(2);
  EXPECT_EQ(error_code_of([&] { alice_->call(standings); }), "NO_SUCH_ROUND");
  v1::ClientMessage rating;
  rating.mutable_get_rating()->set_username("nobody");
  rating.mutable_get_rating()->set_game("test_highcard");
  EXPECT_EQ(error_code_of([&] { alice_->call(rating); }), "NO_SUCH_PLAYER");
  rating.mutable_get_rating()->set_username("alice");
  rating.mutable_get_rating()->set_game("chess");
  EXPECT_EQ(error_code_of([&] { alice_->call(rating); }), "UNKNOWN_GAME");
  // Reads need a login.
  auto anonymous = connect();
  v1::ClientMessage list;
  list.mutable_list_tournaments();
  EXPECT_EQ(error_code_of([&] { anonymous->call(list); }), "NOT_AUTHENTICATED");
}

TEST_F(TournamentReadsTest, AnEventWithoutStandingsYet) {
  std::int64_t fresh = 0;
  {
    pqxx::connection conn(database_);
    TournamentRecord record;
    record.name = "Saturday";
    record.game = "test_highcard";
    record.organizer_id = ids_["olga"];
    record.settings = kSettings;
    record.status = "announced";
    fresh = TournamentRepository(conn).create(record);
  }
  const auto base = "/tournaments/" + std::to_string(fresh);
  EXPECT_NE(fetch(server_->port(), base + "/standings").body.find("NO_STANDINGS_YET"), std::string::npos);
  EXPECT_NE(fetch(server_->port(), base + "/pairings").body.find("NO_SUCH_ROUND"), std::string::npos);
  const auto info = parse_json<v1::TournamentInfo>(fetch(server_->port(), base).body);
  EXPECT_EQ(info.status(), v1::TOURNAMENT_ANNOUNCED);
  EXPECT_EQ(info.round(), 0u);
  EXPECT_EQ(info.planned_rounds(), 0u);
  // The list: newest first.
  v1::ClientMessage list;
  list.mutable_list_tournaments();
  const auto all = alice_->call(list).tournament_list();
  ASSERT_EQ(all.tournaments_size(), 2);
  EXPECT_EQ(all.tournaments(0).tournament_id(), fresh);
  EXPECT_EQ(all.tournaments(1).tournament_id(), id_);
}

}  // namespace
}  // namespace concord::testing
