#include "load_stats.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>

namespace concord::load {

namespace {

std::string counts(const std::map<std::string, std::uint64_t>& by_code) {
  if (by_code.empty()) return "none";
  std::string out;
  for (const auto& [code, count] : by_code) out += (out.empty() ? "" : ", ") + code + " " + std::to_string(count);
  return out;
}

std::uint64_t total(const std::map<std::string, std::uint64_t>& by_code) {
  std::uint64_t sum = 0;
  for (const auto& entry : by_code) sum += entry.second;
  return sum;
}

}  // namespace

double quantile(std::vector<double>& values, double q) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return values[std::min(values.size() - 1, rank == 0 ? 0 : rank - 1)];
}

LatencySummary summarize(std::vector<double>& values) {
  LatencySummary out;
  out.p50_ms = quantile(values, 0.50) * 1000;
  out.p99_ms = quantile(values, 0.99) * 1000;
  out.max_ms = values.empty() ? 0 : values.back() * 1000;
  return out;
}

void LoadStats::command(double seconds, const std::string& code, Clock::time_point end) {
  std::lock_guard lock(mutex_);
  latencies_.push_back(seconds);
  if (!first_command_)
    first_command_ = end - std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  last_command_ = end;
  if (code.empty()) {
    ++accepted_;
  } else {
    ++rejected_[code];
  }
}

void LoadStats::match_finished(bool seed_verified, bool by_command_limit) {
  std::lock_guard lock(mutex_);
  ++finished_;
  if (seed_verified) ++seeds_verified_;
  if (by_command_limit) ++by_limit_;
}

void LoadStats::match_unfinished(std::uint64_t count) {
  std::lock_guard lock(mutex_);
  unfinished_ += count;
}

void LoadStats::error(const std::string& code) {
  std::lock_guard lock(mutex_);
  ++errors_[code];
}

std::uint64_t LoadStats::accepted() const {
  std::lock_guard lock(mutex_);
  return accepted_;
}

std::uint64_t LoadStats::matches_finished() const {
  std::lock_guard lock(mutex_);
  return finished_;
}

std::uint64_t LoadStats::errors() const {
  std::lock_guard lock(mutex_);
  return total(errors_);
}

std::map<std::string, std::uint64_t> LoadStats::rejected() const {
  std::lock_guard lock(mutex_);
  return rejected_;
}

LatencySummary LoadStats::latency() const {
  std::vector<double> values;
  {
    std::lock_guard lock(mutex_);
    values = latencies_;
  }
  return summarize(values);
}

void LoadStats::set_window(Clock::time_point start, Clock::time_point end) {
  std::lock_guard lock(mutex_);
  window_ = {start, end};
}

void LoadStats::move_seen(double seconds, Clock::time_point seen) {
  std::lock_guard lock(mutex_);
  if (window_ && (seen < window_->first || seen >= window_->second)) return;
  move_latencies_.push_back(seconds);
}

std::uint64_t LoadStats::moves_seen() const {
  std::lock_guard lock(mutex_);
  return move_latencies_.size();
}

LatencySummary LoadStats::move_latency() const {
  std::vector<double> values;
  {
    std::lock_guard lock(mutex_);
    values = move_latencies_;
  }
  return summarize(values);
}

void LoadStats::report(std::ostream& out, double elapsed_seconds, std::uint64_t matches_planned) const {
  const LatencySummary lat = latency();
  const LatencySummary moves = move_latency();
  std::lock_guard lock(mutex_);
  const double play = first_command_ ? std::chrono::duration<double>(last_command_ - *first_command_).count() : 0;
  const double rate = play > 0 ? static_cast<double>(accepted_) / play : 0;
  out << std::fixed << std::setprecision(2);
  out << "matches finished:   " << finished_;
  if (matches_planned > 0) out << " of " << matches_planned;
  out << " (unfinished " << unfinished_
      << ", ended by command limit " << by_limit_ << ", seeds verified " << seeds_verified_ << ")\n";
  out << "commands accepted:  " << accepted_ << "\n";
  out << "commands/second:    " << rate << " (first to last command: " << play << " s; whole run " << elapsed_seconds
      << " s)\n";
  out << "latency (ms):       p50 " << lat.p50_ms << "  p99 " << lat.p99_ms << "  max " << lat.max_ms << "  ("
      << latencies_.size() << " round trips)\n";
  out << "move -> update (ms): p50 " << moves.p50_ms << "  p99 " << moves.p99_ms << "  max " << moves.max_ms << "  ("
      << move_latencies_.size() << " moves" << (window_ ? " in the window" : "") << ")\n";
  out << "rejected:           " << total(rejected_) << " (" << counts(rejected_) << ")\n";
  out << "errors:             " << total(errors_) << " (" << counts(errors_) << ")\n";
}

}  // namespace concord::load
