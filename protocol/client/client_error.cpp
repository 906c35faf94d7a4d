#include "client/client_error.hpp"

#include <utility>

namespace concord::client {

ClientError::ClientError(Kind kind, std::string code, std::string message, std::vector<v1::Violation> violations)
    : std::runtime_error(code + ": " + message),
      kind_(kind),
      code_(std::move(code)),
      message_(std::move(message)),
      violations_(std::move(violations)) {}

ClientError ClientError::from_server(const v1::Error& error) {
  std::vector<v1::Violation> violations(error.violations().begin(), error.violations().end());
  return ClientError(Kind::Server, error.code(), error.message(), std::move(violations));
}

}  // namespace concord::client
