// Private to the network layer: a session's bounded queue of outgoing frames.
#pragma once

#include <cstddef>
#include <deque>
#include <memory>
#include <string>

namespace concord::server::net {

// One WebSocket frame: the per-connection `prefix` (a serialized ServerMessage
// holding only seq) followed by a `body` that may be shared between sessions.
struct OutboundFrame {
  std::string prefix;
  std::shared_ptr<const std::string> body;

  std::size_t size() const { return prefix.size() + (body ? body->size() : 0); }
};

// FIFO bounded by message count and by bytes. The front frame is the one
// being written. Not thread-safe: a session uses it on its own strand.
class OutboundQueue {
 public:
  OutboundQueue(std::size_t max_messages, std::size_t max_bytes);

  // Appends `frame` unless that would exceed a bound; returns false then (the
  // caller treats it as a slow consumer). A frame larger than max_bytes is
  // still accepted into an empty queue, so one big message is never refused
  // on its own.
  bool push(OutboundFrame frame);
  const OutboundFrame& front() const { return frames_.front(); }
  void pop();
  // Drops every frame except the front one (which may be in flight).
  void drop_pending();
  void clear();

  bool empty() const { return frames_.empty(); }
  std::size_t size() const { return frames_.size(); }
  std::size_t bytes() const { return bytes_; }

 private:
  std::size_t max_messages_;
  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::deque<OutboundFrame> frames_;  // deque: push_back keeps references to the front valid
};

}  // namespace concord::server::net
