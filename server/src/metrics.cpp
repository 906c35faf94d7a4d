// Metrics: counters and gauges rendered in the Prometheus text exposition format 0.0.4.
#include "concord/server/metrics.hpp"

#include <charconv>
#include <cmath>
#include <system_error>
#include <type_traits>
#include <utility>

namespace concord::server {
namespace {

// Shortest round-trip representation; `fixed` for bucket bounds ("0.00025", "1").
std::string format_double(double v, bool fixed = false) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  char buf[64];
  auto res = fixed ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed)
                   : std::to_chars(buf, buf + sizeof buf, v);
  if (res.ec != std::errc{}) return "NaN";
  return std::string(buf, res.ptr);
}

std::string escape_label(const std::string& value) {
  std::string out;
  out.reserve(value.size());
  for (char c : value) {
    if (c == '\\') out += "\\\\";
    else if (c == '"') out += "\\\"";
    else if (c == '\n') out += "\\n";
    else out += c;
  }
  return out;
}

void header(std::string& out, const char* name, const char* type, const char* help) {
  out += "# HELP ";
  out += name;
  out += ' ';
  out += help;
  out += "\n# TYPE ";
  out += name;
  out += ' ';
  out += type;
  out += '\n';
}

template <typename T>
void sample(std::string& out, const char* name, const char* type, const char* help, T value) {
  header(out, name, type, help);
  out += name;
  out += ' ';
  if constexpr (std::is_floating_point_v<T>) out += format_double(value);
  else out += std::to_string(value);
  out += '\n';
}

void render_gauges_and_counters(std::string& out, const Metrics& m) {
  sample(out, "concord_connections", "gauge", "Open WebSocket sessions.", m.connections.load());
  sample(out, "concord_rooms", "gauge", "Open rooms.", m.rooms.load());
  sample(out, "concord_matches_running", "gauge", "Matches in progress.", m.matches_running.load());
  sample(out, "concord_messages_in_total", "counter", "Client messages decoded.", m.messages_in.load());
  sample(out, "concord_messages_out_total", "counter", "Server messages written.", m.messages_out.load());
  sample(out, "concord_slow_consumers_closed_total", "counter",
         "Connections closed because their outbound queue overflowed.", m.slow_consumers_closed.load());
  sample(out, "concord_connections_refused_total", "counter",
         "Connections refused over the connection caps.", m.connections_refused.load());
  sample(out, "concord_commands_accepted_total", "counter", "Match commands accepted.", m.commands_accepted.load());
}

void render_rejected(std::string& out, const std::map<std::string, std::uint64_t>& rejected) {
  header(out, "concord_commands_rejected_total", "counter", "Requests refused, by error code.");
  for (const auto& [code, count] : rejected) {
    out += "concord_commands_rejected_total{code=\"" + escape_label(code) + "\"} " + std::to_string(count) + '\n';
  }
}

template <std::size_t N>
void render_histogram(std::string& out, const std::array<double, N>& bounds,
                      const std::array<std::uint64_t, N + 1>& counts, double sum, std::uint64_t count) {
  header(out, "concord_command_latency_seconds", "histogram", "Time to apply a match command.");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i <= N; ++i) {
    cumulative += counts[i];
    const std::string le = i < N ? format_double(bounds[i], true) : "+Inf";
    out += "concord_command_latency_seconds_bucket{le=\"" + le + "\"} " + std::to_string(cumulative) + '\n';
  }
  out += "concord_command_latency_seconds_sum " + format_double(sum) + '\n';
  out += "concord_command_latency_seconds_count " + std::to_string(count) + '\n';
}

void render_journal(std::string& out, std::pair<double, std::uint64_t> journal) {
  sample(out, "concord_journal_last_batch_seconds", "gauge", "Duration of the last journal batch.", journal.first);
  sample(out, "concord_journal_pending", "gauge", "Journal entries waiting to be written.", journal.second);
}

void render_database(std::string& out, Metrics::DatabaseStatus status) {
  sample(out, "concord_database_up", "gauge", "1 if the database answered the last attempt, else 0.",
         status.first ? 1 : 0);
  sample(out, "concord_database_unreachable_seconds", "gauge", "How long the database has been unreachable.",
         status.second);
}

}  // namespace

Metrics& Metrics::instance() {
  static Metrics metrics;
  return metrics;
}

void Metrics::command_rejected(const std::string& code) {
  std::lock_guard lock(mutex_);
  ++rejected_[code];
}

void Metrics::observe_command_latency(double seconds) {
  if (!(seconds >= 0)) seconds = 0;  // also maps NaN to 0
  std::size_t bucket = 0;
  while (bucket < kBuckets.size() && seconds > kBuckets[bucket]) ++bucket;
  std::lock_guard lock(mutex_);
  ++latency_counts_[bucket];
  latency_sum_ += seconds;
  ++latency_count_;
}

void Metrics::set_journal_source(std::function<std::pair<double, std::uint64_t>()> source) {
  std::lock_guard lock(mutex_);
  journal_source_ = std::move(source);
}

void Metrics::set_database_source(std::function<DatabaseStatus()> source) {
  std::lock_guard lock(mutex_);
  database_source_ = std::move(source);
}

Metrics::DatabaseStatus Metrics::database_status() const {
  std::function<DatabaseStatus()> source;
  {
    std::lock_guard lock(mutex_);
    source = database_source_;
  }
  return source ? source() : DatabaseStatus{true, 0};
}

std::string Metrics::render() const {
  std::string out;
  out.reserve(4096);
  render_gauges_and_counters(out, *this);
  std::function<std::pair<double, std::uint64_t>()> journal;
  {
    std::lock_guard lock(mutex_);
    render_rejected(out, rejected_);
    render_histogram(out, kBuckets, latency_counts_, latency_sum_, latency_count_);
    journal = journal_source_;
  }
  if (journal) render_journal(out, journal());  // called unlocked: the source may take its own locks
  render_database(out, database_status());
  return out;
}

}  // namespace concord::server
