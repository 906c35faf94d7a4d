// Failed-login throttling: at most N failures per minute per username and per
// remote address; beyond that, logins are refused with LOGIN_RATE_LIMITED.
// Bounded: a key keeps at most N timestamps, keys whose failures are all
// older than a minute are forgotten, and the table holds at most
// `max_entries` keys (when full, the keys whose last failure is oldest go).
// Callers pass only usernames that could exist (validated first).
#pragma once

#include <chrono>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace concord::server {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr auto kWindow = std::chrono::minutes(1);

  explicit LoginThrottle(int failures_per_minute, std::size_t max_entries = 100000)
      : limit_(static_cast<std::size_t>(failures_per_minute)), max_entries_(max_entries) {}

  bool allowed(const std::string& username, const std::string& address, Clock::time_point now = Clock::now());
  void record_failure(const std::string& username, const std::string& address, Clock::time_point now = Clock::now());
  std::size_t entries() const;  // keys held (usernames + addresses)

 private:
  bool under_limit(const std::string& key, Clock::time_point now);
  void add(const std::string& key, Clock::time_point now);
  void prune(std::deque<Clock::time_point>& times, Clock::time_point now) const;
  void make_room(Clock::time_point now);

  const std::size_t limit_;
  const std::size_t max_entries_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, std::deque<Clock::time_point>> failures_;
  Clock::time_point next_sweep_{};
};

}  // namespace concord::server
