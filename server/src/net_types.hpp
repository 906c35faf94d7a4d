// Private to the network layer: namespace aliases and the two stream types
// every session template is instantiated for (plain TCP and TLS over TCP).
#pragma once

#include <type_traits>

#include <boost/asio/ssl/stream.hpp>
#include <boost/beast/core/tcp_stream.hpp>

namespace concord::server::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

using PlainStream = beast::tcp_stream;
using TlsStream = ssl::stream<beast::tcp_stream>;

template <class Stream>
inline constexpr bool kIsTls = std::is_same_v<Stream, TlsStream>;

}  // namespace concord::server::net
