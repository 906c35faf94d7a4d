// The benchmark's measurement window: the server's and PostgreSQL's CPU over
// it and the server's memory, read from /proc (proc_sample.hpp), and the
// report of the window (human lines plus one "bench:" line that
// loadtest/peer_bench.sh reads; the Node clients of loadtest/peers print the
// same line).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>

#include "load_stats.hpp"
#include "proc_sample.hpp"

namespace concord::load {

struct WindowFigures {
  double seconds = 0;              // window length
  std::uint64_t moves = 0;         // accepted moves seen in the window
  LatencySummary latency;          // move -> update
  int live_matches = 0;            // matches kept running concurrently
  std::optional<double> server_cpu;  // seconds of server CPU in the window
  std::optional<double> server_system_cpu;  // of which in the kernel (stime)
  std::optional<double> pg_cpu;      // seconds of PostgreSQL CPU in the window
  std::optional<std::uint64_t> rss_idle_kib;  // server before any bot connected
  std::optional<std::uint64_t> rss_end_kib;   // server at the end of the window
};

class WindowSampler {
 public:
  // pid 0 = not sampled.
  WindowSampler(int server_pid, int pg_pid) : server_pid_(server_pid), pg_pid_(pg_pid) {}

  void idle();   // before any bot connects
  void start();  // at the start of the window
  void end();    // at its end
  // Fills the CPU and memory fields of `figures` from the samples.
  void fill(WindowFigures& figures) const;

 private:
  int server_pid_;
  int pg_pid_;
  std::optional<std::uint64_t> rss_idle_, rss_end_;
  std::optional<CpuTimes> server_start_, server_end_;
  std::optional<double> pg_start_, pg_end_;
};

// "window: ..." lines and the machine-readable line
// "bench: moves=N window_s=S moves_per_s=R server_cpu_s=C server_sys_s=K pg_cpu_s=P
//  p50_ms=A p99_ms=B rss_idle_kib=I rss_end_kib=E live_matches=M" ("-" for a
// figure not sampled; server_sys_s is the kernel's part of server_cpu_s).
void print_window(std::ostream& out, const WindowFigures& figures);

}  // namespace concord::load
