// Private to the network layer: one WebSocket connection (plain or TLS), the
// ClientLink the application talks to. Modelled on the websocket_session of
// Boost.Beast's websocket_chat_multi (a strand per session when the server
// runs more than one I/O thread, and a send queue) and advanced_server_flex
// (one code path for plain and TLS streams);
// instantiated for plain and TLS streams on both executors (net_types.hpp) in ws_session.cpp.
//
// Incoming binary frames are decoded as ClientMessage and, within the rate
// limit, handed to MessageHandler::on_message. Outgoing messages get the next
// seq of this connection and go through a bounded OutboundQueue; overflowing
// it closes the connection as a slow consumer.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <boost/beast/websocket/stream.hpp>

#include "concord/server/link.hpp"
#include "http_routes.hpp"
#include "idle_check.hpp"
#include "net_admission.hpp"
#include "net_connection.hpp"
#include "net_context.hpp"
#include "net_types.hpp"
#include "outbound_queue.hpp"
#include "rate_limiter.hpp"

namespace concord::server::net {

template <class Stream>
class WsSession : public ClientLink, public NetConnection, public std::enable_shared_from_this<WsSession<Stream>> {
 public:
  WsSession(Stream&& stream, std::shared_ptr<NetContext> context, std::string remote_address,
            Admission::Ticket ticket = nullptr);
  ~WsSession() override;

  // Accepts the WebSocket upgrade `request` (already read by HttpSession).
  void run(HttpRequest request);

  // ClientLink (thread-safe)
  void send(const concord::v1::ServerMessage& message) override;
  void send_shared(std::shared_ptr<const std::string> body) override;
  void close(const std::string& reason) override;
  std::uint64_t id() const override { return id_; }
  std::string remote_address() const override { return remote_address_; }

  // NetConnection (thread-safe): close with 1001 "going away".
  void shutdown() override;

 private:
  enum class State { handshake, open, closing, finished };

  void configure();
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  void handle_frame();
  void deliver(const concord::v1::ClientMessage& message);
  void reply_error(const std::string& code, const std::string& text, std::uint64_t request_id);

  void enqueue(std::shared_ptr<const std::string> body);
  void do_write();
  void on_write(beast::error_code ec, std::size_t bytes);

  void arm_idle_check();
  void on_idle_tick(beast::error_code ec);

  void begin_close(beast::websocket::close_code code, std::string reason);
  void on_close_grace_expired(beast::error_code ec);
  void finish();

  beast::websocket::stream<WsLayer<Stream>> ws_;
  std::shared_ptr<NetContext> context_;
  const std::string remote_address_;
  Admission::Ticket ticket_;  // this connection's slot under the connection caps
  const std::uint64_t id_;
  State state_ = State::handshake;
  beast::flat_buffer buffer_;
  RateLimiter limiter_;
  OutboundQueue queue_;
  std::uint64_t next_seq_ = 1;
  asio::steady_timer close_timer_;  // hard-closes the socket if the close handshake stalls
  IdleCheck idle_;                   // frames heard; pings and drops a quiet connection
  asio::steady_timer idle_timer_;    // every quarter of the idle timeout while open
  bool ping_in_flight_ = false;      // Beast allows one ping at a time
};

extern template class WsSession<PlainStreamOn<OneThreadExecutor>>;
extern template class WsSession<TlsStreamOn<OneThreadExecutor>>;
extern template class WsSession<PlainStreamOn<StrandExecutor>>;
extern template class WsSession<TlsStreamOn<StrandExecutor>>;

}  // namespace concord::server::net
