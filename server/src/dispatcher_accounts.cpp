// Accounts: register, login, resume, logout. One account request at a time
// per connection; Argon2id runs on the password hasher, never on a database
// worker.
#include <algorithm>
#include <cctype>
#include <regex>

#include <spdlog/spdlog.h>

#include "dispatcher.hpp"
#include "password_hasher.hpp"
#include "passwords.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr std::size_t kMinPassword = 8;
constexpr std::size_t kMaxPassword = 256;

bool valid_username(const std::string& name) {
  static const std::regex pattern("^[A-Za-z0-9_-]{3,24}$");
  return std::regex_match(name, pattern);
}

bool valid_token(const std::string& token) {
  return token.size() == 64 && std::all_of(token.begin(), token.end(), [](unsigned char c) {
           return std::isdigit(c) || (c >= 'a' && c <= 'f');
         });
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

}  // namespace

bool Dispatcher::is_account_request(v1::ClientMessage::BodyCase body) {
  return body == v1::ClientMessage::kRegister || body == v1::ClientMessage::kLogin ||
         body == v1::ClientMessage::kResume || body == v1::ClientMessage::kLogout;
}

bool Dispatcher::begin_account_request(const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(link->id());
  if (it == connections_.end() || it->second.account_busy) return false;
  it->second.account_busy = true;
  return true;
}

Dispatcher::Reply Dispatcher::account_reply(const LinkPtr& link) {
  return [this, link](const v1::ServerMessage& message) {
    {
      std::lock_guard lock(mutex_);
      auto it = connections_.find(link->id());
      if (it != connections_.end()) it->second.account_busy = false;
    }
    link->send(message);
  };
}

void Dispatcher::route_account(const LinkPtr& link, const v1::ClientMessage& m) {
  const auto rid = m.request_id();
  if (!begin_account_request(link)) {
    link->send(make_error(rid, "ACCOUNT_REQUEST_PENDING",
                          "another Register, Login, Resume or Logout of this connection is still being handled"));
    return;
  }
  const auto reply = account_reply(link);
  switch (m.body_case()) {
    case v1::ClientMessage::kRegister: return on_register(reply, rid, m.register_());
    case v1::ClientMessage::kLogin: return on_login(link, reply, rid, m.login());
    case v1::ClientMessage::kResume: return on_resume(link, reply, rid, m.resume());
    default: return on_logout(link, reply, rid);
  }
}

void Dispatcher::hash_job(const Reply& reply, std::uint64_t rid, std::function<void()> job) {
  auto run = [reply, rid, job = std::move(job)] {
    try {
      job();
    } catch (const std::exception& e) {
      spdlog::error("password job failed: {}", e.what());
      reply(make_error(rid, "INTERNAL", "internal error"));
    }
  };
  if (!ctx_.hasher.try_post(std::move(run))) {
    reply(make_error(rid, "UNAVAILABLE", "the server is busy with other logins and registrations; try again shortly"));
  }
}

void Dispatcher::on_register(const Reply& reply, std::uint64_t rid, const v1::Register& request) {
  if (!valid_username(request.username())) {
    reply(make_error(rid, "INVALID_USERNAME", "usernames are 3-24 characters of letters, digits, '_' and '-'"));
    return;
  }
  if (request.password().size() < kMinPassword || request.password().size() > kMaxPassword) {
    reply(make_error(rid, "WEAK_PASSWORD", "passwords are 8 to 256 bytes"));
    return;
  }
  hash_job(reply, rid, [this, reply, rid, request] {
    db_job(reply, rid, [reply, rid, request, hash = hash_password(request.password())](pqxx::connection& conn) {
      if (!persistence::PlayerRepository(conn).create(request.username(), hash)) {
        reply(make_error(rid, "USERNAME_TAKEN", "username '" + request.username() + "' is taken"));
        return;
      }
      reply(make_ok(rid));
    });
  });
}

void Dispatcher::on_login(const LinkPtr& link, const Reply& reply, std::uint64_t rid, const v1::Login& request) {
  if (const auto conn = session(link); conn && conn->player) {
    reply(make_error(rid, "ALREADY_AUTHENTICATED", "this connection is already logged in"));
    return;
  }
  // No such account can exist: refused before the throttle, which only
  // keeps names that could be real.
  if (!valid_username(request.username()) || request.password().size() > kMaxPassword) {
    reply(make_error(rid, "BAD_CREDENTIALS", "unknown username or wrong password"));
    return;
  }
  if (!ctx_.throttle.allowed(lower(request.username()), link->remote_address())) {
    reply(make_error(rid, "LOGIN_RATE_LIMITED", "too many failed logins; wait a minute"));
    return;
  }
  db_job(reply, rid, [this, link, reply, rid, request](pqxx::connection& conn) {
    auto player = persistence::PlayerRepository(conn).find_by_username(request.username());
    hash_job(reply, rid, [this, link, reply, rid, request, player = std::move(player)] {
      check_password(link, reply, rid, request, player);
    });
  });
}

// On the password hasher. An unknown username is checked against the dummy
// hash, so that it takes as long as a wrong password.
void Dispatcher::check_password(const LinkPtr& link, const Reply& reply, std::uint64_t rid, const v1::Login& request,
                                std::optional<persistence::PlayerRecord> player) {
  const bool ok = verify_password(player ? player->password_hash : ctx_.hasher.dummy_hash(), request.password());
  if (!player || !ok) {
    ctx_.throttle.record_failure(lower(request.username()), link->remote_address());
    reply(make_error(rid, "BAD_CREDENTIALS", "unknown username or wrong password"));
    return;
  }
  db_job(reply, rid, [this, link, reply, rid, who = PlayerRef{player->id, player->username}](pqxx::connection& conn) {
    const auto token = new_session_token();
    persistence::SessionRepository(conn).create(token_hash(token), who.id);
    logged_in(link, reply, rid, who, token, false);
  });
}

void Dispatcher::on_resume(const LinkPtr& link, const Reply& reply, std::uint64_t rid, const v1::Resume& request) {
  if (const auto conn = session(link); conn && conn->player) {
    reply(make_error(rid, "ALREADY_AUTHENTICATED", "this connection is already logged in"));
    return;
  }
  if (!valid_token(request.token())) {
    reply(make_error(rid, "INVALID_TOKEN", "unknown or revoked session token"));
    return;
  }
  db_job(reply, rid, [this, link, reply, rid, token = request.token()](pqxx::connection& conn) {
    const auto player_id = persistence::SessionRepository(conn).find_player(token_hash(token));
    auto player = player_id ? persistence::PlayerRepository(conn).find_by_id(*player_id) : std::nullopt;
    if (!player) {
      reply(make_error(rid, "INVALID_TOKEN", "unknown or revoked session token"));
      return;
    }
    logged_in(link, reply, rid, PlayerRef{player->id, player->username}, token, true);
  });
}

// Runs on a database worker: records the identity, replies, and re-attaches
// the connection to every room the player is seated in or was watching.
void Dispatcher::logged_in(const LinkPtr& link, const Reply& reply, std::uint64_t rid, PlayerRef player,
                           const std::string& token, bool reattach) {
  set_player(link, player, token_hash(token));
  const auto rooms = ctx_.lobby.rooms_of(player.id);
  v1::ServerMessage message;
  message.set_request_id(rid);
  auto* out = message.mutable_logged_in();
  out->set_token(token);
  out->set_player_id(player.id);
  out->set_username(player.username);
  for (const auto& room : rooms) out->add_rooms(room->id());
  reply(message);
  if (!reattach) return;
  auto attach_to = rooms;
  for (auto& room : ctx_.lobby.rooms_watched_by(player.id)) attach_to.push_back(std::move(room));
  for (const auto& room : attach_to) {
    remember_room(link, room->id(), true);
    room->attach(player, link);
  }
}

// Revokes the token in the database, then logs out every other connection
// that holds it (they get a SESSION_REVOKED push), then replies.
void Dispatcher::on_logout(const LinkPtr& link, const Reply& reply, std::uint64_t rid) {
  const auto current = connection(link);
  const std::string hash = current ? current->token_hash : std::string();
  detach_from_rooms(link);
  set_player(link, std::nullopt, "");
  db_job(reply, rid, [this, link, reply, rid, hash](pqxx::connection& conn) {
    persistence::SessionRepository(conn).revoke(hash);
    revoke_connections(hash, link);
    reply(make_ok(rid));
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
