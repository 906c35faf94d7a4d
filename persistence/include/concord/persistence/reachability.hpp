// Whether the database answered the last time a connection was tried, and
// since when it has not. Shared by the journal and the worker pool so that
// the server can report it (/healthz, /readyz, metrics). Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace concord::persistence {

struct Reachability {
  bool reachable = true;
  double unreachable_seconds = 0;  // how long it has been unreachable (0 if reachable)
};

class ReachabilityTracker {
 public:
  // Records the outcome of a connection attempt or a statement. Returns the
  // seconds it had been unreachable when it becomes reachable again, -1 when
  // it just became unreachable, 0 when nothing changed (for logging).
  double mark(bool reachable);
  Reachability get() const;

 private:
  std::atomic<std::int64_t> down_since_ns_{0};  // steady clock; 0 = reachable
};

}  // namespace concord::persistence
