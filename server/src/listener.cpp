#include "listener.hpp"

#include <stdexcept>
#include <string>
#include <utility>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <spdlog/spdlog.h>

#include "http_session.hpp"
#include "net_log.hpp"

namespace concord::server::net {

namespace {

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
    : ioc_(ioc), context_(std::move(context)), acceptor_(asio::make_strand(ioc)) {
  open(make_endpoint(context_->config));
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
  });
}

void Listener::do_accept() {
  if (!acceptor_.is_open()) return;
  // Each connection gets its own strand.
  acceptor_.async_accept(asio::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec) {
    spdlog::warn("net: accept failed: {}", ec.message());
  } else {
    launch(std::move(socket));
  }
  do_accept();
}

void Listener::launch(tcp::socket socket) {
  beast::error_code ec;
  socket.set_option(tcp::no_delay(true), ec);
  const auto remote = socket.remote_endpoint(ec);
  if (ec) return;  // already gone
  auto address = remote.address().to_string();
  if (context_->tls) {
    TlsStream stream(beast::tcp_stream(std::move(socket)), *context_->tls);
    std::make_shared<HttpSession<TlsStream>>(std::move(stream), context_, std::move(address))->run();
  } else {
    std::make_shared<HttpSession<PlainStream>>(PlainStream(std::move(socket)), context_, std::move(address))->run();
  }
}

}  // namespace concord::server::net
