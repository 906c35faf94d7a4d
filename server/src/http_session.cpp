#include "http_session.hpp"

#include <chrono>
#include <utility>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include "net_log.hpp"
#include "ws_session.hpp"

namespace concord::server::net {
namespace http = beast::http;

namespace {
constexpr std::uint32_t kHeaderLimit = 8 * 1024;
constexpr std::uint64_t kBodyLimit = 4 * 1024;  // we only serve GETs
}  // namespace

template <class Stream>
HttpSession<Stream>::HttpSession(Stream stream, std::shared_ptr<NetContext> context, std::string remote_address,
                                 Admission::Ticket ticket)
    : stream_(std::move(stream)),
      executor_(stream_.get_executor()),
      context_(std::move(context)),
      remote_address_(std::move(remote_address)),
      ticket_(std::move(ticket)),
      id_(next_connection_id()) {}

template <class Stream>
HttpSession<Stream>::~HttpSession() {
  context_->registry.remove(id_);
}

template <class Stream>
void HttpSession<Stream>::run() {
  asio::dispatch(executor_, beast::bind_front_handler(&HttpSession::on_run, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::shutdown() {
  asio::post(executor_, [self = this->shared_from_this()] {
    if (!self->released_) beast::get_lowest_layer(self->stream_).close();
  });
}

template <class Stream>
void HttpSession<Stream>::expire_after_handshake_timeout() {
  beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(context_->config.handshake_timeout_s));
}

template <class Stream>
void HttpSession<Stream>::on_run() {
  if (!context_->registry.add(id_, this->weak_from_this())) return;  // the server is stopping
  if constexpr (kIsTls<Stream>) {
    expire_after_handshake_timeout();
    stream_.async_handshake(ssl::stream_base::server,
                            beast::bind_front_handler(&HttpSession::on_tls_handshake, this->shared_from_this()));
  } else {
    do_read();
  }
}

template <class Stream>
void HttpSession<Stream>::on_tls_handshake(beast::error_code ec) {
  if (ec) return log_failure(ec, "tls handshake");
  do_read();
}

template <class Stream>
void HttpSession<Stream>::do_read() {
  parser_.emplace();
  parser_->header_limit(kHeaderLimit);
  parser_->body_limit(kBodyLimit);
  expire_after_handshake_timeout();
  http::async_read(stream_, buffer_, *parser_,
                   beast::bind_front_handler(&HttpSession::on_read, this->shared_from_this()));
}

template <class Stream>
void HttpSession<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec == http::error::end_of_stream) return do_eof();
  if (ec) return log_failure(ec, "http read");
  if (beast::websocket::is_upgrade(parser_->get())) return upgrade();
  respond(handle_http_request(parser_->get(), context_->config.server_name));
}

template <class Stream>
void HttpSession<Stream>::upgrade() {
  auto request = parser_->release();
  if (request_path(request.target()) != "/ws") {
    auto response = not_found(request, context_->config.server_name);
    response.keep_alive(false);
    return respond(std::move(response));
  }
  // From here on the WebSocket stream's own timeouts apply.
  beast::get_lowest_layer(stream_).expires_never();
  released_ = true;
  context_->registry.remove(id_);
  std::make_shared<WsSession<Stream>>(std::move(stream_), context_, remote_address_, std::move(ticket_))
      ->run(std::move(request));
}

template <class Stream>
void HttpSession<Stream>::respond(HttpResponse response) {
  response_ = std::make_shared<HttpResponse>(std::move(response));
  const bool keep_alive = response_->keep_alive();
  http::async_write(stream_, *response_,
                    beast::bind_front_handler(&HttpSession::on_write, this->shared_from_this(), keep_alive));
}

template <class Stream>
void HttpSession<Stream>::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
  if (ec) return log_failure(ec, "http write");
  response_.reset();
  if (!keep_alive) return do_eof();
  do_read();
}

template <class Stream>
void HttpSession<Stream>::do_eof() {
  if constexpr (kIsTls<Stream>) {
    expire_after_handshake_timeout();
    stream_.async_shutdown([self = this->shared_from_this()](beast::error_code ec) { log_failure(ec, "tls shutdown"); });
  } else {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }
}

template class HttpSession<PlainStream>;
template class HttpSession<TlsStream>;

}  // namespace concord::server::net
