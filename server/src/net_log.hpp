// Private to the network layer: logging of I/O failures.
#pragma once

#include <boost/system/error_code.hpp>

namespace concord::server::net {

// Logs a failed I/O operation at debug level, staying quiet about the
// expected ways a connection ends (peer closed, cancelled, TLS short read).
void log_failure(const boost::system::error_code& ec, const char* what);

// True for the errors that mean "the connection ended normally".
bool is_benign(const boost::system::error_code& ec);

}  // namespace concord::server::net
