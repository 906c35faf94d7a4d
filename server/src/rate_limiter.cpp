#include "rate_limiter.hpp"

#include <algorithm>

namespace concord::server::net {

RateLimiter::RateLimiter(double rate_per_second, double burst, Clock::time_point now)
    : rate_(std::max(rate_per_second, 0.0)), burst_(std::max(burst, 1.0)), tokens_(burst_), last_(now) {}

void RateLimiter::refill(Clock::time_point now) {
  if (now <= last_) return;
  const std::chrono::duration<double> elapsed = now - last_;
  tokens_ = std::min(burst_, tokens_ + elapsed.count() * rate_);
  last_ = now;
}

bool RateLimiter::try_acquire(Clock::time_point now) {
  refill(now);
  if (tokens_ < 1.0) return false;
  tokens_ -= 1.0;
  return true;
}

}  // namespace concord::server::net
