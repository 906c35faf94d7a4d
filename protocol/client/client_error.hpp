// The one exception type of the client library. `code()` is either the
// server's error code (kind Server: BAD_CREDENTIALS, DECK_INVALID, ...) or a
// client-side code: TIMEOUT, CLOSED, PROTOCOL_ERROR, CONNECT_FAILED,
// UNEXPECTED_REPLY.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "concord/v1/concord.pb.h"

namespace concord::client {

class ClientError : public std::runtime_error {
 public:
  enum class Kind { Server, Timeout, Closed, Protocol, Connect };

  ClientError(Kind kind, std::string code, std::string message, std::vector<v1::Violation> violations = {});

  // An Error reply from the server.
  static ClientError from_server(const v1::Error& error);

  Kind kind() const { return kind_; }
  const std::string& code() const { return code_; }
  const std::string& message() const { return message_; }  // without the code
  const std::vector<v1::Violation>& violations() const { return violations_; }

 private:
  Kind kind_;
  std::string code_;
  std::string message_;
  std::vector<v1::Violation> violations_;
};

}  // namespace concord::client
