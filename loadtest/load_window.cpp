#include "load_window.hpp"

#include <iomanip>
#include <sstream>

#include "proc_sample.hpp"

namespace concord::load {

namespace {

std::optional<double> difference(const std::optional<double>& start, const std::optional<double>& end) {
  if (!start || !end) return std::nullopt;
  return *end - *start;
}

template <typename T>
std::string or_dash(const std::optional<T>& value) {
  if (!value) return "-";
  std::ostringstream out;
  out << std::fixed << std::setprecision(3) << *value;
  return out.str();
}

}  // namespace

void WindowSampler::idle() {
  if (server_pid_) rss_idle_ = resident_kib(server_pid_);
}

void WindowSampler::start() {
  if (server_pid_) server_start_ = process_cpu_times(server_pid_);
  if (pg_pid_) pg_start_ = process_tree_cpu_seconds(pg_pid_);
}

void WindowSampler::end() {
  if (server_pid_) {
    server_end_ = process_cpu_times(server_pid_);
    rss_end_ = resident_kib(server_pid_);
  }
  if (pg_pid_) pg_end_ = process_tree_cpu_seconds(pg_pid_);
}

void WindowSampler::fill(WindowFigures& figures) const {
  if (server_start_ && server_end_) {
    figures.server_cpu = server_end_->total - server_start_->total;
    figures.server_system_cpu = server_end_->system - server_start_->system;
  }
  figures.pg_cpu = difference(pg_start_, pg_end_);
  figures.rss_idle_kib = rss_idle_;
  figures.rss_end_kib = rss_end_;
}

void print_window(std::ostream& out, const WindowFigures& f) {
  const double moves = static_cast<double>(f.moves);
  out << std::fixed << std::setprecision(2);
  out << "window:             " << f.seconds << " s, " << f.moves << " moves (" << (f.seconds > 0 ? moves / f.seconds : 0)
      << "/s), " << f.live_matches << " live matches\n";
  if (f.server_cpu) {
    out << "server CPU:         " << *f.server_cpu << " s (" << (*f.server_cpu > 0 ? moves / *f.server_cpu : 0)
        << " moves per CPU-second)";
    if (f.server_system_cpu) out << ", of which in the kernel " << *f.server_system_cpu << " s";
    if (f.pg_cpu) {
      const double both = *f.server_cpu + *f.pg_cpu;
      out << "; PostgreSQL " << *f.pg_cpu << " s (" << (both > 0 ? moves / both : 0) << " moves per CPU-second with it)";
    }
    out << "\n";
  }
  if (f.rss_idle_kib && f.rss_end_kib && f.live_matches > 0) {
    const double grown = static_cast<double>(*f.rss_end_kib) - static_cast<double>(*f.rss_idle_kib);
    out << "server RSS:         " << *f.rss_idle_kib << " KiB idle, " << *f.rss_end_kib << " KiB at the end ("
        << grown / f.live_matches << " KiB per live match)\n";
  }
  out << std::setprecision(3) << "bench: moves=" << f.moves << " window_s=" << f.seconds
      << " moves_per_s=" << (f.seconds > 0 ? moves / f.seconds : 0) << " server_cpu_s=" << or_dash(f.server_cpu)
      << " server_sys_s=" << or_dash(f.server_system_cpu) << " pg_cpu_s=" << or_dash(f.pg_cpu)
      << " p50_ms=" << f.latency.p50_ms << " p99_ms=" << f.latency.p99_ms
      << " rss_idle_kib=" << or_dash(f.rss_idle_kib) << " rss_end_kib=" << or_dash(f.rss_end_kib)
      << " live_matches=" << f.live_matches << "\n";
}

}  // namespace concord::load
