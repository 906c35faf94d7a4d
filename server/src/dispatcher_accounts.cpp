// Accounts: register, login, resume, logout.
#include <algorithm>
#include <cctype>
#include <regex>

#include "dispatcher.hpp"
#include "passwords.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

bool valid_username(const std::string& name) {
  static const std::regex pattern("^[A-Za-z0-9_-]{3,24}$");
  return std::regex_match(name, pattern);
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

void Dispatcher::on_register(const LinkPtr& link, std::uint64_t rid, const v1::Register& request) {
  if (!valid_username(request.username())) {
    link->send(make_error(rid, "INVALID_USERNAME", "usernames are 3-24 characters of letters, digits, '_' and '-'"));
    return;
  }
  if (request.password().size() < 8 || request.password().size() > 256) {
    link->send(make_error(rid, "WEAK_PASSWORD", "passwords are 8 to 256 characters"));
    return;
  }
  db_job(link, rid, [link, rid, request](pqxx::connection& conn) {
    const auto hash = hash_password(request.password());
    if (!persistence::PlayerRepository(conn).create(request.username(), hash)) {
      link->send(make_error(rid, "USERNAME_TAKEN", "username '" + request.username() + "' is taken"));
      return;
    }
    link->send(make_ok(rid));
  });
}

void Dispatcher::on_login(const LinkPtr& link, std::uint64_t rid, const v1::Login& request) {
  if (connection(link)->player) {
    link->send(make_error(rid, "ALREADY_AUTHENTICATED", "this connection is already logged in"));
    return;
  }
  const auto name = lower(request.username());
  const auto address = link->remote_address();
  if (!ctx_.throttle.allowed(name, address)) {
    link->send(make_error(rid, "LOGIN_RATE_LIMITED", "too many failed logins; wait a minute"));
    return;
  }
  db_job(link, rid, [this, link, rid, request, name, address](pqxx::connection& conn) {
    auto player = persistence::PlayerRepository(conn).find_by_username(request.username());
    if (!player || !verify_password(player->password_hash, request.password())) {
      ctx_.throttle.record_failure(name, address);
      link->send(make_error(rid, "BAD_CREDENTIALS", "unknown username or wrong password"));
      return;
    }
    const auto token = new_session_token();
    persistence::SessionRepository(conn).create(token_hash(token), player->id);
    logged_in(link, rid, PlayerRef{player->id, player->username}, token, false);
  });
}

void Dispatcher::on_resume(const LinkPtr& link, std::uint64_t rid, const v1::Resume& request) {
  if (connection(link)->player) {
    link->send(make_error(rid, "ALREADY_AUTHENTICATED", "this connection is already logged in"));
    return;
  }
  db_job(link, rid, [this, link, rid, token = request.token()](pqxx::connection& conn) {
    const auto player_id = persistence::SessionRepository(conn).find_player(token_hash(token));
    auto player = player_id ? persistence::PlayerRepository(conn).find_by_id(*player_id) : std::nullopt;
    if (!player) {
      link->send(make_error(rid, "INVALID_TOKEN", "unknown or revoked session token"));
      return;
    }
    logged_in(link, rid, PlayerRef{player->id, player->username}, token, true);
  });
}

// Runs on a database worker: records the identity, replies, and re-attaches
// the connection to every room the player is seated in or was watching.
void Dispatcher::logged_in(const LinkPtr& link, std::uint64_t rid, PlayerRef player, const std::string& token,
                           bool reattach) {
  set_player(link, player, token_hash(token));
  const auto rooms = ctx_.lobby.rooms_of(player.id);
  v1::ServerMessage reply;
  reply.set_request_id(rid);
  auto* out = reply.mutable_logged_in();
  out->set_token(token);
  out->set_player_id(player.id);
  out->set_username(player.username);
  for (const auto& room : rooms) out->add_rooms(room->id());
  link->send(reply);
  if (!reattach) return;
  auto attach_to = rooms;
  for (auto& room : ctx_.lobby.rooms_watched_by(player.id)) attach_to.push_back(std::move(room));
  for (const auto& room : attach_to) {
    remember_room(link, room->id(), true);
    room->attach(player, link);
  }
}

void Dispatcher::on_logout(const LinkPtr& link, std::uint64_t rid) {
  const auto hash = connection(link)->token_hash;
  detach_from_rooms(link);
  set_player(link, std::nullopt, "");
  db_job(link, rid, [link, rid, hash](pqxx::connection& conn) {
    persistence::SessionRepository(conn).revoke(hash);
    link->send(make_ok(rid));
  });
}

void Dispatcher::detach_from_rooms(const LinkPtr& link) {
  std::set<std::string> rooms;
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(link->id());
    if (it == connections_.end()) return;
    rooms.swap(it->second.rooms);
  }
  for (const auto& id : rooms) {
    if (auto room = ctx_.lobby.find(id)) room->detach(link);
  }
}

}  // namespace concord::server
