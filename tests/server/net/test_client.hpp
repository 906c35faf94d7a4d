// Test clients for the network layer: a WebSocket client (plain or TLS) and
// an HTTP GET helper. Every operation runs on the client's own io_context
// with a deadline, so a misbehaving server fails a test instead of hanging it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>

#include "concord/v1/concord.pb.h"

namespace concord::server::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using namespace std::chrono_literals;

constexpr auto kDefaultTimeout = 5s;

// Runs one asynchronous operation on `ioc` for at most `timeout`. `start`
// receives the completion handler; `cancel` aborts the operation on timeout.
template <class Start, class Cancel>
beast::error_code run_with_timeout(asio::io_context& ioc, Start&& start, Cancel&& cancel,
                                   std::chrono::milliseconds timeout) {
  std::optional<beast::error_code> result;
  start([&result](beast::error_code ec, auto&&...) { result = ec; });
  ioc.restart();
  ioc.run_for(timeout);
  if (result) return *result;
  cancel();
  ioc.restart();
  ioc.run();
  return asio::error::timed_out;
}

// A TLS client context trusting exactly `cert_pem`.
std::shared_ptr<ssl::context> client_tls_context(const std::string& cert_pem);

template <class NextLayer>
class BasicWsClient {
 public:
  static constexpr bool kTls = !std::is_same_v<NextLayer, tcp::socket>;

  // Connects to 127.0.0.1:port (TCP, then TLS if kTls). Throws on failure.
  explicit BasicWsClient(unsigned short port, std::shared_ptr<ssl::context> tls = nullptr)
      : tls_(std::move(tls)), ws_(make_next_layer()) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    if constexpr (kTls) {
      auto ec = run([&](auto h) { ws_.next_layer().async_handshake(ssl::stream_base::client, h); });
      if (ec) throw beast::system_error(ec, "tls handshake");
    }
  }

  // The WebSocket upgrade; returns its error (upgrade_declined for a 404).
  beast::error_code handshake(const std::string& target = "/ws") {
    return run([&](auto h) { ws_.async_handshake("127.0.0.1", target, h); });
  }

  void send(const concord::v1::ClientMessage& message) { write(message.SerializeAsString(), false); }
  void write(const std::string& bytes, bool text) {
    ws_.text(text);
    auto ec = run([&](auto h) { ws_.async_write(asio::buffer(bytes), h); });
    if (ec) throw beast::system_error(ec, "websocket write");
  }

  // Reads one frame; nullopt (with last_error() set) if the read failed.
  std::optional<concord::v1::ServerMessage> read(std::chrono::milliseconds timeout = kDefaultTimeout) {
    buffer_.clear();
    last_error_ = run([&](auto h) { ws_.async_read(buffer_, h); }, timeout);
    if (last_error_) return std::nullopt;
    concord::v1::ServerMessage message;
    if (!message.ParseFromString(beast::buffers_to_string(buffer_.data()))) return std::nullopt;
    return message;
  }

  // Reads (and discards) frames until the connection ends; returns the error.
  beast::error_code read_until_closed(std::chrono::milliseconds timeout = kDefaultTimeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (read(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()))) {
    }
    return last_error_;
  }

  void close() {
    run([&](auto h) { ws_.async_close(websocket::close_code::normal, h); });
  }

  beast::error_code last_error() const { return last_error_; }
  websocket::close_reason close_reason() const { return ws_.reason(); }

 private:
  NextLayer make_next_layer() {
    if constexpr (kTls) return NextLayer(ioc_, *tls_);
    else return NextLayer(ioc_);
  }
  template <class Start>
  beast::error_code run(Start&& start, std::chrono::milliseconds timeout = kDefaultTimeout) {
    return run_with_timeout(ioc_, std::forward<Start>(start), [this] { beast::get_lowest_layer(ws_).close(); },
                            timeout);
  }

  asio::io_context ioc_;
  std::shared_ptr<ssl::context> tls_;
  websocket::stream<NextLayer> ws_;
  beast::flat_buffer buffer_;
  beast::error_code last_error_;
};

using WsClient = BasicWsClient<tcp::socket>;
using TlsWsClient = BasicWsClient<ssl::stream<tcp::socket>>;

struct HttpResult {
  int status = 0;
  std::string content_type;
  std::string body;
};

// GET http(s)://127.0.0.1:port<target>. Throws on I/O failure.
HttpResult http_get(unsigned short port, const std::string& target, std::shared_ptr<ssl::context> tls = nullptr);

// Convenience builders.
concord::v1::ClientMessage make_ping(std::uint64_t request_id, std::uint64_t nonce);

}  // namespace concord::server::testing
