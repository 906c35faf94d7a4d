// Private to the network layer: the connection caps. Every accepted TCP
// connection takes a ticket (HTTP and WebSocket alike; the ticket moves to
// the WebSocket session on upgrade) and gives it back when it ends. Beyond
// the global cap or the per-address cap the listener refuses the connection.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace concord::server::net {

class Admission {
 public:
  using Ticket = std::shared_ptr<void>;  // releases its slot when destroyed
  // max_per_address 0 = no per-address cap.
  Admission(std::size_t max_total, std::size_t max_per_address);

  // Thread-safe. Null when a cap is reached.
  Ticket admit(const std::string& address);
  std::size_t total() const;
  std::size_t max_total() const { return state_->max_total; }

 private:
  struct State {
    std::size_t max_total;
    std::size_t max_per_address;
    mutable std::mutex mutex;
    std::size_t total = 0;
    std::map<std::string, std::size_t> per_address;
    void release(const std::string& address);
  };
  std::shared_ptr<State> state_;  // tickets hold it too
};

// config.max_connections, or when it is 0 the soft RLIMIT_NOFILE less a
// reserve (half of it, at most 128) for files and database connections.
std::size_t effective_max_connections(int configured);

}  // namespace concord::server::net
