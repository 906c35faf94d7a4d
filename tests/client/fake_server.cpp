#include "fake_server.hpp"

#include <boost/asio/buffer.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>

namespace concord::client::testing {

namespace asio = boost::asio;
namespace websocket = boost::beast::websocket;

FakeSession::FakeSession(asio::ip::tcp::socket socket) : ws_(std::move(socket)) { ws_.accept(); }

std::string FakeSession::read_raw(bool* binary) {
  boost::beast::flat_buffer buffer;
  ws_.read(buffer);
  if (binary) *binary = ws_.got_binary();
  return boost::beast::buffers_to_string(buffer.data());
}

v1::ClientMessage FakeSession::read() {
  v1::ClientMessage message;
  if (!message.ParseFromString(read_raw())) throw std::runtime_error("undecodable ClientMessage");
  return message;
}

void FakeSession::send(const v1::ServerMessage& message) {
  ws_.binary(true);
  ws_.write(asio::buffer(message.SerializeAsString()));
}

void FakeSession::reply(const v1::ClientMessage& to, v1::ServerMessage message) {
  message.set_request_id(to.request_id());
  message.set_seq(next_seq());
  send(message);
}

void FakeSession::push(v1::ServerMessage message) {
  message.set_request_id(0);
  message.set_seq(next_seq());
  send(message);
}

void FakeSession::close(std::uint16_t code, const std::string& reason) {
  websocket::close_reason why;
  why.code = code;
  why.reason = reason;
  ws_.close(why);
  boost::beast::flat_buffer buffer;
  boost::system::error_code ec;
  while (!ec) ws_.read(buffer, ec);  // until the client's echo
}

std::optional<int> FakeSession::wait_for_client_close() {
  boost::beast::flat_buffer buffer;
  boost::system::error_code ec;
  while (!ec) {
    ws_.read(buffer, ec);
    buffer.clear();
  }
  if (ec == websocket::error::closed) return static_cast<int>(ws_.reason().code);
  return std::nullopt;
}

FakeServer::FakeServer(Script script)
    : acceptor_(ioc_, asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
  port_ = acceptor_.local_endpoint().port();
  thread_ = std::thread([this, script = std::move(script)] {
    try {
      asio::ip::tcp::socket socket(ioc_);
      acceptor_.accept(socket);
      FakeSession session(std::move(socket));
      script(session);
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  });
}

FakeServer::~FakeServer() { join(); }

std::string FakeServer::join() {
  if (thread_.joinable()) thread_.join();
  return error_;
}

v1::ServerMessage welcome_message() {
  v1::ServerMessage message;
  message.mutable_welcome()->set_version(1);
  message.mutable_welcome()->set_server_name("fake");
  message.mutable_welcome()->mutable_limits()->set_max_message_bytes(1024);
  return message;
}

}  // namespace concord::client::testing
