// Private to the network layer: one HTTP connection (plain or TLS). Serves
// /healthz and /metrics and hands WebSocket upgrades on /ws to a WsSession.
// Modelled on the http_session of Boost.Beast's advanced_server_flex, with
// the stream type as the template parameter instead of CRTP; instantiated for
// plain and TLS streams on both executors (net_types.hpp) in http_session.cpp.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>

#include "http_routes.hpp"
#include "net_admission.hpp"
#include "net_connection.hpp"
#include "net_context.hpp"
#include "net_types.hpp"

namespace concord::server::net {

template <class Stream>
class HttpSession : public NetConnection, public std::enable_shared_from_this<HttpSession<Stream>> {
 public:
  // `ticket`: this connection's slot under the connection caps (passed on to
  // the WebSocket session on upgrade).
  HttpSession(Stream stream, std::shared_ptr<NetContext> context, std::string remote_address,
              Admission::Ticket ticket = nullptr);
  ~HttpSession() override;

  // Starts the session on the stream's strand.
  void run();
  void shutdown() override;

 private:
  void on_run();
  void on_tls_handshake(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void upgrade();
  // A path the application's HttpJsonSource serves: answered when its read completes.
  void serve_json();
  void respond(HttpResponse response);
  void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
  void do_eof();
  void expire_after_handshake_timeout();

  Stream stream_;
  asio::any_io_executor executor_;  // the strand; kept because stream_ may be moved out
  std::shared_ptr<NetContext> context_;
  std::string remote_address_;
  Admission::Ticket ticket_;
  std::uint64_t id_;
  bool released_ = false;  // the stream moved to a WsSession
  beast::flat_buffer buffer_;
  std::optional<beast::http::request_parser<beast::http::string_body>> parser_;
  std::shared_ptr<HttpResponse> response_;
};

extern template class HttpSession<PlainStreamOn<OneThreadExecutor>>;
extern template class HttpSession<TlsStreamOn<OneThreadExecutor>>;
extern template class HttpSession<PlainStreamOn<StrandExecutor>>;
extern template class HttpSession<TlsStreamOn<StrandExecutor>>;

}  // namespace concord::server::net
