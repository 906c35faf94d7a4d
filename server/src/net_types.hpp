// Private to the network layer: namespace aliases and the stream types every
// session template is instantiated for: plain TCP and TLS over TCP, each on
// the two executors a connection can run on.
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

// What a connection's handlers run on, named by its concrete type rather than
// by asio::any_io_executor (whose copies and indirect calls every handler of a
// socket operation paid). With one I/O thread (--threads 1, the default)
// every handler runs on that thread, so a connection needs no strand of its
// own and runs on the io_context's executor: a strand per connection cost
// ~6K of a Counter Duel move's ~57K instructions (server_instructions.sh),
// one queued operation and one lock more for every completion and every
// message sent. With more I/O threads each connection gets its own strand.
using OneThreadExecutor = asio::io_context::executor_type;
using StrandExecutor = asio::strand<asio::io_context::executor_type>;

template <class Executor>
using SocketOn = asio::basic_stream_socket<tcp, Executor>;
template <class Executor>
using PlainStreamOn = beast::basic_stream<tcp, Executor, beast::unlimited_rate_policy>;
template <class Executor>
using TlsStreamOn = ssl::stream<PlainStreamOn<Executor>>;

template <class Stream>
inline constexpr bool kIsTls = false;
template <class Executor>
inline constexpr bool kIsTls<ssl::stream<beast::basic_stream<tcp, Executor, beast::unlimited_rate_policy>>> = true;

// What a WebSocket session's stream runs on. The HTTP session reads the
// upgrade request on a beast::basic_stream (for its timeout); a plain
// WebSocket session then takes the bare socket out of it, since the WebSocket
// stream keeps its own timeouts and the basic_stream's per-operation
// bookkeeping (a shared state and executor copies around every read and
// write) cost about 9% of a Beast echo round trip. A TLS session keeps its
// stream whole.
template <class Stream>
struct WsLayerOf {
  using type = Stream;
};
template <class Executor>
struct WsLayerOf<beast::basic_stream<tcp, Executor, beast::unlimited_rate_policy>> {
  using type = SocketOn<Executor>;
};
template <class Stream>
using WsLayer = typename WsLayerOf<Stream>::type;

template <class Executor>
SocketOn<Executor> ws_layer(PlainStreamOn<Executor>&& stream) {
  return stream.release_socket();
}
template <class Executor>
TlsStreamOn<Executor> ws_layer(TlsStreamOn<Executor>&& stream) {
  return std::move(stream);
}

}  // namespace concord::server::net
