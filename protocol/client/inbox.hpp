// The queue of server pushes (request_id 0) in arrival order. Thread-safe:
// the reader thread pushes, caller threads pop. Bounded: beyond `capacity`
// the oldest push is dropped (and counted).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

#include "client/client_error.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::client {

class Inbox {
 public:
  using Predicate = std::function<bool(const v1::ServerMessage&)>;

  explicit Inbox(std::size_t capacity = 100000) : capacity_(capacity) {}

  void push(v1::ServerMessage message);
  // Removes and returns the oldest push for which `predicate` holds (any push
  // if it is empty), waiting up to `timeout` for one to arrive. Pushes that do
  // not match stay queued in order. Returns nullopt on timeout; throws the
  // close reason if the inbox is closed and holds no matching push.
  std::optional<v1::ServerMessage> pop(std::chrono::milliseconds timeout, const Predicate& predicate = {});
  // No more pushes will arrive; waiters wake up.
  void close(const ClientError& reason);
  void clear();

  std::size_t size() const;
  std::uint64_t dropped() const;

 private:
  std::optional<v1::ServerMessage> take(const Predicate& predicate);

  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<v1::ServerMessage> queue_;
  std::optional<ClientError> closed_;
  std::uint64_t dropped_ = 0;
};

}  // namespace concord::client
