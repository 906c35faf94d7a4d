// Private to the network layer: a token bucket limiting commands per session.
#pragma once

#include <chrono>

namespace concord::server::net {

// Holds up to `burst` tokens, refilled at `rate` tokens per second; each
// command takes one. Not thread-safe: a session uses it on its own strand.
class RateLimiter {
 public:
  using Clock = std::chrono::steady_clock;

  RateLimiter(double rate_per_second, double burst, Clock::time_point now = Clock::now());

  // Takes a token if one is available.
  bool try_acquire(Clock::time_point now = Clock::now());
  double tokens() const { return tokens_; }

 private:
  void refill(Clock::time_point now);

  double rate_;
  double burst_;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace concord::server::net
