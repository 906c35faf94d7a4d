// A bare synchronous WebSocket connection for tests that need what the
// client library does not do: pipelining requests without waiting, frames
// that are not valid ClientMessages, reading every reply in arrival order.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::testing {

class RawWs {
 public:
  // Connects to ws://127.0.0.1:port/ws. Throws on failure (e.g. HTTP 503).
  explicit RawWs(unsigned short port);
  ~RawWs();
  void send_bytes(const std::string& bytes);
  void send(const v1::ClientMessage& message) { send_bytes(message.SerializeAsString()); }
  // The next frame's bytes (5 s read deadline); throws on a closed connection.
  std::string read_frame();
  // The next ServerMessage (5 s read deadline); throws on a closed connection.
  v1::ServerMessage read();
  // Reads until a message with this request_id arrives (others are dropped).
  v1::ServerMessage read_reply(std::uint64_t request_id);
  // Sends Hello for exactly this protocol version (1 = 1.0, 2 = 1.1) and
  // reads the Welcome.
  void hello(std::uint32_t version = 1);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A ClientMessage with `request_id` (bodies are set by the caller).
v1::ClientMessage with_id(std::uint64_t request_id);

}  // namespace concord::testing
