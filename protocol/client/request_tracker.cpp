#include "client/request_tracker.hpp"

#include <utility>

namespace concord::client {

std::uint64_t RequestTracker::open() {
  std::lock_guard lock(mutex_);
  const std::uint64_t id = next_id_++;
  pending_.emplace(id, std::nullopt);
  return id;
}

bool RequestTracker::deliver(std::uint64_t request_id, v1::ServerMessage message) {
  {
    std::lock_guard lock(mutex_);
    auto it = pending_.find(request_id);
    if (it == pending_.end() || it->second.has_value()) {
      ++late_;
      return false;
    }
    it->second = std::move(message);
  }
  cv_.notify_all();
  return true;
}

std::optional<v1::ServerMessage> RequestTracker::wait(std::uint64_t id, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  auto ready = [&] {
    auto it = pending_.find(id);
    return it == pending_.end() || it->second.has_value() || failure_.has_value();
  };
  cv_.wait_for(lock, timeout, ready);
  auto it = pending_.find(id);
  if (it == pending_.end()) return std::nullopt;
  std::optional<v1::ServerMessage> reply = std::move(it->second);
  pending_.erase(it);
  if (!reply && failure_) throw *failure_;
  return reply;
}

void RequestTracker::cancel(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  pending_.erase(id);
}

void RequestTracker::fail(const ClientError& error) {
  {
    std::lock_guard lock(mutex_);
    if (!failure_) failure_ = error;
  }
  cv_.notify_all();
}

std::size_t RequestTracker::outstanding() const {
  std::lock_guard lock(mutex_);
  return pending_.size();
}

std::uint64_t RequestTracker::late_replies() const {
  std::lock_guard lock(mutex_);
  return late_;
}

}  // namespace concord::client
