// Options for a client connection (transport and timeouts).
#pragma once

#include <chrono>
#include <string>

namespace concord::client {

struct ClientOptions {
  bool tls = false;    // wss:// instead of ws://
  bool verify = true;  // verify the server certificate and host name (TLS only)
  // Connect/handshake timeout and the default timeout of request().
  std::chrono::milliseconds timeout{10000};
  std::string path = "/ws";
  std::string client_name = "concord-client";  // sent in Hello, for server logs
  // Offer permessage-deflate (RFC 7692); used when the server accepts it.
  bool deflate = false;
};

// How the connection ended: the WebSocket close code and reason sent by the
// server, or 1006 (abnormal closure) with the transport error text.
struct CloseInfo {
  int code = 0;
  std::string reason;
};

}  // namespace concord::client
