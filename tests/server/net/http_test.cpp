// The plain HTTP endpoints served on the WebSocket port.
#include <gtest/gtest.h>

#include "test_client.hpp"
#include "test_server.hpp"

namespace concord::server::testing {
namespace {

TEST(HttpTest, HealthzAnswersOk) {
  TestServer server;
  const auto result = http_get(server.port(), "/healthz");
  EXPECT_EQ(result.status, 200);
  EXPECT_EQ(result.body, "ok");
}

TEST(HttpTest, MetricsArePrometheusText) {
  TestServer server;
  const auto result = http_get(server.port(), "/metrics");
  EXPECT_EQ(result.status, 200);
  EXPECT_NE(result.content_type.find("text/plain; version=0.0.4"), std::string::npos) << result.content_type;
  EXPECT_NE(result.body.find("# TYPE concord_connections gauge"), std::string::npos);
  EXPECT_NE(result.body.find("\nconcord_connections "), std::string::npos);
}

TEST(HttpTest, QueryStringIsIgnored) {
  TestServer server;
  EXPECT_EQ(http_get(server.port(), "/healthz?probe=1").status, 200);
}

TEST(HttpTest, UnknownPathIs404) {
  TestServer server;
  EXPECT_EQ(http_get(server.port(), "/nope").status, 404);
  EXPECT_EQ(http_get(server.port(), "/").status, 404);
  EXPECT_EQ(http_get(server.port(), "/ws").status, 404);  // /ws only speaks WebSocket
}

TEST(HttpTest, WebSocketUpgradeOnAnotherPathIsRefused) {
  TestServer server;
  WsClient client(server.port());
  EXPECT_EQ(client.handshake("/chat"), websocket::error::upgrade_declined);
  EXPECT_EQ(server.handler().opens(), 0);
}

}  // namespace
}  // namespace concord::server::testing
