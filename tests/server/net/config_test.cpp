// parse_config: flags, CONCORD_* environment variables, precedence, --help
// and validation.
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "concord/server/config.hpp"

extern char** environ;

namespace concord::server {
namespace {

// Owns an argv built from strings; argv[0] is the program name.
class Args {
 public:
  Args(std::initializer_list<std::string> args) : strings_{"concord-server"} {
    strings_.insert(strings_.end(), args);
    for (auto& s : strings_) pointers_.push_back(s.data());
    pointers_.push_back(nullptr);
  }
  int argc() const { return static_cast<int>(strings_.size()); }
  char** argv() { return pointers_.data(); }

 private:
  std::vector<std::string> strings_;
  std::vector<char*> pointers_;
};

// Clears every CONCORD_* variable for the test and restores them afterwards.
class ConfigTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (char** e = environ; *e; ++e) {
      std::string entry = *e;
      if (entry.rfind("CONCORD_", 0) != 0) continue;
      const auto eq = entry.find('=');
      saved_.emplace_back(entry.substr(0, eq), entry.substr(eq + 1));
    }
    for (const auto& [name, value] : saved_) ::unsetenv(name.c_str());
  }
  void TearDown() override {
    for (const auto& name : set_) ::unsetenv(name.c_str());
    for (const auto& [name, value] : saved_) ::setenv(name.c_str(), value.c_str(), 1);
  }
  void setenv(const std::string& name, const std::string& value) {
    ::setenv(name.c_str(), value.c_str(), 1);
    set_.push_back(name);
  }
  std::optional<Config> parse(Args args, int* code) { return parse_config(args.argc(), args.argv(), code); }

  std::vector<std::pair<std::string, std::string>> saved_;
  std::vector<std::string> set_;
};

TEST_F(ConfigTest, NoArgumentsGiveTheDefaults) {
  int code = -1;
  auto config = parse({}, &code);
  ASSERT_TRUE(config);
  EXPECT_EQ(code, 0);
  const Config defaults;
  EXPECT_EQ(config->address, defaults.address);
  EXPECT_EQ(config->port, defaults.port);
  EXPECT_EQ(config->threads, defaults.threads);
  EXPECT_EQ(config->max_message_bytes, defaults.max_message_bytes);
  EXPECT_EQ(config->commands_per_second, defaults.commands_per_second);
  EXPECT_EQ(config->database, defaults.database);
  EXPECT_EQ(config->log_level, defaults.log_level);
}

TEST_F(ConfigTest, EveryFlagIsParsed) {
  int code = -1;
  auto config = parse({"--address", "::1", "--port", "9001", "--threads", "8", "--tls-cert", "c.pem", "--tls-key",
                       "k.pem", "--database", "dbname=x", "--journal", "false", "--db-workers", "3",
                       "--journal-window-ms", "7", "--max-message-bytes", "4096", "--outbound-max-messages", "10",
                       "--outbound-max-bytes", "20000", "--handshake-timeout", "3", "--idle-timeout", "9", "--rate",
                       "2.5", "--burst", "6", "--max-rooms-per-player", "2", "--login-failures-per-minute", "11",
                       "--log-level", "debug", "--server-name", "test"},
                      &code);
  ASSERT_TRUE(config);
  EXPECT_EQ(config->address, "::1");
  EXPECT_EQ(config->port, 9001);
  EXPECT_EQ(config->threads, 8);
  EXPECT_EQ(config->tls_cert, "c.pem");
  EXPECT_EQ(config->tls_key, "k.pem");
  EXPECT_EQ(config->database, "dbname=x");
  EXPECT_FALSE(config->journal);
  EXPECT_EQ(config->db_workers, 3);
  EXPECT_EQ(config->journal_window_ms, 7);
  EXPECT_EQ(config->max_message_bytes, 4096u);
  EXPECT_EQ(config->outbound_max_messages, 10u);
  EXPECT_EQ(config->outbound_max_bytes, 20000u);
  EXPECT_EQ(config->handshake_timeout_s, 3);
  EXPECT_EQ(config->idle_timeout_s, 9);
  EXPECT_DOUBLE_EQ(config->commands_per_second, 2.5);
  EXPECT_EQ(config->command_burst, 6);
  EXPECT_EQ(config->max_rooms_per_player, 2);
  EXPECT_EQ(config->login_failures_per_minute, 11);
  EXPECT_EQ(config->log_level, "debug");
  EXPECT_EQ(config->server_name, "test");
}

TEST_F(ConfigTest, EnvironmentVariablesAreRead) {
  setenv("CONCORD_ADDRESS", "127.0.0.1");
  setenv("CONCORD_PORT", "9100");
  setenv("CONCORD_THREADS", "3");
  setenv("CONCORD_TLS_CERT", "/c.pem");
  setenv("CONCORD_TLS_KEY", "/k.pem");
  setenv("CONCORD_DATABASE", "dbname=env");
  setenv("CONCORD_DB_WORKERS", "5");
  setenv("CONCORD_JOURNAL_WINDOW_MS", "4");
  setenv("CONCORD_MAX_MESSAGE_BYTES", "2048");
  setenv("CONCORD_RATE", "7");
  setenv("CONCORD_BURST", "9");
  setenv("CONCORD_IDLE_TIMEOUT", "15");
  setenv("CONCORD_LOG_LEVEL", "warn");
  setenv("CONCORD_MAX_ROOMS_PER_PLAYER", "6");
  setenv("CONCORD_OUTBOUND_MAX_MESSAGES", "33");
  setenv("CONCORD_UNRELATED_SETTING", "ignored");
  int code = -1;
  auto config = parse({}, &code);
  ASSERT_TRUE(config) << code;
  EXPECT_EQ(config->address, "127.0.0.1");
  EXPECT_EQ(config->port, 9100);
  EXPECT_EQ(config->threads, 3);
  EXPECT_EQ(config->tls_cert, "/c.pem");
  EXPECT_EQ(config->tls_key, "/k.pem");
  EXPECT_EQ(config->database, "dbname=env");
  EXPECT_EQ(config->db_workers, 5);
  EXPECT_EQ(config->journal_window_ms, 4);
  EXPECT_EQ(config->max_message_bytes, 2048u);
  EXPECT_DOUBLE_EQ(config->commands_per_second, 7);
  EXPECT_EQ(config->command_burst, 9);
  EXPECT_EQ(config->idle_timeout_s, 15);
  EXPECT_EQ(config->log_level, "warn");
  EXPECT_EQ(config->max_rooms_per_player, 6);
  EXPECT_EQ(config->outbound_max_messages, 33u);
}

TEST_F(ConfigTest, FlagsOverrideEnvironment) {
  setenv("CONCORD_PORT", "9100");
  setenv("CONCORD_THREADS", "3");
  int code = -1;
  auto config = parse({"--port", "9200"}, &code);
  ASSERT_TRUE(config);
  EXPECT_EQ(config->port, 9200);   // flag wins
  EXPECT_EQ(config->threads, 3);   // environment over default
}

TEST_F(ConfigTest, HelpListsFlagsAndEnvironmentVariables) {
  int code = -1;
  ::testing::internal::CaptureStdout();
  auto config = parse({"--help"}, &code);
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_FALSE(config);
  EXPECT_EQ(code, 0);
  for (const char* text : {"--port", "CONCORD_PORT", "--tls-cert", "CONCORD_TLS_CERT", "--rate", "CONCORD_RATE",
                           "--max-rooms-per-player", "CONCORD_MAX_ROOMS_PER_PLAYER", "--idle-timeout",
                           "CONCORD_IDLE_TIMEOUT", "--log-level", "CONCORD_LOG_LEVEL"}) {
    EXPECT_NE(out.find(text), std::string::npos) << text;
  }
}

TEST_F(ConfigTest, InvalidValuesAreRejectedWithExitCode2) {
  const std::vector<std::vector<std::string>> cases = {
      {"--port", "70000"},        {"--port", "-1"},          {"--port", "abc"},
      {"--threads", "0"},         {"--tls-cert", "c.pem"},   {"--tls-key", "k.pem"},
      {"--rate", "0"},            {"--rate", "-3"},          {"--burst", "0"},
      {"--log-level", "chatty"},  {"--address", "not an ip"}, {"--idle-timeout", "0"},
      {"--outbound-max-messages", "0"}, {"--no-such-flag"},  {"positional"},
  };
  for (const auto& args : cases) {
    std::vector<std::string> strings{"concord-server"};
    strings.insert(strings.end(), args.begin(), args.end());
    std::vector<char*> pointers;
    for (auto& s : strings) pointers.push_back(s.data());
    pointers.push_back(nullptr);
    int code = -1;
    ::testing::internal::CaptureStderr();
    auto config = parse_config(static_cast<int>(strings.size()), pointers.data(), &code);
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_FALSE(config) << args[0];
    EXPECT_EQ(code, 2) << args[0];
    EXPECT_FALSE(err.empty()) << args[0];
  }
}

TEST_F(ConfigTest, InvalidEnvironmentValueIsRejected) {
  setenv("CONCORD_THREADS", "many");
  int code = -1;
  ::testing::internal::CaptureStderr();
  auto config = parse({}, &code);
  ::testing::internal::GetCapturedStderr();
  EXPECT_FALSE(config);
  EXPECT_EQ(code, 2);
}

TEST_F(ConfigTest, PortZeroMeansEphemeral) {
  int code = -1;
  auto config = parse({"--port", "0"}, &code);
  ASSERT_TRUE(config);
  EXPECT_EQ(config->port, 0);
}

}  // namespace
}  // namespace concord::server
