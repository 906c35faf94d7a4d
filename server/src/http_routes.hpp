// Private to the network layer: the plain HTTP endpoints.
#pragma once

#include <string_view>

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace concord::server::net {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;
using HttpResponse = boost::beast::http::response<boost::beast::http::string_body>;

// The path of a request target, without its query string.
std::string_view request_path(std::string_view target);

// GET /healthz -> 200 "ok"; GET /metrics -> 200 Prometheus text; other
// methods on those -> 405; anything else -> 404.
HttpResponse handle_http_request(const HttpRequest& request, std::string_view server_name);

// 405 with "allow: GET".
HttpResponse method_not_allowed(const HttpRequest& request, std::string_view server_name);

// A JSON document (HttpJsonSource): content-type application/json, no-store.
HttpResponse json_response(unsigned http_version, bool keep_alive, std::string_view server_name, int status,
                           std::string body);

// The reply to a WebSocket upgrade on a path other than /ws.
HttpResponse not_found(const HttpRequest& request, std::string_view server_name);

}  // namespace concord::server::net
