// The network layer under hostile or failing conditions: handler exceptions,
// invalid UTF-8, connection caps, draining closes at shutdown.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>

#include "frame_diagnosis.hpp"
#include "net_admission.hpp"
#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

// Sends a WebSocket upgrade on a raw socket and returns the status line.
std::string upgrade_status_line(unsigned short port) {
  asio::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  const std::string request =
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n";
  asio::write(socket, asio::buffer(request));
  std::string response;
  beast::error_code ec;
  asio::read_until(socket, asio::dynamic_buffer(response), "\r\n", ec);
  return response.substr(0, response.find("\r\n"));
}

TEST(HardeningTest, AThrowingHandlerGivesInternalAndTheConnectionGoesOn) {
  TestServer server;
  server.handler().set_hook([](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& m) {
    if (m.request_id() == 1) throw std::runtime_error("boom");
    if (m.request_id() == 2) throw 42;  // not a std::exception
    RecordingHandler::reply_pong(link, m);
  });
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  for (std::uint64_t id : {1u, 2u}) {
    client.send(make_ping(id, 0));
    const auto reply = client.read();
    ASSERT_TRUE(reply);
    EXPECT_EQ(reply->error().code(), "INTERNAL");
    EXPECT_EQ(reply->request_id(), id);
  }
  client.send(make_ping(3, 7));
  const auto pong = client.read();
  ASSERT_TRUE(pong);
  EXPECT_EQ(pong->pong().nonce(), 7u);
}

TEST(HardeningTest, InvalidUtf8IsAnsweredWithItsCodeAndRequestId) {
  TestServer server;
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  concord::v1::ClientMessage m;
  m.set_request_id(77);
  (*m.mutable_create_room()->mutable_options())["teams"] = "caf\xC3";  // nested in a map entry
  client.write(m.SerializeAsString(), false);
  const auto reply = client.read();
  ASSERT_TRUE(reply);
  EXPECT_EQ(reply->error().code(), "INVALID_UTF8");
  EXPECT_EQ(reply->request_id(), 77u);
  EXPECT_NE(reply->error().message().find("value"), std::string::npos) << reply->error().message();
  client.write("\x0a\xff\xff", false);  // truncated: still a plain BAD_FRAME
  const auto bad = client.read();
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->error().code(), "BAD_FRAME");
  EXPECT_EQ(bad->request_id(), 0u);
}

TEST(HardeningTest, FrameDiagnosisNamesTheField) {
  concord::v1::ClientMessage m;
  m.set_request_id(5);
  m.mutable_hello()->set_client_name("ok");
  m.mutable_hello()->set_client_name("\xED\xA0\x80");  // a surrogate
  const auto problem = net::diagnose_bad_frame(m.SerializeAsString());
  EXPECT_EQ(problem.code, "INVALID_UTF8");
  EXPECT_EQ(problem.request_id, 5u);
  EXPECT_NE(problem.message.find("concord.v1.Hello.client_name"), std::string::npos) << problem.message;
}

TEST(HardeningTest, PerAddressCapRefusesWith503) {
  auto config = test_config();
  config.max_connections_per_address = 2;
  TestServer server(config);
  WsClient a(server.port());
  WsClient b(server.port());
  ASSERT_FALSE(a.handshake());
  ASSERT_FALSE(b.handshake());
  EXPECT_EQ(upgrade_status_line(server.port()), "HTTP/1.1 503 Service Unavailable");
  a.close();  // completes the close handshake
  ASSERT_TRUE(server.handler().wait_until([&] { return server.handler().closes() == 1; }));
  WsClient c(server.port());  // a slot is free again
  EXPECT_FALSE(c.handshake());
}

TEST(HardeningTest, GlobalCapCountsHttpConnectionsToo) {
  auto config = test_config();
  config.max_connections = 1;
  config.max_connections_per_address = 0;
  TestServer server(config);
  WsClient a(server.port());
  ASSERT_FALSE(a.handshake());
  EXPECT_EQ(http_get(server.port(), "/healthz").status, 503);
}

TEST(HardeningTest, AdmissionReleasesItsSlots) {
  net::Admission admission(3, 2);
  auto a1 = admission.admit("a");
  auto a2 = admission.admit("a");
  EXPECT_TRUE(a1 && a2);
  EXPECT_FALSE(admission.admit("a"));
  auto b1 = admission.admit("b");
  EXPECT_TRUE(b1);
  EXPECT_FALSE(admission.admit("c"));  // global cap
  a1.reset();
  EXPECT_EQ(admission.total(), 2u);
  EXPECT_TRUE(admission.admit("c"));
}

TEST(HardeningTest, ShutdownWaitsUntilEveryClientHasItsGoingAwayClose) {
  TestServer server;
  constexpr int kClients = 24;
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < kClients; ++i) {
    clients.push_back(std::make_unique<WsClient>(server.port()));
    ASSERT_FALSE(clients.back()->handshake());
  }
  ASSERT_TRUE(server.handler().wait_until([&] { return server.handler().opens() == kClients; }));
  std::atomic<bool> done{false};
  std::atomic<std::size_t> left_when_done{999};
  server.server().shutdown(std::chrono::seconds(10), [&] {
    left_when_done = server.server().live_connections();
    done = true;
  });
  for (auto& client : clients) {
    EXPECT_EQ(client->read_until_closed(), websocket::error::closed);
    EXPECT_EQ(client->close_reason().code, websocket::close_code::going_away);
  }
  for (int i = 0; i < 1500 && !done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_TRUE(done.load());
  EXPECT_EQ(left_when_done.load(), 0u);
}

}  // namespace
}  // namespace concord::server::testing
