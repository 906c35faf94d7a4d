#include "net_log.hpp"

#include <boost/asio/error.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>
#include <string>

#include <google/protobuf/stubs/logging.h>
#include <spdlog/spdlog.h>

namespace concord::server::net {

bool is_benign(const boost::system::error_code& ec) {
  namespace error = boost::asio::error;
  // ssl::error::stream_truncated: the peer closed without close_notify. Both
  // HTTP and WebSocket are self-delimiting, so this loses nothing.
  return ec == error::operation_aborted || ec == error::eof || ec == error::connection_reset ||
         ec == boost::asio::ssl::error::stream_truncated || ec == boost::beast::websocket::error::closed ||
         ec == boost::beast::http::error::end_of_stream;
}

void log_failure(const boost::system::error_code& ec, const char* what) {
  if (is_benign(ec)) return;
  spdlog::debug("net: {}: {}", what, ec.message());
}

namespace {

void protobuf_log(google::protobuf::LogLevel level, const char* file, int line, const std::string& message) {
  const bool client_input = message.find("when parsing") != std::string::npos;
  auto out = spdlog::level::info;
  if (level == google::protobuf::LOGLEVEL_WARNING) out = spdlog::level::warn;
  if (level == google::protobuf::LOGLEVEL_ERROR) out = spdlog::level::err;
  if (client_input) out = spdlog::level::debug;
  if (level >= google::protobuf::LOGLEVEL_FATAL) out = spdlog::level::critical;
  spdlog::log(out, "protobuf {}:{}: {}", file, line, message);
}

}  // namespace

void route_protobuf_logs() { google::protobuf::SetLogHandler(&protobuf_log); }

}  // namespace concord::server::net
