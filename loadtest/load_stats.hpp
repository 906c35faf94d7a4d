// What the load test measured. Thread-safe: every bot records into one.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace concord::load {

struct LatencySummary {
  double p50_ms = 0;
  double p99_ms = 0;
  double max_ms = 0;
};

class LoadStats {
 public:
  using Clock = std::chrono::steady_clock;

  // One SubmitAnswer round trip ending at `end`; `code` is empty when accepted.
  void command(double seconds, const std::string& code, Clock::time_point end = Clock::now());
  // A match seen to its end; `seed_verified` = sha256(seed) matched the commitment.
  void match_finished(bool seed_verified, bool by_command_limit);
  void match_unfinished();
  // A failure outside a command (connect, register, create room, ...).
  void error(const std::string& code);

  std::uint64_t accepted() const;
  std::uint64_t matches_finished() const;
  std::uint64_t errors() const;
  std::map<std::string, std::uint64_t> rejected() const;
  LatencySummary latency() const;

  void report(std::ostream& out, double elapsed_seconds, std::uint64_t matches_planned) const;

 private:
  mutable std::mutex mutex_;
  std::vector<double> latencies_;
  std::optional<Clock::time_point> first_command_;
  Clock::time_point last_command_{};
  std::uint64_t accepted_ = 0;
  std::map<std::string, std::uint64_t> rejected_;
  std::map<std::string, std::uint64_t> errors_;
  std::uint64_t finished_ = 0;
  std::uint64_t by_limit_ = 0;
  std::uint64_t unfinished_ = 0;
  std::uint64_t seeds_verified_ = 0;
};

// The q-quantile (0..1) of `values` by nearest rank; 0 if empty. Sorts `values`.
double quantile(std::vector<double>& values, double q);

}  // namespace concord::load
