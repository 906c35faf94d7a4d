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
  void match_unfinished(std::uint64_t count = 1);
  // A failure outside a command (connect, register, create room, ...).
  void error(const std::string& code);
  // The measurement window: move_seen counts only moves seen inside it. Without
  // one, every move counts.
  void set_window(Clock::time_point start, Clock::time_point end);
  // A bot's accepted move showed in a MatchUpdate at `seen`, `seconds` after
  // the bot sent it (move -> update latency).
  void move_seen(double seconds, Clock::time_point seen = Clock::now());

  std::uint64_t accepted() const;
  std::uint64_t matches_finished() const;
  std::uint64_t errors() const;
  std::map<std::string, std::uint64_t> rejected() const;
  LatencySummary latency() const;
  // Moves counted by move_seen and their latency.
  std::uint64_t moves_seen() const;
  LatencySummary move_latency() const;

  // matches_planned = 0: an open-ended run (matches played until the window ended).
  void report(std::ostream& out, double elapsed_seconds, std::uint64_t matches_planned) const;

 private:
  mutable std::mutex mutex_;
  std::vector<double> latencies_;
  std::vector<double> move_latencies_;
  std::optional<std::pair<Clock::time_point, Clock::time_point>> window_;
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
// p50, p99 and max of `values` (seconds) in milliseconds. Sorts `values`.
LatencySummary summarize(std::vector<double>& values);

}  // namespace concord::load
