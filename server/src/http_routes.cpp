#include "http_routes.hpp"

#include <string>

#include "concord/server/metrics.hpp"

namespace concord::server::net {
namespace http = boost::beast::http;

namespace {

HttpResponse make_response(const HttpRequest& request, std::string_view server_name, http::status status,
                           std::string_view content_type, std::string body) {
  HttpResponse response{status, request.version()};
  response.set(http::field::server, server_name);
  response.set(http::field::content_type, content_type);
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

std::string unreachable_text(double seconds) {
  return "database unreachable for " + std::to_string(static_cast<long long>(seconds)) + " s";
}

// Liveness: the process answers. Says so when the database is unreachable
// (rooms wait for it), but stays 200: restarting would not bring it back.
HttpResponse healthz(const HttpRequest& request, std::string_view server_name) {
  const auto [reachable, seconds] = Metrics::instance().database_status();
  return make_response(request, server_name, http::status::ok, "text/plain; charset=utf-8",
                       reachable ? "ok" : "ok\n" + unreachable_text(seconds) + "\n");
}

// Readiness: 503 while the database is unreachable, so that an orchestrator
// sends new players elsewhere until it is back.
HttpResponse readyz(const HttpRequest& request, std::string_view server_name) {
  const auto [reachable, seconds] = Metrics::instance().database_status();
  if (reachable) return make_response(request, server_name, http::status::ok, "text/plain; charset=utf-8", "ready");
  return make_response(request, server_name, http::status::service_unavailable, "text/plain; charset=utf-8",
                       "not ready: " + unreachable_text(seconds) + "\n");
}

}  // namespace

std::string_view request_path(std::string_view target) {
  return target.substr(0, target.find('?'));
}

HttpResponse not_found(const HttpRequest& request, std::string_view server_name) {
  return make_response(request, server_name, http::status::not_found, "text/plain; charset=utf-8", "not found\n");
}

HttpResponse method_not_allowed(const HttpRequest& request, std::string_view server_name) {
  auto response = make_response(request, server_name, http::status::method_not_allowed, "text/plain; charset=utf-8",
                                "method not allowed\n");
  response.set(http::field::allow, "GET");
  return response;
}

HttpResponse json_response(unsigned http_version, bool keep_alive, std::string_view server_name, int status,
                           std::string body) {
  HttpResponse response{static_cast<http::status>(status), http_version};
  response.set(http::field::server, server_name);
  response.set(http::field::content_type, "application/json");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(keep_alive);
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

HttpResponse handle_http_request(const HttpRequest& request, std::string_view server_name) {
  const auto path = request_path(request.target());
  if (path != "/healthz" && path != "/readyz" && path != "/metrics") return not_found(request, server_name);
  if (request.method() != http::verb::get) return method_not_allowed(request, server_name);
  if (path == "/healthz") return healthz(request, server_name);
  if (path == "/readyz") return readyz(request, server_name);
  return make_response(request, server_name, http::status::ok, "text/plain; version=0.0.4; charset=utf-8",
                       Metrics::instance().render());
}

}  // namespace concord::server::net
