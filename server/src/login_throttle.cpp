// Failed-login throttling.
#include "login_throttle.hpp"

#include <algorithm>
#include <iterator>
#include <vector>

namespace concord::server {

namespace {
std::string user_key(const std::string& username) { return "user:" + username; }
std::string addr_key(const std::string& address) { return "addr:" + address; }
}  // namespace

void LoginThrottle::prune(std::deque<Clock::time_point>& times, Clock::time_point now) const {
  while (!times.empty() && now - times.front() > kWindow) times.pop_front();
}

bool LoginThrottle::under_limit(const std::string& key, Clock::time_point now) {
  auto it = failures_.find(key);
  if (it == failures_.end()) return true;
  prune(it->second, now);
  if (it->second.empty()) {
    failures_.erase(it);
    return true;
  }
  return it->second.size() < limit_;
}

bool LoginThrottle::allowed(const std::string& username, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  return under_limit(user_key(username), now) && under_limit(addr_key(address), now);
}

// Forgets expired keys (at most once per window unless the table is full),
// then, if still full, the keys whose last failure is oldest.
void LoginThrottle::make_room(Clock::time_point now) {
  const bool full = failures_.size() >= max_entries_;
  if (!full && now < next_sweep_) return;
  next_sweep_ = now + kWindow;
  for (auto it = failures_.begin(); it != failures_.end();) {
    prune(it->second, now);
    it = it->second.empty() ? failures_.erase(it) : std::next(it);
  }
  if (failures_.size() < max_entries_) return;
  std::vector<std::pair<Clock::time_point, const std::string*>> by_age;
  by_age.reserve(failures_.size());
  for (const auto& [key, times] : failures_) by_age.emplace_back(times.back(), &key);
  const auto excess = failures_.size() - max_entries_ + 1;
  std::nth_element(by_age.begin(), by_age.begin() + static_cast<std::ptrdiff_t>(excess - 1), by_age.end());
  std::vector<std::string> victims;
  for (std::size_t i = 0; i < excess; ++i) victims.push_back(*by_age[i].second);
  for (const auto& key : victims) failures_.erase(key);
}

void LoginThrottle::add(const std::string& key, Clock::time_point now) {
  if (!failures_.count(key)) make_room(now);
  auto& times = failures_[key];
  prune(times, now);
  times.push_back(now);
  while (times.size() > limit_) times.pop_front();  // only the newest `limit_` matter
}

void LoginThrottle::record_failure(const std::string& username, const std::string& address, Clock::time_point now) {
  std::lock_guard lock(mutex_);
  add(user_key(username), now);
  add(addr_key(address), now);
}

std::size_t LoginThrottle::entries() const {
  std::lock_guard lock(mutex_);
  return failures_.size();
}

}  // namespace concord::server
