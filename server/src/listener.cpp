#include "listener.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <stdexcept>
#include <string>
#include <utility>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/write.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <spdlog/spdlog.h>

#include "concord/server/metrics.hpp"
#include "http_session.hpp"
#include "net_log.hpp"

namespace concord::server::net {

namespace {

constexpr auto kLogInterval = std::chrono::seconds(10);
constexpr auto kMinBackoff = std::chrono::milliseconds(10);
constexpr auto kMaxBackoff = std::chrono::milliseconds(1000);
constexpr auto kRefusalLinger = std::chrono::seconds(1);
constexpr std::size_t kMaxLingering = 32;

template <class Refused>
void drain(const std::shared_ptr<Refused>& refused) {
  refused->socket.async_read_some(asio::buffer(refused->sink), [refused](beast::error_code ec, std::size_t) {
    if (ec) return static_cast<void>(refused->timer.cancel());
    drain(refused);
  });
}

tcp::endpoint make_endpoint(const Config& config) {
  beast::error_code ec;
  const auto address = asio::ip::make_address(config.address, ec);
  if (ec) throw std::runtime_error("invalid listen address '" + config.address + "': " + ec.message());
  return {address, config.port};
}

void check(const beast::error_code& ec, const char* what, const tcp::endpoint& endpoint) {
  if (!ec) return;
  throw std::runtime_error(std::string("cannot ") + what + " " + endpoint.address().to_string() + ":" +
                           std::to_string(endpoint.port()) + ": " + ec.message());
}

}  // namespace

Listener::Listener(asio::io_context& ioc, std::shared_ptr<NetContext> context)
    : ioc_(ioc),
      context_(std::move(context)),
      acceptor_(asio::make_strand(ioc)),
      backoff_timer_(acceptor_.get_executor()),
      admission_(effective_max_connections(context_->config.max_connections),
                 static_cast<std::size_t>(context_->config.max_connections_per_address)) {
  open(make_endpoint(context_->config));
  spdlog::info("net: at most {} connections, {} per address", admission_.max_total(),
               context_->config.max_connections_per_address);
}

void Listener::open(const tcp::endpoint& endpoint) {
  beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  check(ec, "open a socket for", endpoint);
  acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  check(ec, "set SO_REUSEADDR on", endpoint);
  acceptor_.bind(endpoint, ec);
  check(ec, "bind", endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  check(ec, "listen on", endpoint);
  port_ = acceptor_.local_endpoint().port();
}

void Listener::run() {
  asio::dispatch(acceptor_.get_executor(), beast::bind_front_handler(&Listener::do_accept, shared_from_this()));
}

void Listener::stop() {
  asio::dispatch(acceptor_.get_executor(), [self = shared_from_this()] {
    beast::error_code ec;
    self->acceptor_.close(ec);
    self->backoff_timer_.cancel();
  });
}

void Listener::do_accept() {
  if (!acceptor_.is_open()) return;
  if (context_->config.threads == 1) {  // every handler runs on the one I/O thread
    acceptor_.async_accept(ioc_.get_executor(),
                           beast::bind_front_handler(&Listener::on_accept<OneThreadExecutor>, shared_from_this()));
  } else {  // each connection gets its own strand
    acceptor_.async_accept(asio::make_strand(ioc_),
                           beast::bind_front_handler(&Listener::on_accept<StrandExecutor>, shared_from_this()));
  }
}

template <class Executor>
void Listener::on_accept(beast::error_code ec, SocketOn<Executor> socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) return accept_failed(ec);
  backoff_ = std::chrono::milliseconds(0);
  launch(std::move(socket));
  do_accept();
}

void Listener::accept_failed(const beast::error_code& ec) {
  const auto now = std::chrono::steady_clock::now();
  ++failures_since_log_;
  if (now - last_failure_log_ >= kLogInterval) {
    spdlog::warn("net: accept failed {} time(s) since the last report: {}", failures_since_log_, ec.message());
    last_failure_log_ = now;
    failures_since_log_ = 0;
  }
  const bool out_of_resources = ec == asio::error::no_descriptors || ec == asio::error::no_buffer_space ||
                                ec == asio::error::no_memory || ec.value() == ENFILE;
  if (!out_of_resources) return do_accept();
  backoff_ = std::clamp(backoff_ * 2, kMinBackoff, kMaxBackoff);
  backoff_timer_.expires_after(backoff_);
  backoff_timer_.async_wait([self = shared_from_this()](beast::error_code wait_ec) {
    if (!wait_ec) self->do_accept();
  });
}

template <class Executor>
void Listener::launch(SocketOn<Executor> socket) {
  beast::error_code ec;
  socket.set_option(tcp::no_delay(true), ec);
  const auto remote = socket.remote_endpoint(ec);
  if (ec) return;  // already gone
  auto address = remote.address().to_string();
  auto ticket = admission_.admit(address);
  if (!ticket) return refuse(tcp::socket(std::move(socket)), address);
  using Plain = PlainStreamOn<Executor>;
  using Tls = TlsStreamOn<Executor>;
  if (context_->tls) {
    Tls stream(Plain(std::move(socket)), *context_->tls);
    std::make_shared<HttpSession<Tls>>(std::move(stream), context_, std::move(address), std::move(ticket))->run();
  } else {
    std::make_shared<HttpSession<Plain>>(Plain(std::move(socket)), context_, std::move(address), std::move(ticket))
        ->run();
  }
}

// Over a cap: plain connections get a complete HTTP 503 (a WebSocket client
// sees its upgrade declined), TLS connections are closed at once. The socket
// is gone at most kRefusalLinger later.
void Listener::refuse(tcp::socket socket, const std::string& address) {
  ++Metrics::instance().connections_refused;
  const auto now = std::chrono::steady_clock::now();
  ++refusals_since_log_;
  if (now - last_refusal_log_ >= kLogInterval) {
    spdlog::warn("net: refused {} connection(s) over the caps since the last report (latest from {})",
                 refusals_since_log_, address);
    last_refusal_log_ = now;
    refusals_since_log_ = 0;
  }
  // TLS: closed at once, no handshake spent. Plain: at once too while too
  // many refused sockets are already lingering (they hold descriptors).
  const auto linger_limit = std::clamp<std::size_t>(admission_.max_total() / 8, 1, kMaxLingering);
  if (context_->tls || *lingering_ >= linger_limit) return;  // the socket closes as it goes out of scope
  static const std::string kResponse =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 5\r\n"
      "Connection: close\r\nContent-Length: 21\r\n\r\ntoo many connections\n";
  // Closing with the request unread would reset the connection and could
  // lose the response: shut down sending, then drain what the peer sends
  // until it closes or kRefusalLinger has passed.
  struct Refused {
    Refused(tcp::socket s, std::shared_ptr<std::atomic<std::size_t>> count)
        : socket(std::move(s)), timer(socket.get_executor()), lingering(std::move(count)) {
      ++*lingering;
    }
    ~Refused() { --*lingering; }
    tcp::socket socket;
    asio::steady_timer timer;
    std::shared_ptr<std::atomic<std::size_t>> lingering;
    std::array<char, 512> sink{};
  };
  auto refused = std::make_shared<Refused>(std::move(socket), lingering_);
  refused->timer.expires_after(kRefusalLinger);
  refused->timer.async_wait([refused](beast::error_code) {
    beast::error_code ignored;
    refused->socket.close(ignored);
  });
  asio::async_write(refused->socket, asio::buffer(kResponse), [refused](beast::error_code ec, std::size_t) {
    if (ec) return static_cast<void>(refused->timer.cancel());
    beast::error_code ignored;
    refused->socket.shutdown(tcp::socket::shutdown_send, ignored);
    drain(refused);
  });
}

}  // namespace concord::server::net
