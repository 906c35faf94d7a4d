// parse_config: command-line flags and CONCORD_* environment variables.
// Flags win over the environment, the environment over the defaults in Config.
#include "concord/server/config.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <iostream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <boost/asio/ip/address.hpp>
#include <boost/program_options.hpp>

namespace concord::server {
namespace {

namespace po = boost::program_options;

constexpr const char* kEnvPrefix = "CONCORD_";

// "max-message-bytes" -> "CONCORD_MAX_MESSAGE_BYTES".
std::string env_name(const std::string& flag) {
  std::string name = kEnvPrefix;
  for (char c : flag) name += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

// "CONCORD_MAX_MESSAGE_BYTES" -> "max-message-bytes"; anything else -> "" (ignored).
std::string flag_name(const std::string& env) {
  const std::string prefix = kEnvPrefix;
  if (env.size() <= prefix.size() || env.compare(0, prefix.size(), prefix) != 0) return {};
  std::string flag;
  for (char c : env.substr(prefix.size())) flag += c == '_' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return flag == "help" ? std::string{} : flag;
}

class OptionTable {
 public:
  OptionTable() : desc_("Options (every option can also be set with the environment variable in brackets;\n"
                        "a flag overrides its environment variable)") {
    desc_.add_options()("help,h", "print this help and exit");
  }
  template <typename T>
  void add(const std::string& flag, const std::string& help, const T& fallback) {
    std::string text = help + " [" + env_name(flag) + "] (default: " + to_text(fallback) + ")";
    desc_.add_options()(flag.c_str(), po::value<T>()->value_name(value_name<T>()), text.c_str());
  }
  const po::options_description& description() const { return desc_; }

 private:
  static std::string to_text(const std::string& v) { return v.empty() ? "\"\"" : "\"" + v + "\""; }
  static std::string to_text(bool v) { return v ? "true" : "false"; }
  static std::string to_text(double v) {
    std::ostringstream out;
    out << v;
    return out.str();
  }
  template <typename T>
  static std::string to_text(const T& v) {
    return std::to_string(v);
  }
  template <typename T>
  static const char* value_name() {
    if constexpr (std::is_same_v<T, std::string>) return "text";
    else if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_floating_point_v<T>) return "number";
    else return "int";
  }
  po::options_description desc_;
};

po::options_description make_options() {
  const Config d;
  OptionTable t;
  t.add<std::string>("address", "listen address (IPv4 or IPv6 literal)", d.address);
  t.add<std::int64_t>("port", "listen port, 0 = any free port", d.port);
  t.add<std::int64_t>("threads", "I/O threads", d.threads);
  t.add<std::string>("tls-cert", "TLS certificate chain (PEM); with --tls-key every connection is TLS", d.tls_cert);
  t.add<std::string>("tls-key", "TLS private key (PEM)", d.tls_key);
  t.add<std::string>("database", "PostgreSQL connection string (libpq conninfo)", d.database);
  t.add<bool>("journal", "journal match commands (off only for benchmarks)", d.journal);
  t.add<std::int64_t>("db-workers", "database worker threads", d.db_workers);
  t.add<std::int64_t>("journal-window-ms", "extra wait in milliseconds to gather a journal batch (0: batch what arrives during a commit)", d.journal_window_ms);
  t.add<std::int64_t>("journal-block-runs", "a group commit with runs of at least this many matches writes them as one block (0: never)", d.journal_block_runs);
  t.add<std::int64_t>("max-message-bytes", "largest client frame; larger frames close with 1009", d.max_message_bytes);
  t.add<std::int64_t>("outbound-max-messages", "per-connection outbound queue bound (messages)", d.outbound_max_messages);
  t.add<std::int64_t>("outbound-max-bytes", "per-connection outbound queue bound (bytes)", d.outbound_max_bytes);
  t.add<bool>("deflate", "accept permessage-deflate compression when a client offers it", d.deflate);
  t.add<std::int64_t>("handshake-timeout", "TLS/HTTP/WebSocket handshake timeout in seconds", d.handshake_timeout_s);
  t.add<std::int64_t>("idle-timeout", "idle timeout in seconds (keep-alive pings at half of it)", d.idle_timeout_s);
  t.add<double>("rate", "sustained commands per second per connection", d.commands_per_second);
  t.add<std::int64_t>("burst", "command burst per connection", d.command_burst);
  t.add<std::int64_t>("max-rooms-per-player", "rooms a player may be seated in at once", d.max_rooms_per_player);
  t.add<std::int64_t>("waiting-room-expiry", "seconds a room that has not started may go without a connected player",
                      d.waiting_room_expiry_s);
  t.add<std::int64_t>("abandoned-match-expiry", "seconds a running match may go with no seat connected before it is aborted",
                      d.abandoned_match_expiry_s);
  t.add<std::int64_t>("login-failures-per-minute", "failed logins allowed per username and per address",
                      d.login_failures_per_minute);
  t.add<std::int64_t>("max-connections", "open connections at most; beyond, new ones get HTTP 503 (0: from the file limit)",
                      d.max_connections);
  t.add<std::int64_t>("max-connections-per-address", "open connections per remote address at most (0: no cap)",
                      d.max_connections_per_address);
  t.add<std::int64_t>("shutdown-timeout", "seconds SIGTERM waits for connections to close (1001)", d.shutdown_timeout_s);
  t.add<std::int64_t>("hash-workers", "password hashing threads", d.hash_workers);
  t.add<std::int64_t>("hash-queue", "password hashing jobs that may wait; beyond, UNAVAILABLE", d.hash_queue);
  t.add<std::int64_t>("session-check-seconds", "how often live connections' sessions are checked (0: never)",
                      d.session_check_s);
  t.add<std::int64_t>("login-throttle-entries", "usernames and addresses the login throttle remembers at most",
                      d.login_throttle_entries);
  t.add<std::string>("admins", "comma-separated usernames of the server's admins (grant judges)", d.admins);
  t.add<std::string>("judges", "comma-separated usernames that judge every room", d.judges);
  t.add<std::string>("organizers", "comma-separated usernames that may create tournaments", d.organizers);
  t.add<std::string>("log-level", "trace, debug, info, warn, error, critical or off", d.log_level);
  t.add<std::string>("server-name", "name announced in Welcome", d.server_name);
  return t.description();
}

// Reads an integer option into `out`, checking [lo, hi].
template <typename Out>
void read_int(const po::variables_map& vm, const char* flag, std::int64_t lo, std::int64_t hi, Out& out) {
  if (!vm.count(flag)) return;
  const auto v = vm[flag].as<std::int64_t>();
  if (v < lo || v > hi) {
    throw std::invalid_argument("--" + std::string(flag) + " / " + env_name(flag) + " must be between " + std::to_string(lo) + " and " +
                                std::to_string(hi) + " (got " + std::to_string(v) + ")");
  }
  out = static_cast<Out>(v);
}

template <typename T>
void read_value(const po::variables_map& vm, const char* flag, T& out) {
  if (vm.count(flag)) out = vm[flag].as<T>();
}

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kU32Max = std::numeric_limits<std::uint32_t>::max();
constexpr std::int64_t kI64Max = std::numeric_limits<std::int64_t>::max();

void read_network(const po::variables_map& vm, Config& c) {
  read_value(vm, "address", c.address);
  read_int(vm, "port", 0, 65535, c.port);
  read_int(vm, "threads", 1, 1024, c.threads);
  read_value(vm, "tls-cert", c.tls_cert);
  read_value(vm, "tls-key", c.tls_key);
  read_int(vm, "max-message-bytes", 64, kU32Max, c.max_message_bytes);
  read_int(vm, "outbound-max-messages", 1, kI64Max, c.outbound_max_messages);
  read_int(vm, "outbound-max-bytes", 1, kI64Max, c.outbound_max_bytes);
  read_value(vm, "deflate", c.deflate);
  read_int(vm, "handshake-timeout", 1, 3600, c.handshake_timeout_s);
  read_int(vm, "idle-timeout", 1, 86400, c.idle_timeout_s);
  read_int(vm, "max-connections", 0, kIntMax, c.max_connections);
  read_int(vm, "max-connections-per-address", 0, kIntMax, c.max_connections_per_address);
  read_int(vm, "shutdown-timeout", 0, 3600, c.shutdown_timeout_s);
  read_value(vm, "rate", c.commands_per_second);
  read_int(vm, "burst", 1, kIntMax, c.command_burst);
}

void read_application(const po::variables_map& vm, Config& c) {
  read_value(vm, "database", c.database);
  read_value(vm, "journal", c.journal);
  read_int(vm, "db-workers", 1, 1024, c.db_workers);
  read_int(vm, "journal-window-ms", 0, 60000, c.journal_window_ms);
  read_int(vm, "journal-block-runs", 0, 100000, c.journal_block_runs);
  read_int(vm, "max-rooms-per-player", 1, kIntMax, c.max_rooms_per_player);
  read_int(vm, "login-failures-per-minute", 1, kIntMax, c.login_failures_per_minute);
  read_int(vm, "waiting-room-expiry", 1, 30 * 86400, c.waiting_room_expiry_s);
  read_int(vm, "abandoned-match-expiry", 1, 365 * 86400, c.abandoned_match_expiry_s);
  read_int(vm, "hash-workers", 1, 256, c.hash_workers);
  read_int(vm, "hash-queue", 1, 1000000, c.hash_queue);
  read_int(vm, "session-check-seconds", 0, 86400, c.session_check_s);
  read_int(vm, "login-throttle-entries", 1, 100000000, c.login_throttle_entries);
  read_value(vm, "admins", c.admins);
  read_value(vm, "judges", c.judges);
  read_value(vm, "organizers", c.organizers);
  read_value(vm, "log-level", c.log_level);
  read_value(vm, "server-name", c.server_name);
}

bool valid_log_level(const std::string& level) {
  static const char* const kLevels[] = {"trace", "debug", "info", "warn", "error", "critical", "off"};
  return std::any_of(std::begin(kLevels), std::end(kLevels), [&](const char* l) { return level == l; });
}

void validate(const Config& c) {
  boost::system::error_code ec;
  boost::asio::ip::make_address(c.address, ec);
  if (ec) throw std::invalid_argument("--address must be an IP address (got \"" + c.address + "\")");
  if (c.tls_cert.empty() != c.tls_key.empty()) throw std::invalid_argument("--tls-cert and --tls-key go together");
  if (!(c.commands_per_second > 0) || c.commands_per_second > 1e6)
    throw std::invalid_argument("--rate must be > 0 and <= 1000000");
  if (!valid_log_level(c.log_level)) throw std::invalid_argument("--log-level: unknown level \"" + c.log_level + "\"");
  if (c.server_name.empty()) throw std::invalid_argument("--server-name must not be empty");
}

po::variables_map parse_sources(int argc, char** argv, const po::options_description& desc) {
  po::variables_map vm;
  // The first store of an option wins: flags first, then the environment.
  const po::positional_options_description no_positionals;
  po::store(po::command_line_parser(argc, argv).options(desc).positional(no_positionals).run(), vm);
  // Unknown CONCORD_* variables are ignored rather than rejected.
  const auto env_to_flag = [&desc](const std::string& env) {
    auto flag = flag_name(env);
    return !flag.empty() && desc.find_nothrow(flag, false) ? flag : std::string{};
  };
  po::store(po::parse_environment(desc, env_to_flag), vm);
  po::notify(vm);
  return vm;
}

void print_usage(const po::options_description& desc) {
  std::cout << "Usage: concord-server [options]\n\n" << desc << '\n';
}

}  // namespace

std::optional<Config> parse_config(int argc, char** argv, int* exit_code) {
  int ignored = 0;
  int& code = exit_code ? *exit_code : ignored;
  const auto desc = make_options();
  try {
    const auto vm = parse_sources(argc, argv, desc);
    if (vm.count("help")) {
      print_usage(desc);
      code = 0;
      return std::nullopt;
    }
    Config config;
    read_network(vm, config);
    read_application(vm, config);
    validate(config);
    code = 0;
    return config;
  } catch (const std::exception& e) {
    std::cerr << "concord-server: " << e.what() << "\n(see --help)\n";
    code = 2;
    return std::nullopt;
  }
}

}  // namespace concord::server
