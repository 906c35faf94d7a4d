// Private to the network layer: accepts TCP connections and starts an
// HttpSession for each, plain or TLS (every connection is TLS when the
// server has a certificate). Modelled on the listener of Boost.Beast's
// advanced_server_flex, without SSL detection.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "net_admission.hpp"
#include "net_context.hpp"
#include "net_types.hpp"

namespace concord::server::net {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Opens, binds and listens on config.address:config.port; throws
  // std::runtime_error on failure.
  Listener(asio::io_context& ioc, std::shared_ptr<NetContext> context);

  unsigned short port() const { return port_; }
  void run();
  // Thread-safe: stops accepting.
  void stop();

 private:
  void open(const tcp::endpoint& endpoint);
  void do_accept();
  // Executor: OneThreadExecutor with one I/O thread, else StrandExecutor (net_types.hpp).
  template <class Executor>
  void on_accept(beast::error_code ec, SocketOn<Executor> socket);
  // An accept failure: logged at most once per kLogInterval (with a count);
  // out of file descriptors or memory, accepting pauses (10 ms doubling to 1 s).
  void accept_failed(const beast::error_code& ec);
  template <class Executor>
  void launch(SocketOn<Executor> socket);
  void refuse(tcp::socket socket, const std::string& address);

  asio::io_context& ioc_;
  std::shared_ptr<NetContext> context_;
  tcp::acceptor acceptor_;
  asio::steady_timer backoff_timer_;
  std::chrono::milliseconds backoff_{0};
  std::chrono::steady_clock::time_point last_failure_log_{};
  std::uint64_t failures_since_log_ = 0;
  std::chrono::steady_clock::time_point last_refusal_log_{};
  std::uint64_t refusals_since_log_ = 0;
  Admission admission_;
  std::shared_ptr<std::atomic<std::size_t>> lingering_ = std::make_shared<std::atomic<std::size_t>>(0);
  unsigned short port_ = 0;
};

}  // namespace concord::server::net
