// What a failed database request means for the client: the database refusing
// a value of the request is the client's problem (INVALID_REQUEST), a lost or
// overloaded database is UNAVAILABLE, anything else is a server bug (INTERNAL).
#pragma once

#include <exception>
#include <string>

namespace concord::server {

struct DbFailure {
  std::string code;     // INVALID_REQUEST, UNAVAILABLE or INTERNAL
  std::string message;  // for the client: never the SQL or the server's own message
  bool reset_connection = false;  // the worker should drop its connection
};

DbFailure classify_db_error(const std::exception& error);

}  // namespace concord::server
