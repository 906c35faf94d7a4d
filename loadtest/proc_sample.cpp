#include "proc_sample.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace concord::load {

namespace {

std::optional<std::string> read_first_line(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  if (!file || !std::getline(file, line)) return std::nullopt;
  return line;
}

std::optional<ProcStat> read_stat(int pid) {
  const auto line = read_first_line("/proc/" + std::to_string(pid) + "/stat");
  return line ? parse_proc_stat(*line) : std::nullopt;
}

double ticks_to_seconds(std::uint64_t ticks) {
  static const double per_second = static_cast<double>(sysconf(_SC_CLK_TCK));
  return static_cast<double>(ticks) / per_second;
}

std::vector<ProcStat> all_processes() {
  std::vector<ProcStat> out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator("/proc", error)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
    if (auto stat = read_stat(std::stoi(name))) out.push_back(*stat);
  }
  return out;
}

}  // namespace

std::optional<ProcStat> parse_proc_stat(const std::string& line) {
  // "pid (comm) state ppid ..." where comm may contain anything: split at the last ')'.
  const auto open = line.find('(');
  const auto close = line.rfind(')');
  if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
  ProcStat stat;
  try {
    stat.pid = std::stoi(line.substr(0, open));
  } catch (const std::exception&) {
    return std::nullopt;
  }
  std::istringstream rest(line.substr(close + 1));
  // Fields after comm, 1-based from "state" (field 3 of stat(5)): ppid is 2nd,
  // utime 12th, stime 13th, cutime 14th, cstime 15th.
  std::vector<std::string> fields;
  std::string field;
  while (fields.size() < 15 && rest >> field) fields.push_back(field);
  if (fields.size() < 15) return std::nullopt;
  try {
    stat.ppid = std::stoi(fields[1]);
    stat.utime = std::stoull(fields[11]);
    stat.stime = std::stoull(fields[12]);
    stat.cutime = std::stoull(fields[13]);
    stat.cstime = std::stoull(fields[14]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return stat;
}

std::optional<CpuTimes> process_cpu_times(int pid) {
  const auto stat = read_stat(pid);
  if (!stat) return std::nullopt;
  return CpuTimes{ticks_to_seconds(stat->utime + stat->stime), ticks_to_seconds(stat->stime)};
}

std::optional<double> process_cpu_seconds(int pid) {
  const auto times = process_cpu_times(pid);
  if (!times) return std::nullopt;
  return times->total;
}

std::optional<double> process_tree_cpu_seconds(int root) {
  const auto processes = all_processes();
  std::multimap<int, const ProcStat*> children;
  const ProcStat* root_stat = nullptr;
  for (const auto& p : processes) {
    children.emplace(p.ppid, &p);
    if (p.pid == root) root_stat = &p;
  }
  if (!root_stat) return std::nullopt;
  std::uint64_t ticks = root_stat->cutime + root_stat->cstime;
  std::vector<const ProcStat*> to_visit{root_stat};
  while (!to_visit.empty()) {
    const ProcStat* p = to_visit.back();
    to_visit.pop_back();
    ticks += p->utime + p->stime;
    const auto [first, last] = children.equal_range(p->pid);
    for (auto it = first; it != last; ++it) to_visit.push_back(it->second);
  }
  return ticks_to_seconds(ticks);
}

std::optional<std::uint64_t> resident_kib(int pid) {
  std::ifstream file("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (file && std::getline(file, line)) {
    if (line.rfind("VmRSS:", 0) == 0) {
      std::istringstream value(line.substr(6));
      std::uint64_t kib = 0;
      if (value >> kib) return kib;
    }
  }
  return std::nullopt;
}

}  // namespace concord::load
