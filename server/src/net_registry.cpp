#include "net_registry.hpp"

#include <atomic>
#include <utility>
#include <vector>

namespace concord::server::net {

std::uint64_t next_connection_id() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

bool ConnectionRegistry::add(std::uint64_t id, std::weak_ptr<NetConnection> connection) {
  std::lock_guard lock(mutex_);
  if (closed_) return false;
  connections_[id] = std::move(connection);
  return true;
}

void ConnectionRegistry::remove(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  connections_.erase(id);
}

void ConnectionRegistry::shutdown_all() {
  std::vector<std::shared_ptr<NetConnection>> live;
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (auto& [id, weak] : connections_) {
      if (auto connection = weak.lock()) live.push_back(std::move(connection));
    }
    // The entries stay until each connection has ended (remove()), so that
    // size() tells a draining server how many are still closing.
  }
  // Outside the lock: shutdown() may end up calling remove().
  for (auto& connection : live) connection->shutdown();
}

std::size_t ConnectionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return connections_.size();
}

}  // namespace concord::server::net
