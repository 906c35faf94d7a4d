// Revocation reaches every connection of a token: at once for a Logout on
// this server, and within config.session_check_s for a session revoked or
// deleted (with its account) anywhere else.
#include <chrono>
#include <utility>
#include <vector>

#include <spdlog/spdlog.h>

#include "dispatcher.hpp"
#include "wire_convert.hpp"

namespace concord::server {

void Dispatcher::revoke_connections(const std::string& token_hash, const LinkPtr& keep) {
  if (token_hash.empty()) return;
  std::vector<LinkPtr> revoked;
  {
    std::lock_guard lock(mutex_);
    for (auto& [id, connection] : connections_) {
      if (connection.token_hash != token_hash || (keep && id == keep->id())) continue;
      if (auto link = connection.link.lock()) revoked.push_back(std::move(link));
    }
  }
  for (const auto& link : revoked) {
    detach_from_rooms(link);
    set_player(link, std::nullopt, "");
    link->send(make_error(0, "SESSION_REVOKED", "this connection's session was logged out or deleted; log in again"));
  }
}

void Dispatcher::schedule_session_check() {
  if (ctx_.config.session_check_s <= 0) return;
  session_timer_.expires_after(std::chrono::seconds(ctx_.config.session_check_s));
  session_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec) return;
    try {
      check_sessions();
    } catch (const std::exception& e) {
      spdlog::error("session check failed: {}", e.what());
    }
    schedule_session_check();
  });
}

// One query for every token held by a connection of this server.
void Dispatcher::check_sessions() {
  std::set<std::string> held;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, connection] : connections_) {
      if (connection.player) held.insert(connection.token_hash);
    }
  }
  if (held.empty()) return;
  ctx_.db.post([this, held = std::move(held)](pqxx::connection& conn) {
    try {
      const auto live = persistence::SessionRepository(conn).live(held);
      for (const auto& hash : held) {
        if (!live.count(hash)) revoke_connections(hash, nullptr);
      }
    } catch (const std::exception& e) {
      spdlog::warn("session check failed: {}", e.what());
      throw;  // lets the worker reset its connection
    }
  });
}

}  // namespace concord::server
