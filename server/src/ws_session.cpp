#include "ws_session.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <exception>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/stream_traits.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <spdlog/spdlog.h>

#include "concord/server/metrics.hpp"
#include "frame_diagnosis.hpp"
#include "net_log.hpp"
#include "net_wire.hpp"
#include "stack_arena.hpp"

namespace concord::server::net {
namespace websocket = beast::websocket;

namespace {
constexpr std::size_t kMaxCloseReason = 123;  // RFC 6455: control frame payload <= 125 bytes
}  // namespace

template <class Stream>
WsSession<Stream>::WsSession(Stream&& stream, std::shared_ptr<NetContext> context, std::string remote_address,
                             Admission::Ticket ticket)
    : ws_(ws_layer(std::move(stream))),
      context_(std::move(context)),
      remote_address_(std::move(remote_address)),
      ticket_(std::move(ticket)),
      id_(next_connection_id()),
      limiter_(context_->config.commands_per_second, context_->config.command_burst),
      queue_(context_->config.outbound_max_messages, context_->config.outbound_max_bytes),
      close_timer_(ws_.get_executor()),
      idle_timer_(ws_.get_executor()) {}

template <class Stream>
WsSession<Stream>::~WsSession() {
  if (context_) context_->registry.remove(id_);
}

// ---------------------------------------------------------------------------
// Opening

template <class Stream>
void WsSession<Stream>::configure() {
  const auto& config = context_->config;
  // The idle timeout is the session's own (idle_check.hpp), not Beast's.
  websocket::stream_base::timeout timeout;
  timeout.handshake_timeout = std::chrono::seconds(config.handshake_timeout_s);
  timeout.idle_timeout = websocket::stream_base::none();
  timeout.keep_alive_pings = false;
  ws_.set_option(timeout);
  ws_.control_callback([this](websocket::frame_type, beast::string_view) { idle_.heard(); });
  ws_.set_option(websocket::stream_base::decorator(
      [name = config.server_name](websocket::response_type& response) { response.set(beast::http::field::server, name); }));
  ws_.read_message_max(config.max_message_bytes);
  ws_.binary(true);
  if (config.deflate) {
    // Offered to clients that ask. 2^12-byte windows and memory level 4 keep
    // the zlib state small; frames under 256 bytes are not worth compressing.
    websocket::permessage_deflate deflate;
    deflate.server_enable = true;
    deflate.server_max_window_bits = 12;
    deflate.client_max_window_bits = 12;
    deflate.memLevel = 4;
    deflate.compLevel = 3;
    deflate.msg_size_threshold = 256;
    ws_.set_option(deflate);
  }
}

template <class Stream>
void WsSession<Stream>::run(HttpRequest request) {
  if (!context_->registry.add(id_, this->weak_from_this())) {
    beast::close_socket(beast::get_lowest_layer(ws_));  // the server is stopping
    return;
  }
  configure();
  ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_accept(beast::error_code ec) {
  if (ec) {
    state_ = State::finished;
    return log_failure(ec, "websocket accept");
  }
  state_ = State::open;
  ++Metrics::instance().connections;
  try {
    context_->handler->on_open(this->shared_from_this());
  } catch (const std::exception& e) {
    spdlog::error("net: on_open of connection {} threw: {}", id_, e.what());
  } catch (...) {
    spdlog::error("net: on_open of connection {} threw a non-standard exception", id_);
  }
  arm_idle_check();
  do_read();
}

// ---------------------------------------------------------------------------
// Idle connections

template <class Stream>
void WsSession<Stream>::arm_idle_check() {
  const std::chrono::milliseconds timeout = std::chrono::seconds(context_->config.idle_timeout_s);
  idle_timer_.expires_after(timeout / IdleCheck::kTicksPerTimeout);
  idle_timer_.async_wait(beast::bind_front_handler(&WsSession::on_idle_tick, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_idle_tick(beast::error_code ec) {
  if (ec || state_ != State::open) return;  // closing: the close grace timer takes over
  switch (idle_.tick()) {
    case IdleCheck::Action::None: break;
    case IdleCheck::Action::Ping:
      if (ping_in_flight_) break;
      ping_in_flight_ = true;
      ws_.async_ping({}, [self = this->shared_from_this()](beast::error_code) { self->ping_in_flight_ = false; });
      break;
    case IdleCheck::Action::Drop:
      spdlog::debug("net: connection {} ({}) was quiet for the idle timeout; dropping it", id_, remote_address_);
      beast::close_socket(beast::get_lowest_layer(ws_));  // the pending read ends the session
      return;
  }
  arm_idle_check();
}

// ---------------------------------------------------------------------------
// Reading

template <class Stream>
void WsSession<Stream>::do_read() {
  ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_read(beast::error_code ec, std::size_t) {
  if (ec) {
    log_failure(ec, "websocket read");
    return finish();
  }
  idle_.heard();
  if (state_ == State::open) handle_frame();
  buffer_.consume(buffer_.size());
  do_read();  // also while closing: the close handshake completes through the read
}

template <class Stream>
void WsSession<Stream>::handle_frame() {
  const auto data = buffer_.data();
  // Parsed onto an arena that starts on the stack: a request's strings and
  // sub-messages are not allocated one by one (a move's SubmitAnswer was
  // about ten allocations); the handler reads it before this returns.
  StackArena<4096> arena;
  auto& message = arena.make<concord::v1::ClientMessage>();
  std::uint64_t request_id = 0;
  const auto refused = decode_frame(ws_.got_text(), data.data(), data.size(), message, request_id);
  if (!limiter_.try_acquire()) return reply_error("RATE_LIMITED", "too many requests; slow down", request_id);
  if (refused) return reply_error(refused->code, refused->text, refused->request_id);
  ++Metrics::instance().messages_in;
  deliver(message);
}

template <class Stream>
void WsSession<Stream>::deliver(const concord::v1::ClientMessage& message) {
  const std::uint64_t request_id = message.request_id();
  try {
    context_->handler->on_message(this->shared_from_this(), message);
  } catch (const std::exception& e) {
    spdlog::error("net: on_message of connection {} threw: {}", id_, e.what());
    reply_error("INTERNAL", "internal error", request_id);
  } catch (...) {
    spdlog::error("net: on_message of connection {} threw a non-standard exception", id_);
    reply_error("INTERNAL", "internal error", request_id);
  }
}

template <class Stream>
void WsSession<Stream>::reply_error(const std::string& code, const std::string& text, std::uint64_t request_id) {
  Metrics::instance().command_rejected(code);
  // Posted like any other send, so it stays in order with replies the
  // handler has already queued.
  send_shared(error_body(code, text, request_id));
}

// ---------------------------------------------------------------------------
// Writing

template <class Stream>
void WsSession<Stream>::send(const concord::v1::ServerMessage& message) {
  send_shared(serialize_body(message));  // serialized on the caller's thread
}

template <class Stream>
void WsSession<Stream>::send_shared(std::shared_ptr<const std::string> body) {
  if (!body) return;
  asio::post(ws_.get_executor(),
             [self = this->shared_from_this(), body = std::move(body)]() mutable { self->enqueue(std::move(body)); });
}

template <class Stream>
void WsSession<Stream>::enqueue(std::shared_ptr<const std::string> body) {
  if (state_ != State::open) return;
  if (!queue_.push(OutboundFrame{seq_prefix(next_seq_), std::move(body)})) {
    ++Metrics::instance().slow_consumers_closed;
    spdlog::warn("net: connection {} ({}) is a slow consumer ({} messages, {} bytes queued); closing", id_,
                 remote_address_, queue_.size(), queue_.bytes());
    return begin_close(websocket::close_code::policy_error, "slow consumer");
  }
  ++next_seq_;
  if (queue_.size() == 1) do_write();
}

template <class Stream>
void WsSession<Stream>::do_write() {
  const auto& frame = queue_.front();
  const std::array<asio::const_buffer, 2> buffers{asio::buffer(frame.prefix), asio::buffer(*frame.body)};
  ws_.async_write(buffers, beast::bind_front_handler(&WsSession::on_write, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_write(beast::error_code ec, std::size_t) {
  if (ec) {
    queue_.clear();  // the stream has failed; the pending read ends the session
    return log_failure(ec, "websocket write");
  }
  ++Metrics::instance().messages_out;
  queue_.pop();
  if (!queue_.empty()) do_write();
}

// ---------------------------------------------------------------------------
// Closing

template <class Stream>
void WsSession<Stream>::close(const std::string& reason) {
  asio::post(ws_.get_executor(), [self = this->shared_from_this(), reason] {
    self->begin_close(websocket::close_code::normal, reason);
  });
}

template <class Stream>
void WsSession<Stream>::shutdown() {
  asio::post(ws_.get_executor(), [self = this->shared_from_this()] {
    if (self->state_ == State::handshake) return beast::close_socket(beast::get_lowest_layer(self->ws_));
    self->begin_close(websocket::close_code::going_away, "server shutting down");
  });
}

template <class Stream>
void WsSession<Stream>::begin_close(websocket::close_code code, std::string reason) {
  if (state_ != State::open) return;
  state_ = State::closing;
  queue_.drop_pending();
  reason.resize(std::min(reason.size(), kMaxCloseReason));
  ws_.async_close(websocket::close_reason(code, reason),
                  [self = this->shared_from_this()](beast::error_code ec) { log_failure(ec, "websocket close"); });
  // A peer that does not read may never let the close frame out: drop it
  // after the handshake timeout.
  close_timer_.expires_after(std::chrono::seconds(context_->config.handshake_timeout_s));
  close_timer_.async_wait(beast::bind_front_handler(&WsSession::on_close_grace_expired, this->shared_from_this()));
}

template <class Stream>
void WsSession<Stream>::on_close_grace_expired(beast::error_code ec) {
  if (ec || state_ == State::finished) return;
  spdlog::debug("net: connection {} did not finish closing; dropping it", id_);
  beast::close_socket(beast::get_lowest_layer(ws_));
}

template <class Stream>
void WsSession<Stream>::finish() {
  if (state_ == State::finished) return;
  state_ = State::finished;
  close_timer_.cancel();
  idle_timer_.cancel();
  queue_.clear();
  context_->registry.remove(id_);
  ticket_.reset();
  --Metrics::instance().connections;
  try {
    context_->handler->on_close(this->shared_from_this());
  } catch (const std::exception& e) {
    spdlog::error("net: on_close of connection {} threw: {}", id_, e.what());
  } catch (...) {
    spdlog::error("net: on_close of connection {} threw a non-standard exception", id_);
  }
  // Nothing needs the context any more. Dropping it means an application
  // that keeps this link after on_close does not keep itself (the handler)
  // alive through it.
  context_.reset();
}

template class WsSession<PlainStreamOn<OneThreadExecutor>>;
template class WsSession<TlsStreamOn<OneThreadExecutor>>;
template class WsSession<PlainStreamOn<StrandExecutor>>;
template class WsSession<TlsStreamOn<StrandExecutor>>;

}  // namespace concord::server::net
