// WebSocket sessions: decoding, replies, seq stamping, on_open/on_close.
#include <gtest/gtest.h>

#include "concord/server/metrics.hpp"
#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

std::unique_ptr<WsClient> connect(TestServer& server) {
  auto client = std::make_unique<WsClient>(server.port());
  EXPECT_FALSE(client->handshake());
  return client;
}

void expect_pong(WsClient& client, std::uint64_t request_id, std::uint64_t nonce, std::uint64_t seq) {
  auto reply = client.read();
  ASSERT_TRUE(reply) << client.last_error().message();
  EXPECT_TRUE(reply->has_pong());
  EXPECT_EQ(reply->request_id(), request_id);
  EXPECT_EQ(reply->pong().nonce(), nonce);
  EXPECT_EQ(reply->seq(), seq);
}

void expect_error(WsClient& client, const std::string& code, std::uint64_t request_id, std::uint64_t seq) {
  auto reply = client.read();
  ASSERT_TRUE(reply) << client.last_error().message();
  ASSERT_TRUE(reply->has_error());
  EXPECT_EQ(reply->error().code(), code);
  EXPECT_EQ(reply->error().request_id(), request_id);
  EXPECT_EQ(reply->request_id(), request_id);
  EXPECT_EQ(reply->seq(), seq);
}

TEST(WebSocketTest, PingPongEchoesRequestIdAndSeqCountsFromOne) {
  TestServer server;
  auto client = connect(server);
  client->send(make_ping(7, 100));
  expect_pong(*client, 7, 100, 1);
  client->send(make_ping(8, 101));
  expect_pong(*client, 8, 101, 2);
  client->send(make_ping(9, 102));
  expect_pong(*client, 9, 102, 3);
}

// With one I/O thread connections run on the io_context's executor, without
// a strand each (net_types.hpp); the other tests run two I/O threads.
TEST(WebSocketTest, OneIoThreadServesConnectionsSideBySide) {
  auto config = test_config();
  config.threads = 1;
  TestServer server(config);
  auto& handler = server.handler();
  auto first = connect(server);
  auto second = connect(server);
  for (std::uint64_t i = 1; i <= 3; ++i) {
    first->send(make_ping(i, 100 + i));
    second->send(make_ping(i, 200 + i));
  }
  for (std::uint64_t i = 1; i <= 3; ++i) expect_pong(*first, i, 100 + i, i);
  for (std::uint64_t i = 1; i <= 3; ++i) expect_pong(*second, i, 200 + i, i);
  first->close();
  second->close();
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 2; }));
}

TEST(WebSocketTest, OpenAndCloseAreCalledOncePerConnection) {
  TestServer server;
  auto& handler = server.handler();
  auto client = connect(server);
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 1; }));
  EXPECT_EQ(handler.closes(), 0);
  const auto id = handler.links().at(0)->id();
  client->close();
  ASSERT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
  std::this_thread::sleep_for(100ms);
  EXPECT_EQ(handler.closes(), 1);
  EXPECT_EQ(handler.closes_by_link(), (std::map<std::uint64_t, int>{{id, 1}}));
}

TEST(WebSocketTest, ClientDisappearingWithoutCloseStillCallsOnClose) {
  TestServer server;
  auto& handler = server.handler();
  {
    auto client = connect(server);
    ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 1; }));
  }  // socket closed without a close frame
  ASSERT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
}

TEST(WebSocketTest, MalformedFrameGetsBadFrameAndConnectionSurvives) {
  TestServer server;
  auto client = connect(server);
  client->write(std::string("\xff\xff\xff\xff", 4), false);
  expect_error(*client, "BAD_FRAME", 0, 1);
  client->send(make_ping(5, 55));
  expect_pong(*client, 5, 55, 2);
  EXPECT_EQ(server.handler().messages(), 1);
}

TEST(WebSocketTest, MessageWithoutBodyGetsBadFrameWithItsRequestId) {
  TestServer server;
  auto client = connect(server);
  concord::v1::ClientMessage empty;
  empty.set_request_id(31);
  client->send(empty);
  expect_error(*client, "BAD_FRAME", 31, 1);
  client->send(make_ping(32, 1));
  expect_pong(*client, 32, 1, 2);
}

TEST(WebSocketTest, TextFrameGetsAnErrorAndConnectionSurvives) {
  TestServer server;
  auto client = connect(server);
  client->write("{\"ping\":{}}", true);
  expect_error(*client, "TEXT_FRAMES_UNSUPPORTED", 0, 1);
  client->send(make_ping(2, 3));
  expect_pong(*client, 2, 3, 2);
  EXPECT_EQ(server.handler().messages(), 1);
}

TEST(WebSocketTest, SendSharedIsStampedWithEachConnectionsOwnSeq) {
  TestServer server;
  auto& handler = server.handler();
  // Ping nonce 42 from anyone: broadcast one shared body to every link.
  handler.set_hook([&handler](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
    if (message.ping().nonce() != 42) return RecordingHandler::reply_pong(link, message);
    concord::v1::ServerMessage push;
    push.mutable_room_closed()->set_room_id("r1");
    const auto body = std::make_shared<const std::string>(push.SerializeAsString());
    for (const auto& each : handler.links()) each->send_shared(body);
  });
  auto a = connect(server);
  auto b = connect(server);
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 2; }));
  b->send(make_ping(1, 1));  // b is one message ahead
  expect_pong(*b, 1, 1, 1);
  a->send(make_ping(2, 42));
  auto on_a = a->read();
  auto on_b = b->read();
  ASSERT_TRUE(on_a && on_b);
  EXPECT_EQ(on_a->room_closed().room_id(), "r1");
  EXPECT_EQ(on_b->room_closed().room_id(), "r1");
  EXPECT_EQ(on_a->seq(), 1u);
  EXPECT_EQ(on_b->seq(), 2u);
  EXPECT_EQ(on_a->request_id(), 0u);
}

TEST(WebSocketTest, SendReplacesAnySeqSetByTheCaller) {
  TestServer server;
  server.handler().set_hook([](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
    concord::v1::ServerMessage reply;
    reply.set_seq(1000);
    reply.set_request_id(message.request_id());
    reply.mutable_ok();
    link->send(reply);
    link->send(reply);
  });
  auto client = connect(server);
  client->send(make_ping(4, 0));
  for (std::uint64_t seq : {1u, 2u}) {
    auto reply = client->read();
    ASSERT_TRUE(reply);
    EXPECT_TRUE(reply->has_ok());
    EXPECT_EQ(reply->seq(), seq);
    EXPECT_EQ(reply->request_id(), 4u);
  }
}

TEST(WebSocketTest, LinkCloseSendsTheReasonToTheClient) {
  TestServer server;
  server.handler().set_hook([](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage&) {
    link->close("bye");
  });
  auto client = connect(server);
  client->send(make_ping(1, 1));
  EXPECT_EQ(client->read_until_closed(), websocket::error::closed);
  EXPECT_EQ(client->close_reason().code, websocket::close_code::normal);
  EXPECT_EQ(client->close_reason().reason, "bye");
  auto& handler = server.handler();
  ASSERT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
}

TEST(WebSocketTest, HandlerExceptionBecomesAnInternalErrorAndConnectionSurvives) {
  TestServer server;
  server.handler().set_hook([](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
    if (message.ping().nonce() == 666) throw std::runtime_error("boom");
    RecordingHandler::reply_pong(link, message);
  });
  auto client = connect(server);
  client->send(make_ping(1, 666));
  expect_error(*client, "INTERNAL", 1, 1);
  client->send(make_ping(2, 2));
  expect_pong(*client, 2, 2, 2);
}

TEST(WebSocketTest, LinksHaveUniqueIdsAndTheRemoteAddress) {
  TestServer server;
  auto& handler = server.handler();
  auto a = connect(server);
  auto b = connect(server);
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 2; }));
  const auto links = handler.links();
  EXPECT_NE(links[0]->id(), links[1]->id());
  EXPECT_EQ(links[0]->remote_address(), "127.0.0.1");
}

TEST(WebSocketTest, MetricsCountConnectionsAndMessages) {
  auto& metrics = Metrics::instance();
  TestServer server;
  auto& handler = server.handler();
  const auto connections = metrics.connections.load();
  const auto in = metrics.messages_in.load();
  const auto out = metrics.messages_out.load();
  auto a = connect(server);
  auto b = connect(server);
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 2; }));
  EXPECT_EQ(metrics.connections.load(), connections + 2);
  a->send(make_ping(1, 1));
  expect_pong(*a, 1, 1, 1);
  EXPECT_GE(metrics.messages_in.load(), in + 1);
  // Counted when the write completes, which may be just after the client has the reply.
  EXPECT_TRUE(handler.wait_until([&] { return metrics.messages_out.load() >= out + 1; }));
  a->close();
  b->close();
  ASSERT_TRUE(handler.wait_until([&] { return handler.closes() == 2; }));
  EXPECT_EQ(metrics.connections.load(), connections);
}

}  // namespace
}  // namespace concord::server::testing
