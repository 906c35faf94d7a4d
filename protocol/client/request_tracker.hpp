// Assigns request ids and matches replies to the requests waiting for them.
// Thread-safe: the reader thread delivers, caller threads open and wait.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>

#include "client/client_error.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::client {

class RequestTracker {
 public:
  // Allocates the next request id (1, 2, 3, ...) and marks it outstanding.
  std::uint64_t open();
  // Stores a reply for an outstanding id and wakes its waiter. Returns false
  // (and drops the message) if the id is not outstanding: unknown, or its
  // waiter already gave up.
  bool deliver(std::uint64_t request_id, v1::ServerMessage message);
  // Waits for the reply to `id` and forgets the id. Returns nullopt on
  // timeout. Throws the failure given to fail() if the connection failed
  // before the reply arrived.
  std::optional<v1::ServerMessage> wait(std::uint64_t id, std::chrono::milliseconds timeout);
  // Forgets an outstanding id without waiting (e.g. the send failed).
  void cancel(std::uint64_t id);
  // Fails every current and future wait with `error` (connection closed).
  void fail(const ClientError& error);

  std::size_t outstanding() const;
  std::uint64_t late_replies() const;  // deliveries for ids nobody waits for

 private:
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::uint64_t next_id_ = 1;
  std::map<std::uint64_t, std::optional<v1::ServerMessage>> pending_;
  std::optional<ClientError> failure_;
  std::uint64_t late_ = 0;
};

}  // namespace concord::client
