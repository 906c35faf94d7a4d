// CPU time and resident memory of processes, read from /proc (Linux): what
// concord-load samples of the server (--server-pid) and of its PostgreSQL
// cluster (--pg-pid) over the measurement window.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace concord::load {

// The fields of one /proc/<pid>/stat line that the sampler needs, in clock ticks.
struct ProcStat {
  int pid = 0;
  int ppid = 0;
  std::uint64_t utime = 0;
  std::uint64_t stime = 0;
  std::uint64_t cutime = 0;  // waited-for children (exited backends of a postmaster)
  std::uint64_t cstime = 0;
};

// Parses a /proc/<pid>/stat line; the command name may hold spaces and ')'.
std::optional<ProcStat> parse_proc_stat(const std::string& line);

// A process's CPU in seconds, from one reading of its stat line: utime +
// stime, and stime alone (the kernel's part: its system calls, and on
// loopback the TCP processing of what it sends).
struct CpuTimes {
  double total = 0;
  double system = 0;
};
std::optional<CpuTimes> process_cpu_times(int pid);

// utime + stime of `pid`, in seconds; nullopt if the process is gone.
std::optional<double> process_cpu_seconds(int pid);

// CPU seconds of `root` and every live descendant, plus what `root` collected
// from children that already exited (cutime + cstime): for a postmaster, the
// CPU of the whole cluster, backends included. nullopt if `root` is gone.
std::optional<double> process_tree_cpu_seconds(int root);

// VmRSS of `pid` in KiB; nullopt if the process is gone.
std::optional<std::uint64_t> resident_kib(int pid);

}  // namespace concord::load
