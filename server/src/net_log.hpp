// Private to the network layer: logging of I/O failures.
#pragma once

#include <boost/system/error_code.hpp>

namespace concord::server::net {

// Logs a failed I/O operation at debug level, staying quiet about the
// expected ways a connection ends (peer closed, cancelled, TLS short read).
void log_failure(const boost::system::error_code& ec, const char* what);

// True for the errors that mean "the connection ended normally".
bool is_benign(const boost::system::error_code& ec);

// Sends libprotobuf's own log lines to spdlog, its parse complaints (a
// client's invalid UTF-8, answered INVALID_UTF8) at debug level so that a
// client cannot flood the log with them. Call once, before any thread starts.
void route_protobuf_logs();

}  // namespace concord::server::net
