#include "test_client.hpp"

#include <boost/beast/http.hpp>

namespace concord::server::testing {
namespace http = beast::http;

std::shared_ptr<ssl::context> client_tls_context(const std::string& cert_pem) {
  auto tls = std::make_shared<ssl::context>(ssl::context::tls_client);
  tls->add_certificate_authority(asio::buffer(cert_pem));
  tls->set_verify_mode(ssl::verify_peer);
  return tls;
}

namespace {

template <class Stream>
HttpResult exchange(asio::io_context& ioc, Stream& stream, const std::string& target) {
  auto cancel = [&] { beast::get_lowest_layer(stream).close(); };
  http::request<http::empty_body> request{http::verb::get, target, 11};
  request.set(http::field::host, "127.0.0.1");
  request.keep_alive(false);
  auto ec = run_with_timeout(ioc, [&](auto h) { http::async_write(stream, request, h); }, cancel, kDefaultTimeout);
  if (ec) throw beast::system_error(ec, "http write");
  beast::flat_buffer buffer;
  http::response<http::string_body> response;
  ec = run_with_timeout(ioc, [&](auto h) { http::async_read(stream, buffer, response, h); }, cancel, kDefaultTimeout);
  if (ec) throw beast::system_error(ec, "http read");
  return HttpResult{static_cast<int>(response.result_int()), std::string(response[http::field::content_type]),
                    response.body()};
}

}  // namespace

HttpResult http_get(unsigned short port, const std::string& target, std::shared_ptr<ssl::context> tls) {
  asio::io_context ioc;
  const tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
  if (!tls) {
    tcp::socket socket(ioc);
    socket.connect(endpoint);
    return exchange(ioc, socket, target);
  }
  ssl::stream<tcp::socket> stream(ioc, *tls);
  stream.next_layer().connect(endpoint);
  auto ec = run_with_timeout(
      ioc, [&](auto h) { stream.async_handshake(ssl::stream_base::client, h); },
      [&] { stream.next_layer().close(); }, kDefaultTimeout);
  if (ec) throw beast::system_error(ec, "tls handshake");
  return exchange(ioc, stream, target);
}

concord::v1::ClientMessage make_ping(std::uint64_t request_id, std::uint64_t nonce) {
  concord::v1::ClientMessage message;
  message.set_request_id(request_id);
  message.mutable_ping()->set_nonce(nonce);
  return message;
}

}  // namespace concord::server::testing
