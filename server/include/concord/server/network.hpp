// The network layer: one port serving WebSocket at /ws and HTTP GET /healthz
// and GET /metrics, optionally over TLS. Modelled on Boost.Beast's
// advanced_server_flex and websocket_chat_multi examples.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>

#include <boost/asio/io_context.hpp>

#include "concord/server/config.hpp"
#include "concord/server/http_json_source.hpp"
#include "concord/server/link.hpp"

namespace concord::server {

// Starts accepting on config.address:config.port. Sessions call `handler`.
// Throws std::runtime_error if the port cannot be bound or the TLS files
// cannot be loaded. The listener lives until the io_context stops or stop()
// is called on the returned handle.
class NetworkServer {
 public:
  // `json` (optional) serves read-only JSON documents on the HTTP port.
  NetworkServer(boost::asio::io_context& ioc, const Config& config, std::shared_ptr<MessageHandler> handler,
                std::shared_ptr<HttpJsonSource> json = nullptr);
  ~NetworkServer();
  // The port actually bound (useful when config.port == 0).
  unsigned short port() const;
  // Stops accepting and closes every session (WebSocket close 1001 "going away").
  void stop();
  // stop(), then calls `done` on an I/O thread once every connection has
  // ended or `deadline` has passed, whichever comes first.
  void shutdown(std::chrono::milliseconds deadline, std::function<void()> done);
  std::size_t live_connections() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace concord::server
