// Connection over Boost.Beast: websocket::stream<tcp_stream> or, with TLS,
// websocket::stream<ssl_stream<tcp_stream>>. Every stream operation runs on
// the connection's single I/O thread (an implicit strand).
#pragma once

#include <atomic>
#include <boost/asio/awaitable.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <deque>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "client/connection.hpp"

namespace concord::client {

template <bool Tls>
class WsConnection final : public Connection {
 public:
  using Socket = boost::beast::tcp_stream;
  using Stream = boost::beast::websocket::stream<std::conditional_t<Tls, boost::beast::ssl_stream<Socket>, Socket>>;

  WsConnection(const ClientOptions& options, FrameHandler on_frame, CloseHandler on_close);
  ~WsConnection() override;

  // Connects and handshakes; throws ClientError(CONNECT_FAILED).
  void start(const std::string& host, unsigned short port);

  void send(std::string bytes, bool binary) override;
  void close(int code, const std::string& reason) override;
  bool is_open() const override { return open_.load(); }

 private:
  struct Frame {
    std::string bytes;
    bool binary = true;
  };

  boost::asio::awaitable<void> handshake(std::string host, unsigned short port);
  boost::asio::awaitable<void> read_loop();
  boost::asio::awaitable<void> write_loop();
  void enqueue(Frame frame);
  void finish(const boost::system::error_code& ec);
  void shutdown_socket();

  ClientOptions options_;
  FrameHandler on_frame_;
  CloseHandler on_close_;
  boost::asio::io_context ioc_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  boost::asio::ssl::context ssl_ctx_;
  std::optional<Stream> ws_;
  std::deque<Frame> outbox_;   // I/O thread only
  bool writing_ = false;       // I/O thread only
  bool finished_ = false;      // I/O thread only
  bool closing_ = false;       // I/O thread only
  bool write_failed_ = false;  // I/O thread only
  CloseInfo own_close_;        // I/O thread only: the close we sent
  std::atomic<bool> open_{false};
  std::thread thread_;
};

}  // namespace concord::client
