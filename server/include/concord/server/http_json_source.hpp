// The boundary between the network layer (the HTTP session) and the
// application layer for read-only JSON documents served on the HTTP port
// (GET /tournaments...). Thread-safe.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace concord::server {

// Implemented by the application. The network layer asks serves() for each
// plain HTTP request's path (without the query string); a served path is
// answered 405 for any method but GET, and otherwise with what get()
// reports. get() may complete on any thread, exactly once; `status` is an
// HTTP status code and `body` the JSON document (errors too:
// {"code": ..., "message": ...}).
class HttpJsonSource {
 public:
  virtual ~HttpJsonSource() = default;
  virtual bool serves(std::string_view path) const = 0;
  virtual void get(std::string path, std::function<void(int status, std::string body)> done) = 0;
};

}  // namespace concord::server
