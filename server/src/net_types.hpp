// Private to the network layer: namespace aliases and the two stream types
// every session template is instantiated for (plain TCP and TLS over TCP).
#pragma once

#include <type_traits>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace concord::server::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

// Each connection runs on its own strand, named by its concrete type rather
// than by asio::any_io_executor: every handler of a socket operation is then
// dispatched without the type-erased executor's copies and indirect calls.
using ConnectionExecutor = asio::strand<asio::io_context::executor_type>;
using Socket = asio::basic_stream_socket<tcp, ConnectionExecutor>;
using PlainStream = beast::basic_stream<tcp, ConnectionExecutor, beast::unlimited_rate_policy>;
using TlsStream = ssl::stream<PlainStream>;

template <class Stream>
inline constexpr bool kIsTls = std::is_same_v<Stream, TlsStream>;

// What a WebSocket session's stream runs on. The HTTP session reads the
// upgrade request on a tcp_stream (for its timeout); a plain WebSocket
// session then takes the bare socket out of it, since the WebSocket stream
// keeps its own timeouts and the tcp_stream's per-operation bookkeeping (a
// shared state and executor copies around every read and write) cost about
// 9% of a Beast echo round trip. A TLS session keeps its stream whole.
template <class Stream>
struct WsLayerOf {
  using type = Stream;
};
template <>
struct WsLayerOf<PlainStream> {
  using type = Socket;
};
template <class Stream>
using WsLayer = typename WsLayerOf<Stream>::type;

inline Socket ws_layer(PlainStream&& stream) { return stream.release_socket(); }
inline TlsStream ws_layer(TlsStream&& stream) { return std::move(stream); }

}  // namespace concord::server::net
