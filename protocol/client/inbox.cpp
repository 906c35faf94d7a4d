#include "client/inbox.hpp"

#include <utility>

namespace concord::client {

void Inbox::push(v1::ServerMessage message) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= capacity_) {
      queue_.pop_front();
      ++dropped_;
    }
    queue_.push_back(std::move(message));
  }
  cv_.notify_all();
}

std::optional<v1::ServerMessage> Inbox::take(const Predicate& predicate) {
  for (auto it = queue_.begin(); it != queue_.end(); ++it) {
    if (predicate && !predicate(*it)) continue;
    v1::ServerMessage message = std::move(*it);
    queue_.erase(it);
    return message;
  }
  return std::nullopt;
}

std::optional<v1::ServerMessage> Inbox::pop(std::chrono::milliseconds timeout, const Predicate& predicate) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::unique_lock lock(mutex_);
  for (;;) {
    if (auto message = take(predicate)) return message;
    if (closed_) throw *closed_;
    if (cv_.wait_until(lock, deadline) == std::cv_status::timeout) {
      if (auto message = take(predicate)) return message;
      if (closed_) throw *closed_;
      return std::nullopt;
    }
  }
}

void Inbox::close(const ClientError& reason) {
  {
    std::lock_guard lock(mutex_);
    if (!closed_) closed_ = reason;
  }
  cv_.notify_all();
}

void Inbox::clear() {
  std::lock_guard lock(mutex_);
  queue_.clear();
}

std::size_t Inbox::size() const {
  std::lock_guard lock(mutex_);
  return queue_.size();
}

std::uint64_t Inbox::dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

}  // namespace concord::client
