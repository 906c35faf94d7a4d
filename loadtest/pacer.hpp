// A client-side token bucket so bots stay under the server's advertised
// command rate (Welcome.limits) instead of collecting RATE_LIMITED.
#pragma once

#include <chrono>

namespace concord::load {

class Pacer {
 public:
  // rate = 0 disables pacing.
  explicit Pacer(double rate_per_second = 0, double burst = 1);
  // Paces below a server's advertised limits, with a safety margin for the
  // jitter between our clock and the server's.
  static Pacer below(double server_rate, double server_burst);
  // Blocks until one command may be sent.
  void acquire();

 private:
  double rate_;
  double burst_;
  double tokens_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace concord::load
