#include "pacer.hpp"

#include <algorithm>
#include <thread>

namespace concord::load {

Pacer::Pacer(double rate_per_second, double burst)
    : rate_(rate_per_second), burst_(std::max(1.0, burst)), tokens_(burst_), last_(std::chrono::steady_clock::now()) {}

Pacer Pacer::below(double server_rate, double server_burst) {
  return Pacer(server_rate * 0.8, std::max(1.0, server_burst / 2));
}

void Pacer::acquire() {
  if (rate_ <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  tokens_ = std::min(burst_, tokens_ + std::chrono::duration<double>(now - last_).count() * rate_);
  last_ = now;
  if (tokens_ < 1.0) {
    const std::chrono::duration<double> wait((1.0 - tokens_) / rate_);
    std::this_thread::sleep_for(wait);
    tokens_ = 1.0;
    last_ = std::chrono::steady_clock::now();
  }
  tokens_ -= 1.0;
}

}  // namespace concord::load
