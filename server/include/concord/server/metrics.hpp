// Process metrics, rendered as Prometheus text at GET /metrics.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace concord::server {

class Metrics {
 public:
  static Metrics& instance();

  std::atomic<std::int64_t> connections{0};       // gauge: open WebSocket sessions
  std::atomic<std::int64_t> rooms{0};             // gauge: open rooms
  std::atomic<std::int64_t> matches_running{0};   // gauge
  std::atomic<std::uint64_t> messages_in{0};      // counter: client frames decoded
  std::atomic<std::uint64_t> messages_out{0};     // counter
  std::atomic<std::uint64_t> slow_consumers_closed{0};
  std::atomic<std::uint64_t> connections_refused{0};  // over --max-connections(-per-address)
  std::atomic<std::uint64_t> commands_accepted{0};

  void command_rejected(const std::string& code);  // counter labelled by code
  void observe_command_latency(double seconds);    // histogram
  // Journal lag source (seconds of the last batch, pending entries), set by the app.
  void set_journal_source(std::function<std::pair<double, std::uint64_t>()> source);
  // Database reachability source (reachable, seconds unreachable), set by the app.
  using DatabaseStatus = std::pair<bool, double>;
  void set_database_source(std::function<DatabaseStatus()> source);
  // (true, 0) when no source is set (a server without a database).
  DatabaseStatus database_status() const;

  std::string render() const;  // Prometheus text exposition format 0.0.4

 private:
  Metrics() = default;
  static constexpr std::array<double, 12> kBuckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005,
                                                   0.01,   0.025,   0.05,   0.1,   0.25,   1.0};
  mutable std::mutex mutex_;
  std::map<std::string, std::uint64_t> rejected_;
  std::array<std::uint64_t, kBuckets.size() + 1> latency_counts_{};
  double latency_sum_ = 0;
  std::uint64_t latency_count_ = 0;
  std::function<std::pair<double, std::uint64_t>()> journal_source_;
  std::function<DatabaseStatus()> database_source_;
};

}  // namespace concord::server
