// ReachabilityTracker (see reachability.hpp).
#include "concord/persistence/reachability.hpp"

#include <algorithm>

namespace concord::persistence {

namespace {

std::int64_t now_ns() {
  // Never 0, which means "reachable".
  const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count();
  return std::max<std::int64_t>(1, ns);
}

}  // namespace

double ReachabilityTracker::mark(bool reachable) {
  if (reachable) {
    const std::int64_t since = down_since_ns_.exchange(0);
    if (since == 0) return 0;
    return std::max(1e-9, static_cast<double>(now_ns() - since) / 1e9);
  }
  std::int64_t expected = 0;
  return down_since_ns_.compare_exchange_strong(expected, now_ns()) ? -1 : 0;
}

Reachability ReachabilityTracker::get() const {
  const std::int64_t since = down_since_ns_.load();
  if (since == 0) return {};
  return {false, static_cast<double>(now_ns() - since) / 1e9};
}

}  // namespace concord::persistence
