#include "raw_ws.hpp"

#include <stdexcept>

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

namespace concord::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;

struct RawWs::Impl {
  asio::io_context ioc;
  beast::websocket::stream<beast::tcp_stream> ws{ioc};
};

RawWs::RawWs(unsigned short port) : impl_(std::make_unique<Impl>()) {
  auto& stream = beast::get_lowest_layer(impl_->ws);
  stream.expires_after(std::chrono::seconds(5));
  stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  impl_->ws.handshake("127.0.0.1", "/ws");
  stream.expires_never();
  impl_->ws.binary(true);
}

RawWs::~RawWs() {
  beast::error_code ignored;
  beast::get_lowest_layer(impl_->ws).socket().close(ignored);
}

void RawWs::send_bytes(const std::string& bytes) {
  beast::get_lowest_layer(impl_->ws).expires_after(std::chrono::seconds(5));
  impl_->ws.write(asio::buffer(bytes));
}

std::string RawWs::read_frame() {
  beast::flat_buffer buffer;
  beast::get_lowest_layer(impl_->ws).expires_after(std::chrono::seconds(5));
  impl_->ws.read(buffer);
  return beast::buffers_to_string(buffer.data());
}

v1::ServerMessage RawWs::read() {
  v1::ServerMessage message;
  if (!message.ParseFromString(read_frame())) {
    throw std::runtime_error("undecodable ServerMessage");
  }
  return message;
}

v1::ServerMessage RawWs::read_reply(std::uint64_t request_id) {
  for (;;) {
    auto message = read();
    if (message.request_id() == request_id) return message;
  }
}

void RawWs::hello(std::uint32_t version) {
  auto m = with_id(1);
  m.mutable_hello()->set_min_version(version);
  m.mutable_hello()->set_max_version(version);
  send(m);
  if (!read_reply(1).has_welcome()) throw std::runtime_error("no Welcome");
}

v1::ClientMessage with_id(std::uint64_t request_id) {
  v1::ClientMessage m;
  m.set_request_id(request_id);
  return m;
}

}  // namespace concord::testing
