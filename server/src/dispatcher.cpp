// Connection state and routing.
#include "dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "db_errors.hpp"
#include "request_text.hpp"
#include "tournament_director.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {
constexpr std::uint32_t kOldestVersion = 1;  // 1.0
constexpr std::uint32_t kNewestVersion = 2;  // 1.1

bool needs_login(v1::ClientMessage::BodyCase body) {
  switch (body) {
    case v1::ClientMessage::kHello:
    case v1::ClientMessage::kRegister:
    case v1::ClientMessage::kLogin:
    case v1::ClientMessage::kResume:
    case v1::ClientMessage::kPing:
    case v1::ClientMessage::kListGames:
      return false;
    default:
      return true;
  }
}
}  // namespace

Dispatcher::Dispatcher(AppContext& ctx) : ctx_(ctx), session_timer_(ctx.ioc) {
  schedule_session_check();
  if (ctx_.tournaments) {
    ctx_.tournaments->set_push(
        [this](std::int64_t player, const v1::ServerMessage& message) { push_to_player(player, message, nullptr); });
  }
}

void Dispatcher::on_open(const LinkPtr& link) {
  std::lock_guard lock(mutex_);
  Connection connection;
  connection.link = link;
  connections_[link->id()] = std::move(connection);
}

void Dispatcher::on_close(const LinkPtr& link) {
  detach_from_rooms(link);
  std::lock_guard lock(mutex_);
  connections_.erase(link->id());
}

std::optional<Dispatcher::Connection> Dispatcher::connection(const LinkPtr& link) const {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(link->id());
  if (it == connections_.end()) return std::nullopt;
  return it->second;
}

std::optional<Dispatcher::Session> Dispatcher::session(const LinkPtr& link) const {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(link->id());
  if (it == connections_.end()) return std::nullopt;
  return Session{it->second.hello, it->second.player};
}

void Dispatcher::set_player(const LinkPtr& link, std::optional<PlayerRef> player, std::string token_hash) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(link->id());
  if (it == connections_.end()) return;
  it->second.player = std::move(player);
  it->second.token_hash = std::move(token_hash);
}

void Dispatcher::remember_room(const LinkPtr& link, const std::string& room_id, bool joined) {
  std::lock_guard lock(mutex_);
  auto it = connections_.find(link->id());
  if (it == connections_.end()) return;
  if (joined) {
    it->second.rooms.insert(room_id);
  } else {
    it->second.rooms.erase(room_id);
  }
}

void Dispatcher::db_job(const LinkPtr& link, std::uint64_t request_id, std::function<void(pqxx::connection&)> job) {
  db_job([link](const v1::ServerMessage& message) { link->send(message); }, request_id, std::move(job));
}

void Dispatcher::db_job(Reply reply, std::uint64_t request_id, std::function<void(pqxx::connection&)> job) {
  auto unavailable = [reply, request_id] {
    reply(make_error(request_id, "UNAVAILABLE", "the database is unavailable; try again"));
  };
  ctx_.db.post(
      [reply, request_id, job = std::move(job)](pqxx::connection& conn) {
        try {
          job(conn);
        } catch (const std::exception& e) {
          const auto failure = classify_db_error(e);
          spdlog::log(failure.code == "INVALID_REQUEST" ? spdlog::level::info : spdlog::level::err,
                      "database request failed ({}): {}", failure.code, e.what());
          reply(make_error(request_id, failure.code, failure.message));
          if (failure.reset_connection) throw;  // lets the worker reset its connection
        } catch (...) {
          spdlog::error("database request threw a non-standard exception");
          reply(make_error(request_id, "INTERNAL", "internal error"));
          throw;
        }
      },
      std::move(unavailable));
}

void Dispatcher::on_hello(const LinkPtr& link, const v1::ClientMessage& message) {
  const auto& hello = message.hello();
  const std::uint32_t max_version = hello.max_version();
  if (hello.min_version() > kNewestVersion || max_version < kOldestVersion) {
    link->send(make_error(message.request_id(), "UNSUPPORTED_VERSION",
                          "this server speaks protocol versions 1 (1.0) and 2 (1.1)"));
    return;
  }
  const std::uint32_t version = std::min(max_version, kNewestVersion);
  link->set_protocol_version(version);
  {
    std::lock_guard lock(mutex_);
    connections_[link->id()].hello = true;
  }
  v1::ServerMessage reply;
  reply.set_request_id(message.request_id());
  auto* welcome = reply.mutable_welcome();
  welcome->set_version(version);
  welcome->set_server_name(ctx_.config.server_name);
  auto* limits = welcome->mutable_limits();
  limits->set_max_message_bytes(ctx_.config.max_message_bytes);
  limits->set_commands_per_second(static_cast<std::uint32_t>(ctx_.config.commands_per_second));
  limits->set_command_burst(static_cast<std::uint32_t>(ctx_.config.command_burst));
  limits->set_max_rooms_per_player(static_cast<std::uint32_t>(ctx_.config.max_rooms_per_player));
  limits->set_idle_timeout_seconds(static_cast<std::uint32_t>(ctx_.config.idle_timeout_s));
  link->send(reply);
}

void Dispatcher::on_message(const LinkPtr& link, const v1::ClientMessage& message) {
  const auto rid = message.request_id();
  const auto body = message.body_case();
  const auto conn = session(link);
  if (!conn) return;
  if (auto problem = text_problem(message)) {
    link->send(make_error(rid, "INVALID_TEXT", *problem));
    return;
  }
  if (body == v1::ClientMessage::kHello) return on_hello(link, message);
  if (!conn->hello) {
    link->send(make_error(rid, "HELLO_REQUIRED", "send Hello first"));
    return;
  }
  if (body == v1::ClientMessage::kPing) {
    v1::ServerMessage pong;
    pong.set_request_id(rid);
    pong.mutable_pong()->set_nonce(message.ping().nonce());
    link->send(pong);
    return;
  }
  if (needs_login(body) && !conn->player) {
    link->send(make_error(rid, "NOT_AUTHENTICATED", "log in first"));
    return;
  }
  if (is_account_request(body)) return route_account(link, message);
  route(link, message, conn->player.value_or(PlayerRef{}));
}

void Dispatcher::route(const LinkPtr& link, const v1::ClientMessage& m, const PlayerRef& player) {
  const auto rid = m.request_id();
  if (is_judging_request(m.body_case())) return route_judging(link, m, player);
  if (is_tournament_change(m.body_case())) return route_tournament_change(link, m, player);
  switch (m.body_case()) {
    case v1::ClientMessage::kSaveDeck: return on_save_deck(link, rid, player, m.save_deck());
    case v1::ClientMessage::kListDecks: return on_list_decks(link, rid, player, m.list_decks());
    case v1::ClientMessage::kGetDeck: return on_get_deck(link, rid, player, m.get_deck());
    case v1::ClientMessage::kDeleteDeck: return on_delete_deck(link, rid, player, m.delete_deck());
    case v1::ClientMessage::kListGames: return on_list_games(link, rid);
    case v1::ClientMessage::kCreateRoom: return on_create_room(link, rid, player, m.create_room());
    case v1::ClientMessage::kListRooms: return on_list_rooms(link, rid, m.list_rooms());
    case v1::ClientMessage::kJoinRoom: return on_join_room(link, rid, player, m.join_room());
    case v1::ClientMessage::kLeaveRoom:
      if (auto room = room_or_error(link, rid, m.leave_room().room_id())) {
        remember_room(link, room->id(), false);
        room->leave(player, link, rid);
      }
      return;
    case v1::ClientMessage::kSetReady:
      if (auto room = room_or_error(link, rid, m.set_ready().room_id())) room->set_ready(player, link, rid, m.set_ready().ready());
      return;
    case v1::ClientMessage::kSubmitAnswer:
      if (auto room = room_or_error(link, rid, m.submit_answer().room_id())) {
        const auto& submit = m.submit_answer();
        room->submit(player, link, rid, StaleCheck{submit.command_index(), submit.prompt_id()},
                     answer_from_wire(submit.answer()));
      }
      return;
    case v1::ClientMessage::kCloseRoom:
      if (auto room = room_or_error(link, rid, m.close_room().room_id())) room->close_by_creator(player, link, rid);
      return;
    case v1::ClientMessage::kConcede:
      if (auto room = room_or_error(link, rid, m.concede().room_id())) room->concede(player, link, rid);
      return;
    case v1::ClientMessage::kListTournaments: return on_list_tournaments(link, rid);
    case v1::ClientMessage::kGetTournament: return on_get_tournament(link, rid, m.get_tournament());
    case v1::ClientMessage::kGetPairings: return on_get_pairings(link, rid, m.get_pairings());
    case v1::ClientMessage::kGetStandings: return on_get_standings(link, rid, m.get_standings());
    case v1::ClientMessage::kGetRating: return on_get_rating(link, rid, m.get_rating());
    case v1::ClientMessage::kRequestView:
      if (auto room = room_or_error(link, rid, m.request_view().room_id())) room->request_view(link, rid);
      return;
    default:
      link->send(make_error(rid, "BAD_FRAME", "message has no known body"));
  }
}

std::shared_ptr<Room> Dispatcher::room_or_error(const LinkPtr& link, std::uint64_t request_id,
                                                const std::string& room_id) {
  auto room = ctx_.lobby.find(room_id);
  if (!room) link->send(make_error(request_id, "ROOM_NOT_FOUND", "no room '" + room_id + "'"));
  return room;
}

}  // namespace concord::server
