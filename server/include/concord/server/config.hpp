// Server configuration: flags, CONCORD_* environment variables, defaults.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace concord::server {

struct Config {
  std::string address = "0.0.0.0";            // --address / CONCORD_ADDRESS
  std::uint16_t port = 8080;                   // --port / CONCORD_PORT
  int threads = 1;                             // --threads / CONCORD_THREADS (I/O threads; README: why 1)
  std::string tls_cert;                        // --tls-cert / CONCORD_TLS_CERT (PEM); empty = plain
  std::string tls_key;                         // --tls-key / CONCORD_TLS_KEY
  std::string database =                       // --database / CONCORD_DATABASE (libpq conninfo)
      "host=127.0.0.1 port=55432 dbname=concord user=concord";
  bool journal = true;                         // --journal / CONCORD_JOURNAL: journal match commands (off only for benchmarks)
  int db_workers = 2;                          // --db-workers / CONCORD_DB_WORKERS
  // --journal-window-ms / CONCORD_JOURNAL_WINDOW_MS: extra wait to gather a
  // batch. 0 (default) still groups commits: whatever arrives while one commit
  // is in flight goes into the next. Measured faster than 2 ms for 1 and 8
  // rooms (loadtest/journal_compare.sh).
  int journal_window_ms = 0;
  int journal_block_runs = 4;  // 0: every command in a row of its match
  std::uint32_t max_message_bytes = 64 * 1024; // --max-message-bytes / CONCORD_MAX_MESSAGE_BYTES
  std::size_t outbound_max_messages = 1024;    // --outbound-max-messages
  std::size_t outbound_max_bytes = 8 << 20;    // --outbound-max-bytes
  // --deflate / CONCORD_DEFLATE: accept permessage-deflate when a client
  // offers it (small window and memory level: about 25 KiB per connection).
  bool deflate = true;
  int handshake_timeout_s = 10;                // --handshake-timeout
  int idle_timeout_s = 60;                     // --idle-timeout (keep-alive pings at half of it)
  double commands_per_second = 20;             // --rate / CONCORD_RATE (token bucket refill)
  int command_burst = 40;                      // --burst / CONCORD_BURST
  int max_rooms_per_player = 4;                // --max-rooms-per-player
  // --waiting-room-expiry: a room whose match has not started closes after
  // this many seconds without any connected player (e.g. created, never joined).
  int waiting_room_expiry_s = 900;
  // --abandoned-match-expiry: a running match none of whose seats has been
  // connected for this many seconds (e.g. restored after a restart and never
  // resumed) ends as aborted ("abandoned").
  int abandoned_match_expiry_s = 6 * 3600;
  int login_failures_per_minute = 5;           // --login-failures-per-minute (per username and per address)
  // Connection caps: beyond them a new TCP connection is refused (HTTP 503)
  // right after accept. max_connections 0 = automatic: the soft
  // RLIMIT_NOFILE less a reserve for files and database connections.
  int max_connections = 0;                     // --max-connections
  int max_connections_per_address = 256;       // --max-connections-per-address (0 = no per-address cap)
  int shutdown_timeout_s = 5;                  // --shutdown-timeout: how long SIGTERM waits for 1001 closes
  int hash_workers = 2;                        // --hash-workers: password hashing threads
  int hash_queue = 64;                         // --hash-queue: hashing jobs waiting beyond those (UNAVAILABLE when full)
  int session_check_s = 30;                    // --session-check-seconds: revoked/deleted sessions end within this (0 = off)
  int login_throttle_entries = 100000;         // --login-throttle-entries: names and addresses the login throttle keeps
  // --admins / CONCORD_ADMINS: comma-separated usernames of the server's
  // admins (grant and revoke the judge capability). The only way to make the
  // first admin; there is no default admin and no default password.
  std::string admins;
  // --judges / CONCORD_JUDGES: comma-separated usernames that hold the judge
  // capability on every room (besides those an admin granted: table judges).
  std::string judges;
  // --organizers / CONCORD_ORGANIZERS: comma-separated usernames that may
  // create tournaments (besides admins and those an admin granted).
  std::string organizers;
  std::string log_level = "info";              // --log-level / CONCORD_LOG_LEVEL
  std::string server_name = "concord";
};

// Parses argv and the environment (flags win over environment, environment
// over defaults). On --help prints usage to stdout and returns nullopt with
// *exit_code = 0; on a bad value prints the error and returns nullopt with
// *exit_code = 2.
std::optional<Config> parse_config(int argc, char** argv, int* exit_code);

}  // namespace concord::server
