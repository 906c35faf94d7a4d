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
  if (context_->json && context_->json->serves(request_path(parser_->get().target()))) return serve_json();
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

// The read is asynchronous (a database worker); the session waits for it
// (reading nothing meanwhile) and is kept alive by the completion handler.
template <class Stream>
void HttpSession<Stream>::serve_json() {
  const auto& request = parser_->get();
  if (request.method() != http::verb::get) return respond(method_not_allowed(request, context_->config.server_name));
  const unsigned version = request.version();
  const bool keep_alive = request.keep_alive();
  context_->json->get(std::string(request_path(request.target())),
                      [self = this->shared_from_this(), version, keep_alive](int status, std::string body) {
                        asio::post(self->executor_, [self, version, keep_alive, status, body = std::move(body)]() mutable {
                          if (self->released_) return;
                          // The read may have taken a while: the write gets its own time.
                          self->expire_after_handshake_timeout();
                          self->respond(json_response(version, keep_alive, self->context_->config.server_name, status,
                                                      std::move(body)));
                        });
                      });
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

template class HttpSession<PlainStreamOn<OneThreadExecutor>>;
template class HttpSession<TlsStreamOn<OneThreadExecutor>>;
template class HttpSession<PlainStreamOn<StrandExecutor>>;
template class HttpSession<TlsStreamOn<StrandExecutor>>;

}  // namespace concord::server::net
