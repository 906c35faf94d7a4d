#include "outbound_queue.hpp"

#include <utility>

namespace concord::server::net {

OutboundQueue::OutboundQueue(std::size_t max_messages, std::size_t max_bytes)
    : max_messages_(max_messages), max_bytes_(max_bytes) {}

bool OutboundQueue::push(OutboundFrame frame) {
  const std::size_t size = frame.size();
  if (!frames_.empty() && (frames_.size() + 1 > max_messages_ || bytes_ + size > max_bytes_)) return false;
  bytes_ += size;
  frames_.push_back(std::move(frame));
  return true;
}

void OutboundQueue::pop() {
  bytes_ -= frames_.front().size();
  frames_.pop_front();
}

void OutboundQueue::drop_pending() {
  while (frames_.size() > 1) {
    bytes_ -= frames_.back().size();
    frames_.pop_back();
  }
}

void OutboundQueue::clear() {
  frames_.clear();
  bytes_ = 0;
}

}  // namespace concord::server::net
