#include "client/ws_connection.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/field.hpp>
#include <chrono>
#include <future>
#include <memory>

#include "client/client_error.hpp"

namespace concord::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using asio::use_awaitable;

namespace {

constexpr auto kTupleAwaitable = asio::as_tuple(use_awaitable);

asio::ssl::context make_ssl_context(bool verify) {
  asio::ssl::context ctx(asio::ssl::context::tls_client);
  ctx.set_default_verify_paths();
  ctx.set_verify_mode(verify ? asio::ssl::verify_peer : asio::ssl::verify_none);
  return ctx;
}

}  // namespace

template <bool Tls>
WsConnection<Tls>::WsConnection(const ClientOptions& options, FrameHandler on_frame, CloseHandler on_close)
    : options_(options),
      on_frame_(std::move(on_frame)),
      on_close_(std::move(on_close)),
      work_(asio::make_work_guard(ioc_)),
      ssl_ctx_(make_ssl_context(options.verify)) {
  if constexpr (Tls) {
    ws_.emplace(ioc_, ssl_ctx_);
  } else {
    ws_.emplace(ioc_);
  }
  ws_->read_message_max(64u << 20);
  ws_->auto_fragment(false);  // one message = one frame
  thread_ = std::thread([this] { ioc_.run(); });
}

template <bool Tls>
WsConnection<Tls>::~WsConnection() {
  asio::post(ioc_, [this] { shutdown_socket(); });
  work_.reset();
  if (thread_.joinable()) thread_.join();
}

template <bool Tls>
void WsConnection<Tls>::start(const std::string& host, unsigned short port) {
  auto done = std::make_shared<std::promise<void>>();
  auto result = done->get_future();
  asio::co_spawn(ioc_, handshake(host, port), [done](std::exception_ptr error) {
    if (error) {
      done->set_exception(error);
    } else {
      done->set_value();
    }
  });
  const std::string where = host + ":" + std::to_string(port);
  if (result.wait_for(options_.timeout + std::chrono::seconds(1)) == std::future_status::timeout) {
    asio::post(ioc_, [this] { shutdown_socket(); });
    throw ClientError(ClientError::Kind::Connect, "CONNECT_FAILED", where + ": timed out");
  }
  try {
    result.get();
  } catch (const boost::system::system_error& e) {
    throw ClientError(ClientError::Kind::Connect, "CONNECT_FAILED", where + ": " + e.code().message());
  } catch (const std::exception& e) {
    throw ClientError(ClientError::Kind::Connect, "CONNECT_FAILED", where + ": " + e.what());
  }
  open_ = true;
  asio::co_spawn(ioc_, read_loop(), asio::detached);
}

template <bool Tls>
asio::awaitable<void> WsConnection<Tls>::handshake(std::string host, unsigned short port) {
  asio::ip::tcp::resolver resolver(ioc_);
  auto endpoints = co_await resolver.async_resolve(host, std::to_string(port), use_awaitable);
  auto& socket = beast::get_lowest_layer(*ws_);
  socket.expires_after(options_.timeout);
  co_await socket.async_connect(endpoints, use_awaitable);
  if constexpr (Tls) {
    auto& tls = ws_->next_layer();
    SSL_set_tlsext_host_name(tls.native_handle(), host.c_str());
    if (options_.verify) tls.set_verify_callback(asio::ssl::host_name_verification(host));
    co_await tls.async_handshake(asio::ssl::stream_base::client, use_awaitable);
  }
  socket.expires_never();
  ws_->set_option(websocket::stream_base::timeout{options_.timeout, websocket::stream_base::none(), false});
  ws_->set_option(websocket::stream_base::decorator(
      [name = options_.client_name](websocket::request_type& req) { req.set(beast::http::field::user_agent, name); }));
  if (options_.deflate) {
    websocket::permessage_deflate deflate;
    deflate.client_enable = true;
    ws_->set_option(deflate);
  }
  co_await ws_->async_handshake(host + ":" + std::to_string(port), options_.path, use_awaitable);
}

template <bool Tls>
asio::awaitable<void> WsConnection<Tls>::read_loop() {
  beast::flat_buffer buffer;
  for (;;) {
    auto [ec, size] = co_await ws_->async_read(buffer, kTupleAwaitable);
    if (ec) {
      finish(ec);
      co_return;
    }
    std::string bytes = beast::buffers_to_string(buffer.data());
    buffer.consume(size);
    on_frame_(std::move(bytes), ws_->got_binary());
  }
}

template <bool Tls>
void WsConnection<Tls>::send(std::string bytes, bool binary) {
  if (!open_) throw ClientError(ClientError::Kind::Closed, "CLOSED", "the connection is closed");
  asio::post(ioc_, [this, frame = Frame{std::move(bytes), binary}]() mutable { enqueue(std::move(frame)); });
}

template <bool Tls>
void WsConnection<Tls>::enqueue(Frame frame) {
  if (finished_ || write_failed_) return;
  outbox_.push_back(std::move(frame));
  if (writing_) return;
  writing_ = true;
  asio::co_spawn(ioc_, write_loop(), asio::detached);
}

template <bool Tls>
asio::awaitable<void> WsConnection<Tls>::write_loop() {
  while (!outbox_.empty() && !finished_) {
    Frame& frame = outbox_.front();
    ws_->binary(frame.binary);
    auto [ec, size] = co_await ws_->async_write(asio::buffer(frame.bytes), kTupleAwaitable);
    (void)size;
    if (ec) {
      // The peer is gone or closing: stop sending, and let the read loop
      // report how the connection ended (e.g. the server's 1009 close frame).
      write_failed_ = true;
      outbox_.clear();
      boost::system::error_code ignored;
      beast::get_lowest_layer(*ws_).socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
      break;
    }
    outbox_.pop_front();
  }
  writing_ = false;
}

template <bool Tls>
void WsConnection<Tls>::close(int code, const std::string& reason) {
  asio::post(ioc_, [this, code, reason] {
    if (finished_ || closing_) return;
    closing_ = true;
    own_close_ = CloseInfo{code, reason};
    websocket::close_reason why;
    why.code = static_cast<std::uint16_t>(code);
    why.reason = reason.substr(0, why.reason.max_size());
    ws_->async_close(why, [](const boost::system::error_code&) {});
  });
}

template <bool Tls>
void WsConnection<Tls>::finish(const boost::system::error_code& ec) {
  if (finished_) return;
  finished_ = true;
  open_ = false;
  CloseInfo info;
  const auto& reason = ws_->reason();
  // A received close frame wins even if the closing handshake then failed
  // (the server may drop the socket right after its close frame).
  if (ec == websocket::error::closed || reason.code != 0) {
    info.code = reason.code == 0 ? 1005 : static_cast<int>(reason.code);
    info.reason = std::string(reason.reason.data(), reason.reason.size());
  } else if (closing_) {  // our close completed without an echo we could read
    info = own_close_;
  } else {
    info.code = 1006;
    info.reason = ec.message();
  }
  on_close_(info);
}

template <bool Tls>
void WsConnection<Tls>::shutdown_socket() {
  boost::system::error_code ignored;
  beast::get_lowest_layer(*ws_).socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  beast::get_lowest_layer(*ws_).socket().close(ignored);
}

template class WsConnection<false>;
template class WsConnection<true>;

}  // namespace concord::client
