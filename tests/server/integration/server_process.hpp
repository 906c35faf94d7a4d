// A real server process (concord-test-server by default, or the shipped
// concord-server) for integration tests: started with a
// fresh PostgreSQL database, killed (SIGKILL) or stopped (SIGTERM) at will.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

namespace concord::testing {

class ServerProcess {
 public:
  ServerProcess(std::string database, std::vector<std::string> extra_args = {},
                std::string binary = test_server_binary());
  static std::string test_server_binary();     // concord-test-server (+ High Card Duel)
  static std::string shipped_server_binary();  // concord-server, exactly as shipped
  ~ServerProcess();
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  void start();        // spawns and waits until GET /healthz answers 200
  void kill_hard();    // SIGKILL, reaps
  int stop();          // SIGTERM, reaps, returns the exit status
  // Before start(): the server runs with RLIMIT_NOFILE (soft and hard) = n.
  void limit_open_files(unsigned long n) { open_files_ = n; }
  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::string& log_path() const { return log_path_; }
  bool running() const { return pid_ > 0; }
  std::string http_get(const std::string& target) const;  // body of a GET; "" on failure

 private:
  void wait_healthy();
  void start_once();
  bool port_was_taken() const;  // the last start's log says the port was in use
  std::string database_;
  std::vector<std::string> extra_args_;
  std::string binary_;
  unsigned short port_ = 0;
  pid_t pid_ = -1;
  std::string log_path_;
  unsigned long open_files_ = 0;  // 0 = inherit
  bool started_ = false;          // once started, restarts keep the port
};

unsigned short free_port();

}  // namespace concord::testing
