// Metrics::render: Prometheus text exposition format.
#include <string>

#include <gtest/gtest.h>

#include "concord/server/metrics.hpp"

namespace concord::server {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The value on the line that starts with `series ` (or -1).
double value_of(const std::string& text, const std::string& series) {
  const std::string prefix = series + " ";
  std::size_t pos = text.rfind("\n" + prefix);
  if (pos == std::string::npos) return -1;
  pos += 1 + prefix.size();
  return std::stod(text.substr(pos, text.find('\n', pos) - pos));
}

TEST(MetricsTest, RendersGaugesAndCountersWithHelpAndType) {
  auto& m = Metrics::instance();
  const auto before = m.commands_accepted.load();
  ++m.commands_accepted;
  const auto text = m.render();
  for (const char* name : {"concord_connections", "concord_rooms", "concord_matches_running"}) {
    EXPECT_TRUE(contains(text, std::string("# TYPE ") + name + " gauge\n")) << name;
    EXPECT_TRUE(contains(text, std::string("# HELP ") + name + " ")) << name;
  }
  for (const char* name : {"concord_messages_in_total", "concord_messages_out_total",
                           "concord_slow_consumers_closed_total", "concord_commands_accepted_total",
                           "concord_commands_rejected_total"}) {
    EXPECT_TRUE(contains(text, std::string("# TYPE ") + name + " counter\n")) << name;
  }
  EXPECT_EQ(value_of(text, "concord_commands_accepted_total"), static_cast<double>(before + 1));
  EXPECT_EQ(text.back(), '\n');
}

TEST(MetricsTest, RejectedCommandsAreLabelledByCode) {
  auto& m = Metrics::instance();
  m.command_rejected("TEST_CODE_A");
  m.command_rejected("TEST_CODE_A");
  m.command_rejected("quote\"back\\slash");
  const auto text = m.render();
  EXPECT_GE(value_of(text, "concord_commands_rejected_total{code=\"TEST_CODE_A\"}"), 2);
  EXPECT_TRUE(contains(text, "concord_commands_rejected_total{code=\"quote\\\"back\\\\slash\"} "));
}

TEST(MetricsTest, LatencyHistogramIsCumulative) {
  auto& m = Metrics::instance();
  const auto before = m.render();
  const double count0 = value_of(before, "concord_command_latency_seconds_count");
  const double small0 = value_of(before, "concord_command_latency_seconds_bucket{le=\"0.0001\"}");
  const double mid0 = value_of(before, "concord_command_latency_seconds_bucket{le=\"0.01\"}");
  const double inf0 = value_of(before, "concord_command_latency_seconds_bucket{le=\"+Inf\"}");
  m.observe_command_latency(0.00005);  // first bucket
  m.observe_command_latency(0.003);    // le=0.005
  m.observe_command_latency(5.0);      // only +Inf
  const auto text = m.render();
  EXPECT_TRUE(contains(text, "# TYPE concord_command_latency_seconds histogram\n"));
  EXPECT_EQ(value_of(text, "concord_command_latency_seconds_bucket{le=\"0.0001\"}"), small0 + 1);
  EXPECT_EQ(value_of(text, "concord_command_latency_seconds_bucket{le=\"0.01\"}"), mid0 + 2);
  EXPECT_EQ(value_of(text, "concord_command_latency_seconds_bucket{le=\"+Inf\"}"), inf0 + 3);
  EXPECT_EQ(value_of(text, "concord_command_latency_seconds_count"), count0 + 3);
  EXPECT_TRUE(contains(text, "concord_command_latency_seconds_bucket{le=\"0.00025\"} "));
  EXPECT_TRUE(contains(text, "concord_command_latency_seconds_bucket{le=\"1\"} "));
  EXPECT_GE(value_of(text, "concord_command_latency_seconds_sum"), 5.003);
}

TEST(MetricsTest, JournalSourceIsRenderedWhenSet) {
  auto& m = Metrics::instance();
  m.set_journal_source([] { return std::pair<double, std::uint64_t>{0.25, 17}; });
  const auto text = m.render();
  m.set_journal_source(nullptr);
  EXPECT_TRUE(contains(text, "# TYPE concord_journal_last_batch_seconds gauge\n"));
  EXPECT_EQ(value_of(text, "concord_journal_last_batch_seconds"), 0.25);
  EXPECT_EQ(value_of(text, "concord_journal_pending"), 17);
  EXPECT_FALSE(contains(m.render(), "concord_journal_pending"));
}

}  // namespace
}  // namespace concord::server
