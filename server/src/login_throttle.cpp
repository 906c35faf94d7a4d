// Failed-login throttling.
#include "login_throttle.hpp"

namespace concord::server {

namespace {
std::string user_key(const std::string& username) { return "user:" + username; }
std::string addr_key(const std::string& address) { return "addr:" + address; }
}  // namespace

void LoginThrottle::prune(std::deque<Clock::time_point>& times, Clock::time_point now) {
  while (!times.empty() && now - times.front() > std::chrono::minutes(1)) times.pop_front();
}

bool LoginThrottle::under_limit(const std::string& key, Clock::time_point now) {
  auto it = failures_.find(key);
  if (it == failures_.end()) return true;
  prune(it->second, now);
  return static_cast<int>(it->second.size()) < limit_;
}

bool LoginThrottle::allowed(const std::string& username, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return under_limit(user_key(username), now) && under_limit(addr_key(address), now);
}

void LoginThrottle::record_failure(const std::string& username, const std::string& address,
                                   Clock::time_point now) {
  std::lock_guard lock(mutex_);
  for (const auto& key : {user_key(username), addr_key(address)}) {
    auto& times = failures_[key];
    prune(times, now);
    times.push_back(now);
  }
}

}  // namespace concord::server
