// Private to the network layer: the live connections of one NetworkServer.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "net_connection.hpp"

namespace concord::server::net {

// Unique per process (also the ClientLink id).
std::uint64_t next_connection_id();

// Thread-safe. Holds weak references, so it never keeps a connection alive.
class ConnectionRegistry {
 public:
  // Returns false once shutdown_all() has run: the caller must then end itself.
  bool add(std::uint64_t id, std::weak_ptr<NetConnection> connection);
  void remove(std::uint64_t id);
  // Refuses further add() calls and calls shutdown() on every live connection.
  void shutdown_all();
  std::size_t size() const;  // connections added and not yet removed

 private:
  mutable std::mutex mutex_;
  bool closed_ = false;
  std::unordered_map<std::uint64_t, std::weak_ptr<NetConnection>> connections_;
};

}  // namespace concord::server::net
