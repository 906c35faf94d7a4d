#include "client/connection.hpp"

#include "client/ws_connection.hpp"

namespace concord::client {

namespace {

template <bool Tls>
std::unique_ptr<Connection> open_as(const std::string& host, unsigned short port, const ClientOptions& options,
                                    Connection::FrameHandler on_frame, Connection::CloseHandler on_close) {
  auto connection = std::make_unique<WsConnection<Tls>>(options, std::move(on_frame), std::move(on_close));
  connection->start(host, port);
  return connection;
}

}  // namespace

std::unique_ptr<Connection> Connection::open(const std::string& host, unsigned short port, const ClientOptions& options,
                                             FrameHandler on_frame, CloseHandler on_close) {
  if (options.tls) return open_as<true>(host, port, options, std::move(on_frame), std::move(on_close));
  return open_as<false>(host, port, options, std::move(on_frame), std::move(on_close));
}

}  // namespace concord::client
