// Holds every room slot of a run at the start line until all have set up
// their bots, so that the measurement window begins with every match playing
// and the set-up (connect, sign in) stays out of it.
#pragma once

#include <condition_variable>
#include <mutex>
#include <optional>

#include "load_config.hpp"

namespace concord::load {

class StartGate {
 public:
  explicit StartGate(int slots) : waiting_for_(slots) {}

  // A slot is set up (or gave up); then it waits in wait_open().
  void arrive() {
    std::lock_guard lock(mutex_);
    --waiting_for_;
    cv_.notify_all();
  }
  // The run's side: waits until every slot has arrived.
  void wait_all_arrived() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return waiting_for_ <= 0; });
  }
  // Lets every slot go, with the run's deadline.
  void open(Clock::time_point deadline) {
    std::lock_guard lock(mutex_);
    deadline_ = deadline;
    cv_.notify_all();
  }
  // A slot's side: returns the deadline once the gate opens.
  Clock::time_point wait_open() {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [&] { return deadline_.has_value(); });
    return *deadline_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  int waiting_for_;
  std::optional<Clock::time_point> deadline_;
};

}  // namespace concord::load
