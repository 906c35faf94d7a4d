// An in-process WebSocket server speaking raw Concord envelopes, scripted by
// the test (one connection). Lets the client tests check request matching,
// pushes, seq checking and close codes without the real server.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "concord/v1/concord.pb.h"

namespace concord::client::testing {

class FakeSession {
 public:
  explicit FakeSession(boost::asio::ip::tcp::socket socket);

  v1::ClientMessage read();                      // next binary frame; throws on close
  std::string read_raw(bool* binary = nullptr);  // next frame as bytes
  // Sends `message` as is (the test sets seq and request_id).
  void send(const v1::ServerMessage& message);
  // Sends `message` answering `to`, with the next seq.
  void reply(const v1::ClientMessage& to, v1::ServerMessage message);
  // Sends a push (request_id 0) with the next seq.
  void push(v1::ServerMessage message);
  void close(std::uint16_t code, const std::string& reason);
  // Reads until the client closes; returns its close code (or nullopt on a
  // transport error).
  std::optional<int> wait_for_client_close();
  std::uint64_t next_seq() { return ++seq_; }

 private:
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
  std::uint64_t seq_ = 0;
};

class FakeServer {
 public:
  using Script = std::function<void(FakeSession&)>;

  explicit FakeServer(Script script);
  ~FakeServer();  // joins the server thread

  unsigned short port() const { return port_; }
  // Blocks until the script has finished; returns its exception text, if any.
  std::string join();

 private:
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  unsigned short port_ = 0;
  std::string error_;
  std::thread thread_;
};

// The welcome every scripted server sends for Hello.
v1::ServerMessage welcome_message();

}  // namespace concord::client::testing
