// A real concord-test-server process for integration tests.
#include "server_process.hpp"

#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
#include <stdexcept>
#include <thread>

#if !defined(CONCORD_TEST_SERVER_PATH) || !defined(CONCORD_SERVER_PATH)
#error "CONCORD_TEST_SERVER_PATH and CONCORD_SERVER_PATH must name the server binaries"
#endif

namespace concord::testing {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;

// A port below the kernel's ephemeral range (ip_local_port_range, 32768 and
// up by default), where no client socket of another test takes its port
// from: a port the kernel handed out as ephemeral could be taken by a
// client's connection before the server bound it ("Address already in use"),
// or by another test's server, whose /healthz would then answer for ours.
unsigned short free_port() {
  unsigned low = 32768;
  if (std::ifstream range("/proc/sys/net/ipv4/ip_local_port_range"); range) range >> low;
  static std::mt19937 pick(std::random_device{}());
  asio::io_context ioc;
  constexpr unsigned kFirst = 10000;
  for (int attempt = 0; low > kFirst + 1000 && attempt < 100; ++attempt) {
    const auto port = static_cast<unsigned short>(kFirst + pick() % (low - kFirst));
    boost::system::error_code ec;
    tcp::acceptor probe(ioc);
    probe.open(tcp::v4(), ec);
    if (!ec) probe.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    if (!ec) return port;
  }
  tcp::acceptor acceptor(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  return acceptor.local_endpoint().port();
}

std::string ServerProcess::test_server_binary() { return CONCORD_TEST_SERVER_PATH; }
std::string ServerProcess::shipped_server_binary() { return CONCORD_SERVER_PATH; }

ServerProcess::ServerProcess(std::string database, std::vector<std::string> extra_args, std::string binary)
    : database_(std::move(database)),
      extra_args_(std::move(extra_args)),
      binary_(std::move(binary)),
      port_(free_port()) {
  log_path_ = "/tmp/concord-test-server-" + std::to_string(port_) + ".log";
}

ServerProcess::~ServerProcess() {
  if (pid_ > 0) kill_hard();
}

// The first start takes another port if its port was taken meanwhile (a
// restart keeps the port its clients know).
void ServerProcess::start() {
  for (int attempt = 0;; ++attempt) {
    try {
      return start_once();
    } catch (const std::runtime_error&) {
      if (started_ || attempt == 4 || !port_was_taken()) throw;
      port_ = free_port();
      log_path_ = "/tmp/concord-test-server-" + std::to_string(port_) + ".log";
    }
  }
}

bool ServerProcess::port_was_taken() const {
  std::ifstream log(log_path_);
  const std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
  return text.find("Address already in use") != std::string::npos;
}

void ServerProcess::start_once() {
  const char* level = std::getenv("CONCORD_TEST_SERVER_LOG_LEVEL");  // deploy/README.md
  std::vector<std::string> args = {binary_, "--address", "127.0.0.1", "--port", std::to_string(port_),
                                   "--database", database_, "--log-level", level && *level ? level : "warn"};
  args.insert(args.end(), extra_args_.begin(), extra_args_.end());
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    FILE* log = std::fopen(log_path_.c_str(), "a");
    if (log) {
      dup2(fileno(log), STDOUT_FILENO);
      dup2(fileno(log), STDERR_FILENO);
    }
    if (open_files_ != 0) {
      const rlimit limit{static_cast<rlim_t>(open_files_), static_cast<rlim_t>(open_files_)};
      if (setrlimit(RLIMIT_NOFILE, &limit) != 0) _exit(126);
    }
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  wait_healthy();
  started_ = true;
}

std::string ServerProcess::http_get(const std::string& target) const {
  try {
    asio::io_context ioc;
    boost::beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(5));
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
    http::request<http::empty_body> request{http::verb::get, target, 11};
    request.set(http::field::host, "127.0.0.1");
    http::write(stream, request);
    boost::beast::flat_buffer buffer;
    http::response<http::string_body> response;
    http::read(stream, buffer, response);
    return response.result() == http::status::ok ? response.body() : std::string();
  } catch (const std::exception&) {
    return {};
  }
}

void ServerProcess::wait_healthy() {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      throw std::runtime_error("concord-test-server exited at start-up; see " + log_path_);
    }
    if (http_get("/healthz").rfind("ok", 0) == 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  throw std::runtime_error("concord-test-server did not become healthy; see " + log_path_);
}

void ServerProcess::kill_hard() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

int ServerProcess::stop() {
  if (pid_ <= 0) return -1;
  ::kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace concord::testing
