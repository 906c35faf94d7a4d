// Private to the network layer: accepts TCP connections and starts an
// HttpSession for each, plain or TLS (every connection is TLS when the
// server has a certificate). Modelled on the listener of Boost.Beast's
// advanced_server_flex, without SSL detection.
#pragma once

#include <memory>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

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
  void on_accept(beast::error_code ec, tcp::socket socket);
  void launch(tcp::socket socket);

  asio::io_context& ioc_;
  std::shared_ptr<NetContext> context_;
  tcp::acceptor acceptor_;
  unsigned short port_ = 0;
};

}  // namespace concord::server::net
