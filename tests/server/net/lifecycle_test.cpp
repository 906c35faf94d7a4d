// NetworkServer construction, port binding, stop().
#include <boost/asio/ip/tcp.hpp>
#include <gtest/gtest.h>

#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

class NullHandler : public MessageHandler {
 public:
  void on_open(const std::shared_ptr<ClientLink>&) override {}
  void on_message(const std::shared_ptr<ClientLink>&, const concord::v1::ClientMessage&) override {}
  void on_close(const std::shared_ptr<ClientLink>&) override {}
};

TEST(LifecycleTest, PortZeroBindsAnEphemeralPort) {
  TestServer server;
  EXPECT_NE(server.port(), 0);
}

TEST(LifecycleTest, BindingAPortInUseThrows) {
  TestServer server;
  auto config = test_config();
  config.port = server.port();
  boost::asio::io_context ioc;
  EXPECT_THROW(NetworkServer(ioc, config, std::make_shared<NullHandler>()), std::runtime_error);
}

TEST(LifecycleTest, UnreadableTlsFilesThrow) {
  auto config = test_config();
  config.tls_cert = "/nonexistent/cert.pem";
  config.tls_key = "/nonexistent/key.pem";
  boost::asio::io_context ioc;
  EXPECT_THROW(NetworkServer(ioc, config, std::make_shared<NullHandler>()), std::runtime_error);
}

TEST(LifecycleTest, StopClosesSessionsWithGoingAway) {
  TestServer server;
  auto& handler = server.handler();
  WsClient a(server.port());
  WsClient b(server.port());
  ASSERT_FALSE(a.handshake());
  ASSERT_FALSE(b.handshake());
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 2; }));
  server.server().stop();
  for (auto* client : {&a, &b}) {
    EXPECT_EQ(client->read_until_closed(), websocket::error::closed);
    EXPECT_EQ(client->close_reason().code, websocket::close_code::going_away);
  }
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 2; }));
}

TEST(LifecycleTest, StopRefusesNewConnections) {
  TestServer server;
  const auto port = server.port();
  server.server().stop();
  std::this_thread::sleep_for(100ms);  // the acceptor closes on its strand
  EXPECT_ANY_THROW({
    WsClient client(port);
    if (client.handshake()) throw std::runtime_error("refused");
  });
  EXPECT_EQ(server.handler().opens(), 0);
}

TEST(LifecycleTest, StopEndsIdleHttpConnections) {
  TestServer server;
  boost::asio::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server.port()));
  std::this_thread::sleep_for(100ms);  // the session is waiting for a request
  server.server().stop();
  char byte = 0;
  const auto result = run_with_timeout(
      ioc, [&](auto h) { socket.async_read_some(asio::buffer(&byte, 1), h); }, [&] { socket.close(); }, 5s);
  EXPECT_EQ(result, asio::error::eof);
}

}  // namespace
}  // namespace concord::server::testing
