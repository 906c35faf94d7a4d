// The protective limits: frame size, command rate, outbound queue, idle timeout.
#include <thread>

#include <gtest/gtest.h>

#include "concord/server/metrics.hpp"
#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

TEST(LimitsTest, OversizedFrameClosesWith1009) {
  auto config = test_config();
  config.max_message_bytes = 1024;
  TestServer server(config);
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  client.write(std::string(2000, 'x'), false);
  const auto ec = client.read_until_closed();
  EXPECT_EQ(client.close_reason().code, websocket::close_code::too_big) << ec.message();
  // Beast 1.81's server-side teardown may close the socket before the
  // client's closing frame arrives, so the client's own teardown can fail
  // after it has received the 1009 close frame.
  EXPECT_TRUE(ec == websocket::error::closed || ec == asio::error::not_connected ||
              ec == asio::error::connection_reset)
      << ec.message();
  auto& handler = server.handler();
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
  EXPECT_EQ(handler.messages(), 0);
}

TEST(LimitsTest, FrameAtTheLimitIsAccepted) {
  auto config = test_config();
  config.max_message_bytes = 1024;
  TestServer server(config);
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  // A ping padded with an unknown length-delimited field (number 1000) to exactly 1024 bytes.
  std::string bytes = make_ping(1, 1).SerializeAsString();
  const std::string tag{static_cast<char>(0x80 | ((1000 << 3 | 2) & 0x7f)), static_cast<char>((1000 << 3 | 2) >> 7)};
  const std::size_t pad = 1024 - bytes.size() - tag.size() - 2;  // 2 = the length varint
  bytes += tag + std::string{static_cast<char>(0x80 | (pad & 0x7f)), static_cast<char>(pad >> 7)} +
           std::string(pad, 'p');
  ASSERT_EQ(bytes.size(), 1024u);
  client.write(bytes, false);
  auto reply = client.read();
  ASSERT_TRUE(reply) << client.last_error().message();
  EXPECT_TRUE(reply->has_pong());
}

TEST(LimitsTest, CommandsBeyondTheBurstAreRateLimited) {
  auto config = test_config();
  config.commands_per_second = 1;
  config.command_burst = 3;
  TestServer server(config);
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  for (std::uint64_t id = 1; id <= 6; ++id) client.send(make_ping(id, id));
  for (std::uint64_t id = 1; id <= 6; ++id) {
    auto reply = client.read();
    ASSERT_TRUE(reply) << client.last_error().message();
    EXPECT_EQ(reply->request_id(), id);
    EXPECT_EQ(reply->seq(), id);
    if (id <= 3) {
      EXPECT_TRUE(reply->has_pong()) << id;
    } else {
      ASSERT_TRUE(reply->has_error()) << id;
      EXPECT_EQ(reply->error().code(), "RATE_LIMITED");
      EXPECT_EQ(reply->error().request_id(), id);
    }
  }
  EXPECT_EQ(server.handler().messages(), 3);
}

TEST(LimitsTest, SlowConsumerIsDisconnected) {
  auto config = test_config();
  config.outbound_max_messages = 16;
  config.outbound_max_bytes = 256 * 1024;
  config.handshake_timeout_s = 1;  // grace for the close handshake
  TestServer server(config);
  auto& handler = server.handler();
  concord::v1::ServerMessage big;
  big.mutable_room_closed()->set_reason(std::string(64 * 1024, 'z'));
  const auto body = std::make_shared<const std::string>(big.SerializeAsString());
  handler.set_hook([body](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage&) {
    for (int i = 0; i < 200; ++i) link->send_shared(body);
  });
  const auto slow_before = Metrics::instance().slow_consumers_closed.load();

  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  client.send(make_ping(1, 1));  // ... and never read
  ASSERT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }, 10s));
  EXPECT_GE(Metrics::instance().slow_consumers_closed.load(), slow_before + 1);
  std::this_thread::sleep_for(200ms);
  EXPECT_EQ(handler.closes(), 1);
  // Whatever the client reads now, the connection ends.
  EXPECT_TRUE(client.read_until_closed(10s));
}

TEST(LimitsTest, OutboundMessageCountIsBoundedToo) {
  auto config = test_config();
  config.outbound_max_messages = 4;
  config.handshake_timeout_s = 1;
  TestServer server(config);
  auto& handler = server.handler();
  handler.set_hook([](const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
    for (int i = 0; i < 50; ++i) RecordingHandler::reply_pong(link, message);
  });
  const auto slow_before = Metrics::instance().slow_consumers_closed.load();
  WsClient client(server.port());
  ASSERT_FALSE(client.handshake());
  client.send(make_ping(1, 1));
  // The client reads what made it into the queue, then the close.
  int pongs = 0;
  while (auto reply = client.read()) {
    EXPECT_EQ(reply->seq(), static_cast<std::uint64_t>(++pongs));
  }
  EXPECT_LE(pongs, 4);
  EXPECT_EQ(client.last_error(), websocket::error::closed);
  EXPECT_EQ(client.close_reason().code, websocket::close_code::policy_error);
  EXPECT_EQ(client.close_reason().reason, "slow consumer");
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
  EXPECT_GE(Metrics::instance().slow_consumers_closed.load(), slow_before + 1);
}

// A server whose idle timeout is one second, and a client of it.
struct OneSecondIdleTimeout {
  static Config config() {
    auto config = test_config();
    config.idle_timeout_s = 1;
    return config;
  }
  TestServer server{config()};
  WsClient client{server.port()};
};

TEST(LimitsTest, IdleConnectionIsClosed) {
  OneSecondIdleTimeout idle;
  auto& handler = idle.server.handler();
  ASSERT_FALSE(idle.client.handshake());
  // Not reading means not answering the keep-alive pings either.
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 1; }));
  EXPECT_FALSE(handler.wait_until([&] { return handler.closes() == 1; }, 300ms));
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }, 5s));
}

TEST(LimitsTest, ClientAnsweringPingsStaysConnectedPastTheIdleTimeout) {
  OneSecondIdleTimeout idle;
  ASSERT_FALSE(idle.client.handshake());
  // Reading lets Beast answer the server's pings; nothing arrives for 2.5 s.
  EXPECT_FALSE(idle.client.read(2500ms));
  EXPECT_EQ(idle.client.last_error(), asio::error::timed_out);
}

TEST(LimitsTest, ClientSendingMessagesStaysConnectedWithoutAnsweringPings) {
  OneSecondIdleTimeout idle;
  ASSERT_FALSE(idle.client.handshake());
  // Never reading, so never answering a ping: the messages alone keep it open.
  for (std::uint64_t id = 1; id <= 10; ++id) {
    idle.client.send(make_ping(id, id));
    std::this_thread::sleep_for(250ms);
  }
  EXPECT_EQ(idle.server.handler().closes(), 0);
  EXPECT_TRUE(idle.client.read());
}

}  // namespace
}  // namespace concord::server::testing
