// The boundary between the network layer (sessions) and the application layer
// (dispatcher, lobby, rooms). Everything here is thread-safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::server {

// One connected client, as the application sees it.
class ClientLink {
 public:
  virtual ~ClientLink() = default;
  // Queues a message. The session stamps `seq` (per connection, from 1).
  // If the outbound queue exceeds its count/byte bounds the session is closed
  // (slow consumer) and the message dropped.
  virtual void send(const concord::v1::ServerMessage& message) = 0;
  // Same, for a body serialized once and shared between many receivers (a
  // broadcast). `body` is a serialized ServerMessage without seq; the session
  // prepends its seq (protobuf merges concatenated messages).
  virtual void send_shared(std::shared_ptr<const std::string> body) = 0;
  // Closes the connection (WebSocket close with `reason`).
  virtual void close(const std::string& reason) = 0;
  virtual std::uint64_t id() const = 0;          // unique per process
  virtual std::string remote_address() const = 0;

  // The protocol version negotiated by Hello (1 = 1.0, 2 = 1.1); 1 until then.
  std::uint32_t protocol_version() const { return protocol_version_.load(std::memory_order_relaxed); }
  void set_protocol_version(std::uint32_t version) { protocol_version_.store(version, std::memory_order_relaxed); }

 private:
  std::atomic<std::uint32_t> protocol_version_{1};
};

// Implemented by the application. Calls for one link are never concurrent
// and arrive in order (they come from that session's strand).
class MessageHandler {
 public:
  virtual ~MessageHandler() = default;
  virtual void on_open(const std::shared_ptr<ClientLink>& link) = 0;
  virtual void on_message(const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) = 0;
  virtual void on_close(const std::shared_ptr<ClientLink>& link) = 0;
};

}  // namespace concord::server
