// Private to the network layer: what NetworkServer::stop() needs from any
// live connection (HTTP or WebSocket).
#pragma once

namespace concord::server::net {

class NetConnection {
 public:
  virtual ~NetConnection() = default;
  // Thread-safe. Ends the connection soon: WebSocket sessions close with 1001
  // "going away", HTTP connections are dropped.
  virtual void shutdown() = 0;
};

}  // namespace concord::server::net
