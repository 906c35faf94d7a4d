// TLS mode: with a certificate and key every connection is TLS.
#include <gtest/gtest.h>

#include "test_certificate.hpp"
#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

class TlsTest : public ::testing::Test {
 protected:
  Config tls_config() const {
    auto config = test_config();
    config.tls_cert = certificate_.cert_path();
    config.tls_key = certificate_.key_path();
    return config;
  }
  std::shared_ptr<ssl::context> client_context() const { return client_tls_context(certificate_.cert_pem()); }

  TestCertificate certificate_;
};

TEST_F(TlsTest, WebSocketOverTls) {
  TestServer server(tls_config());
  TlsWsClient client(server.port(), client_context());
  ASSERT_FALSE(client.handshake());
  client.send(make_ping(11, 12));
  auto reply = client.read();
  ASSERT_TRUE(reply) << client.last_error().message();
  EXPECT_TRUE(reply->has_pong());
  EXPECT_EQ(reply->request_id(), 11u);
  EXPECT_EQ(reply->seq(), 1u);
  client.close();
  auto& handler = server.handler();
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
}

// With one I/O thread connections run on the io_context's executor, without
// a strand each (net_types.hpp); the other tests run two I/O threads.
TEST_F(TlsTest, WebSocketOverTlsOnOneIoThread) {
  auto config = tls_config();
  config.threads = 1;
  TestServer server(config);
  TlsWsClient client(server.port(), client_context());
  ASSERT_FALSE(client.handshake());
  for (std::uint64_t id = 1; id <= 3; ++id) {
    client.send(make_ping(id, id * 10));
    auto reply = client.read();
    ASSERT_TRUE(reply) << client.last_error().message();
    EXPECT_EQ(reply->pong().nonce(), id * 10);
    EXPECT_EQ(reply->seq(), id);
  }
  client.close();
  auto& handler = server.handler();
  EXPECT_TRUE(handler.wait_until([&] { return handler.closes() == 1; }));
}

TEST_F(TlsTest, HealthzOverTls) {
  TestServer server(tls_config());
  const auto result = http_get(server.port(), "/healthz", client_context());
  EXPECT_EQ(result.status, 200);
  EXPECT_EQ(result.body, "ok");
}

TEST_F(TlsTest, PlainClientIsRefused) {
  TestServer server(tls_config());
  WsClient client(server.port());
  EXPECT_TRUE(client.handshake());
  EXPECT_EQ(server.handler().opens(), 0);
}

TEST_F(TlsTest, StopClosesTlsSessionsWithGoingAway) {
  TestServer server(tls_config());
  TlsWsClient client(server.port(), client_context());
  ASSERT_FALSE(client.handshake());
  auto& handler = server.handler();
  ASSERT_TRUE(handler.wait_until([&] { return handler.opens() == 1; }));
  server.server().stop();
  EXPECT_EQ(client.read_until_closed(), websocket::error::closed);
  EXPECT_EQ(client.close_reason().code, websocket::close_code::going_away);
}

}  // namespace
}  // namespace concord::server::testing
