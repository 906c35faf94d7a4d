// Connection-level hardening through a real server process: file-descriptor
// exhaustion, the connection caps, SIGTERM's 1001 closes, text fields and
// seat numbers.
#include <boost/asio/ip/tcp.hpp>
#include <climits>
#include <fstream>
#include <sstream>
#include <thread>

#include "concord/testpg.hpp"
#include "harness.hpp"
#include "raw_ws.hpp"

namespace concord::testing {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

const std::string kEuro = "\xE2\x82\xAC";

std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// Lines of the server log, from byte `from` on, that contain `needle`.
int log_lines_with(const std::string& path, std::streamoff from, const std::string& needle) {
  std::ifstream in(path);
  in.seekg(from);
  int count = 0;
  for (std::string line; std::getline(in, line);) count += line.find(needle) != std::string::npos;
  return count;
}

std::streamoff file_size(const std::string& path) {
  std::ifstream in(path, std::ios::ate);
  return in ? static_cast<std::streamoff>(in.tellg()) : 0;
}

// Opens `count` raw TCP connections (nothing sent) and keeps them.
std::vector<std::unique_ptr<tcp::socket>> open_sockets(asio::io_context& ioc, unsigned short port, int count) {
  std::vector<std::unique_ptr<tcp::socket>> sockets;
  for (int i = 0; i < count; ++i) {
    auto socket = std::make_unique<tcp::socket>(ioc);
    socket->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    sockets.push_back(std::move(socket));
  }
  return sockets;
}

// Connects with the client library until a connection is accepted (a slot
// frees once the server has seen the old connections go).
std::unique_ptr<Client> connect_when_free(unsigned short port) {
  for (int attempt = 0;; ++attempt) {
    try {
      auto client = Client::connect("127.0.0.1", port);
      client->hello();
      return client;
    } catch (const ClientError&) {
      if (attempt == 100) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

// The server runs out of file descriptors (the cap set above the limit):
// accept failures back off and are logged once per interval, and the server
// serves again once the connections are gone.
class FdExhaustion : public ServerTest {
 protected:
  void SetUp() override {
    database_ = concord::testpg::fresh_database(concord::testpg::database_name_for_current_test());
    server_ = std::make_unique<ServerProcess>(
        database_, std::vector<std::string>{"--max-connections", "100000", "--max-connections-per-address", "0"});
    server_->limit_open_files(64);
    log_from_ = file_size(server_->log_path());
    server_->start();
  }
  std::streamoff log_from_ = 0;
};

TEST_F(FdExhaustion, AcceptFailuresBackOffAndTheServerRecovers) {
  {
    asio::io_context ioc;
    auto sockets = open_sockets(ioc, server_->port(), 100);  // the kernel queues what is not accepted
    std::this_thread::sleep_for(std::chrono::seconds(2));   // the server hits EMFILE again and again meanwhile
  }
  const int reports = log_lines_with(server_->log_path(), log_from_, "accept failed");
  EXPECT_GE(reports, 1);
  EXPECT_LE(reports, 2);  // without the back-off: hundreds of thousands
  auto client = connect_when_free(server_->port());
  client->register_player("after", "after-password");
  EXPECT_EQ(client->login("after", "after-password").username(), "after");
}

// The automatic cap (from the same low limit) refuses before the server
// runs out of descriptors.
class AutomaticCap : public FdExhaustion {
 protected:
  void SetUp() override {
    database_ = concord::testpg::fresh_database(concord::testpg::database_name_for_current_test());
    server_ = std::make_unique<ServerProcess>(database_, std::vector<std::string>{"--max-connections-per-address", "0"});
    server_->limit_open_files(64);
    log_from_ = file_size(server_->log_path());
    server_->start();
  }
};

TEST_F(AutomaticCap, ConnectionsBeyondTheCapAreRefusedNotFailed) {
  {
    asio::io_context ioc;
    auto sockets = open_sockets(ioc, server_->port(), 100);
    std::this_thread::sleep_for(std::chrono::seconds(2));
  }
  EXPECT_EQ(log_lines_with(server_->log_path(), log_from_, "accept failed"), 0);
  EXPECT_GE(log_lines_with(server_->log_path(), log_from_, "over the caps"), 1);
  auto client = connect_when_free(server_->port());
  EXPECT_NO_THROW(client->ping());
}

class PerAddressCap : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--max-connections-per-address", "3"}; }
};

TEST_F(PerAddressCap, TheFourthConnectionFromAnAddressIsDeclined) {
  // (The start-up health check's connection may still be closing.)
  auto a = connect_when_free(server_->port());
  auto b = connect_when_free(server_->port());
  auto c = connect_when_free(server_->port());
  EXPECT_EQ(error_code_of([&] { Client::connect("127.0.0.1", server_->port()); }), "CONNECT_FAILED");
  a->close();
  a->wait_closed(std::chrono::seconds(5));
  EXPECT_NO_THROW(connect_when_free(server_->port())->ping());
}

class Shutdown : public ServerTest {};

// Half of the clients logged in (in a match-less lobby), half only said hello.
TEST_F(Shutdown, SigtermClosesEveryConnectionWith1001) {
  constexpr int kClients = 24;
  std::vector<std::unique_ptr<Client>> clients;
  for (int i = 0; i < kClients; ++i) clients.push_back(i % 2 ? player("player" + std::to_string(i)) : connect());
  EXPECT_EQ(server_->stop(), 0);
  for (auto& client : clients) {
    const auto info = client->wait_closed(std::chrono::seconds(10));
    ASSERT_TRUE(info);
    EXPECT_EQ(info->code, 1001);
  }
}

class Texts : public ServerTest {};

TEST_F(Texts, RoomNamesAreCutOnACharacterBoundary) {
  auto alice = player("alice");
  auto bob = player("bob");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_seats(2);
  spec.set_name(repeat(kEuro, 70));  // 210 bytes: 64 bytes end inside a character
  const auto room = alice->create_room(spec);
  EXPECT_EQ(room.name(), repeat(kEuro, 64));
  const auto listed = bob->list_rooms();  // every client can still decode the list
  ASSERT_EQ(listed.rooms_size(), 1);
  EXPECT_EQ(listed.rooms(0).name(), repeat(kEuro, 64));
  alice->join_room(room.room_id(), v1::PLAYER, save_standard_deck(*alice));
  bob->join_room(room.room_id(), v1::PLAYER, save_standard_deck(*bob));
  alice->set_ready(room.room_id());
  bob->set_ready(room.room_id());
  EXPECT_NO_THROW(alice->wait_for_match_update(room.room_id()));  // the match row took the name
}

TEST_F(Texts, InvalidUtf8AndOverlongTextAreRefusedWithClearCodes) {
  auto client = player("carol");
  RawWs ws(server_->port());
  ws.hello();
  auto bad = with_id(5);
  bad.mutable_create_room()->set_game("test_highcard");
  bad.mutable_create_room()->set_name("caf\xC3");  // cut mid-character
  ws.send(bad);
  const auto reply = ws.read_reply(5);
  EXPECT_EQ(reply.error().code(), "INVALID_UTF8");
  EXPECT_NE(reply.error().message().find("CreateRoom.name"), std::string::npos);
  auto raw = Client::connect("127.0.0.1", server_->port());
  v1::ClientMessage hello;
  hello.mutable_hello()->set_min_version(1);
  hello.mutable_hello()->set_max_version(1);
  hello.mutable_hello()->set_client_name(repeat(kEuro, 129));
  EXPECT_EQ(raw->request(hello).error().code(), "INVALID_TEXT");
  v1::CreateRoom spec;
  spec.set_game("test_highcard");
  spec.set_name("two\nlines");
  EXPECT_EQ(error_code_of([&] { client->create_room(spec); }), "INVALID_TEXT");
  v1::Deck deck;
  deck.set_game("test_highcard");
  deck.set_name(repeat(kEuro, 65));
  EXPECT_EQ(error_code_of([&] { client->save_deck(deck); }), "DECK_INVALID");
}

class Seats : public ServerTest {};

TEST_F(Seats, JoinRoomSeatsOutsideTheRoomAreRefused) {
  auto alice = player("alice");
  const auto room = alice->create_room("test_highcard", 2).room_id();
  const auto deck = save_standard_deck(*alice);
  for (const int seat : {INT_MIN, -1, 5, INT_MAX}) {
    v1::JoinRoom join;
    join.set_room_id(room);
    join.set_role(v1::PLAYER);
    join.set_deck_id(deck);
    join.set_seat(seat);
    EXPECT_EQ(error_code_of([&] { alice->join_room(join); }), "INVALID_SEATS") << seat;
  }
  v1::JoinRoom join;
  join.set_room_id(room);
  join.set_role(v1::PLAYER);
  join.set_deck_id(deck);
  join.set_seat(2);
  EXPECT_EQ(alice->join_room(join).your_seat(), 2);
}

}  // namespace
}  // namespace concord::testing
