// Failed-login throttling: at most N failures per minute per username and per
// remote address; beyond that, logins are refused with LOGIN_RATE_LIMITED.
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <mutex>
#include <string>

namespace concord::server {

class LoginThrottle {
 public:
  using Clock = std::chrono::steady_clock;
  explicit LoginThrottle(int failures_per_minute) : limit_(failures_per_minute) {}

  bool allowed(const std::string& username, const std::string& address, Clock::time_point now = Clock::now());
  void record_failure(const std::string& username, const std::string& address, Clock::time_point now = Clock::now());

 private:
  bool under_limit(const std::string& key, Clock::time_point now);
  void prune(std::deque<Clock::time_point>& times, Clock::time_point now);

  int limit_;
  std::mutex mutex_;
  std::map<std::string, std::deque<Clock::time_point>> failures_;
};

}  // namespace concord::server
