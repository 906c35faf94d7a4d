// Judges and admins (judging.proto, protocol/README.md section 11): the
// judge capability, the requests a judge makes of a room, and calls.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "capabilities.hpp"
#include "dispatcher.hpp"
#include "text_limits.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr int kMaxOpenCallsPerRoom = 3;

v1::ServerMessage call_message(std::uint64_t request_id, const persistence::JudgeCallRecord& call) {
  v1::ServerMessage message;
  message.set_request_id(request_id);
  *message.mutable_judge_call() = call_to_wire(call);
  return message;
}

}  // namespace

bool Dispatcher::is_judging_request(v1::ClientMessage::BodyCase body) {
  return body >= v1::ClientMessage::kGrantJudge && body <= v1::ClientMessage::kRequestMatchLog;
}

void Dispatcher::route_judging(const LinkPtr& link, const v1::ClientMessage& m, const PlayerRef& player) {
  const auto rid = m.request_id();
  switch (m.body_case()) {
    case v1::ClientMessage::kGrantJudge: return on_set_judge(link, rid, player, m.grant_judge().username(), true);
    case v1::ClientMessage::kRevokeJudge: return on_set_judge(link, rid, player, m.revoke_judge().username(), false);
    case v1::ClientMessage::kAddRoomJudge: return on_add_room_judge(link, rid, player, m.add_room_judge());
    case v1::ClientMessage::kCallJudge: return on_call_judge(link, rid, player, m.call_judge());
    case v1::ClientMessage::kListCalls: return on_list_calls(link, rid, player);
    case v1::ClientMessage::kTakeCall: return on_take_call(link, rid, player, m.take_call().call_id());
    case v1::ClientMessage::kResolveCall: return on_resolve_call(link, rid, player, m.resolve_call());
    case v1::ClientMessage::kAllowSpectator: return on_allow_spectator(link, rid, player, m.allow_spectator());
    default: return route_room_judging(link, m, player);
  }
}

// Requests a judge makes of one room; the room checks that this connection
// joined it as a judge.
void Dispatcher::route_room_judging(const LinkPtr& link, const v1::ClientMessage& m, const PlayerRef& player) {
  const auto rid = m.request_id();
  switch (m.body_case()) {
    case v1::ClientMessage::kPauseMatch:
      if (!printable_text(m.pause_match().reason(), 0, 256)) {
        return link->send(make_error(rid, "INVALID_TEXT", "PauseMatch.reason: at most 256 printable characters"));
      }
      if (auto room = room_or_error(link, rid, m.pause_match().room_id())) {
        room->pause(player, link, rid, m.pause_match().reason(), m.pause_match().share_reason());
      }
      return;
    case v1::ClientMessage::kResumeMatch:
      if (auto room = room_or_error(link, rid, m.resume_match().room_id())) room->resume_play(player, link, rid);
      return;
    case v1::ClientMessage::kIssuePenalty: return on_issue_penalty(link, rid, player, m.issue_penalty());
    case v1::ClientMessage::kExtendTime: return on_extend_time(link, rid, player, m.extend_time());
    case v1::ClientMessage::kRollbackMatch: return on_rollback(link, rid, player, m.rollback_match());
    case v1::ClientMessage::kRequestMatchLog:
      if (auto room = room_or_error(link, rid, m.request_match_log().room_id())) room->match_log(link, rid);
      return;
    case v1::ClientMessage::kOverrideResult: return on_override_result(link, rid, player, m.override_result());
    case v1::ClientMessage::kRequestJudgeView:
      if (auto room = room_or_error(link, rid, m.request_judge_view().room_id())) {
        room->judge_view(player, link, rid, m.request_judge_view().follow());
      }
      return;
    default:
      link->send(make_error(rid, "BAD_FRAME", "message has no known body"));
  }
}

// --- capabilities ------------------------------------------------------------------

void Dispatcher::on_set_judge(const LinkPtr& link, std::uint64_t rid, const PlayerRef& admin,
                              const std::string& username, bool grant) {
  if (!ctx_.capabilities.is_admin(admin)) {
    link->send(make_error(rid, "NOT_AN_ADMIN", "only the server's admins grant or revoke judges"));
    return;
  }
  db_job(link, rid, [this, link, rid, admin, username, grant](pqxx::connection& conn) {
    const auto player = persistence::PlayerRepository(conn).find_by_username(username);
    if (!player) {
      link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + username + "'"));
      return;
    }
    persistence::JudgeRepository judges(conn);
    if (grant) {
      judges.grant(player->id, admin.id);
      ctx_.capabilities.grant(player->id);
    } else {
      judges.revoke(player->id);
      ctx_.capabilities.revoke(player->id);
    }
    spdlog::info("{} {} the judge capability of {}", admin.username, grant ? "granted" : "revoked", player->username);
    link->send(make_ok(rid));
  });
}

void Dispatcher::on_add_room_judge(const LinkPtr& link, std::uint64_t rid, const PlayerRef& creator,
                                   const v1::AddRoomJudge& request) {
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  db_job(link, rid, [link, rid, creator, room, username = request.username()](pqxx::connection& conn) {
    const auto player = persistence::PlayerRepository(conn).find_by_username(username);
    if (!player) {
      link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + username + "'"));
      return;
    }
    room->add_room_judge(creator, link, rid, PlayerRef{player->id, player->username});
  });
}

void Dispatcher::on_allow_spectator(const LinkPtr& link, std::uint64_t rid, const PlayerRef& creator,
                                    const v1::AllowSpectator& request) {
  if (!printable_text(request.username(), 1, 64)) {
    link->send(make_error(rid, "UNKNOWN_PLAYER", "no such account"));
    return;
  }
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  db_job(link, rid, [link, rid, creator, room, username = request.username(), allow = request.allow()](
                        pqxx::connection& conn) {
    const auto player = persistence::PlayerRepository(conn).find_by_username(username);
    if (!player) {
      link->send(make_error(rid, "UNKNOWN_PLAYER", "no account '" + username + "'"));
      return;
    }
    room->allow_spectator(creator, link, rid, PlayerRef{player->id, player->username}, allow);
  });
}

// --- clocks and rollback -------------------------------------------------------------

void Dispatcher::on_extend_time(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge,
                                const v1::ExtendTime& request) {
  if (request.seat() < 1 || request.seat() > 64) {
    return link->send(make_error(rid, "INVALID_SEATS", "ExtendTime.seat is the seat index + 1"));
  }
  if (auto room = room_or_error(link, rid, request.room_id())) {
    room->extend_time(judge, link, rid, static_cast<int>(request.seat()) - 1, request.seconds());
  }
}

void Dispatcher::on_rollback(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge,
                             const v1::RollbackMatch& request) {
  if (request.reason().empty()) {
    return link->send(make_error(rid, "REASON_REQUIRED", "RollbackMatch.reason: 1-256 printable characters"));
  }
  if (!printable_text(request.reason(), 1, 256)) {
    return link->send(make_error(rid, "INVALID_TEXT", "RollbackMatch.reason: 1-256 printable characters"));
  }
  if (auto room = room_or_error(link, rid, request.room_id())) {
    room->rollback(judge, link, rid, request.to_command_index(), request.reason());
  }
}

// --- penalties and results -----------------------------------------------------------

void Dispatcher::on_issue_penalty(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge,
                                  const v1::IssuePenalty& request) {
  if (request.penalty() < v1::NOTE || request.penalty() > v1::DISQUALIFICATION) {
    link->send(make_error(rid, "INVALID_PENALTY", "penalty is one of NOTE .. DISQUALIFICATION"));
    return;
  }
  if (!printable_text(request.category(), 1, 64) || !printable_text(request.note(), 0, 1024)) {
    link->send(make_error(rid, "INVALID_TEXT", "category: 1-64 characters; note: at most 1024"));
    return;
  }
  if (request.seat() < 1 || request.seat() > 64) {
    link->send(make_error(rid, "INVALID_SEATS", "seat is the seat index + 1"));
    return;
  }
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  room->penalize(judge, link, rid,
                 PenaltyOrder{static_cast<int>(request.seat()) - 1, request.category(), request.penalty(), request.note()});
}

void Dispatcher::on_override_result(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge,
                                    const v1::OverrideResult& request) {
  if (request.draw() == (request.winners_size() > 0)) {
    link->send(make_error(rid, "INVALID_RESULT", "name the winners, or set draw with no winners"));
    return;
  }
  if (!printable_text(request.reason(), 1, 256)) {
    link->send(make_error(rid, "INVALID_TEXT", "OverrideResult.reason: 1-256 printable characters"));
    return;
  }
  rules::MatchResult result;
  result.draw = request.draw();
  result.reason = request.reason();
  for (const auto seat : request.winners()) {
    if (seat < 1 || seat > 64) {
      link->send(make_error(rid, "INVALID_SEATS", "winners are seat indices + 1"));
      return;
    }
    result.winners.push_back(static_cast<int>(seat) - 1);
  }
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  room->override_result(judge, link, rid, std::move(result));
}

// --- calls ---------------------------------------------------------------------------

bool Dispatcher::may_judge(const PlayerRef& player, const std::string& room_id) const {
  if (ctx_.capabilities.is_judge(player)) return true;
  auto room = ctx_.lobby.find(room_id);
  return room && room->summary().room_judges.count(player.id) > 0;
}

// Every connection of a judge on duty for the room: a server-wide judge or one
// the room named.
void Dispatcher::push_to_judges(const std::string& room_id, const v1::ServerMessage& message, const LinkPtr& except) {
  std::set<std::int64_t> room_judges;
  if (auto room = ctx_.lobby.find(room_id)) room_judges = room->summary().room_judges;
  std::vector<LinkPtr> links;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, connection] : connections_) {
      if (!connection.player) continue;
      if (!ctx_.capabilities.is_judge(*connection.player) && !room_judges.count(connection.player->id)) continue;
      if (auto link = connection.link.lock(); link && link != except) links.push_back(std::move(link));
    }
  }
  auto body = std::make_shared<const std::string>(message.SerializeAsString());
  for (const auto& link : links) link->send_shared(body);
}

void Dispatcher::push_to_player(std::int64_t player_id, const v1::ServerMessage& message, const LinkPtr& except) {
  std::vector<LinkPtr> links;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, connection] : connections_) {
      if (!connection.player || connection.player->id != player_id) continue;
      if (auto link = connection.link.lock(); link && link != except) links.push_back(std::move(link));
    }
  }
  for (const auto& link : links) link->send(message);
}

void Dispatcher::on_call_judge(const LinkPtr& link, std::uint64_t rid, const PlayerRef& player,
                               const v1::CallJudge& request) {
  if (!printable_text(request.text(), 1, 256)) {
    link->send(make_error(rid, "INVALID_TEXT", "CallJudge.text: 1-256 printable characters"));
    return;
  }
  auto room = room_or_error(link, rid, request.room_id());
  if (!room) return;
  const auto summary = room->summary();
  const auto& seated = summary.seated_players;
  if (std::find(seated.begin(), seated.end(), player.id) == seated.end()) {
    link->send(make_error(rid, "NOT_A_PLAYER", "only the players of room " + request.room_id() + " call its judges"));
    return;
  }
  db_job(link, rid, [this, link, rid, player, request, match_id = summary.match_id](pqxx::connection& conn) {
    persistence::JudgeRepository judges(conn);
    if (judges.open_calls_of_room(request.room_id()) >= kMaxOpenCallsPerRoom) {
      link->send(make_error(rid, "TOO_MANY_CALLS", "room " + request.room_id() + " already has open calls"));
      return;
    }
    const auto call = judges.open_call(request.room_id(), match_id, player.id, request.text());
    link->send(call_message(rid, call));
    push_to_judges(call.room_id, call_message(0, call), nullptr);
  });
}

void Dispatcher::on_list_calls(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge) {
  db_job(link, rid, [this, link, rid, judge](pqxx::connection& conn) {
    v1::ServerMessage reply;
    reply.set_request_id(rid);
    auto* list = reply.mutable_judge_call_list();
    bool any_room = ctx_.capabilities.is_judge(judge);
    for (const auto& call : persistence::JudgeRepository(conn).unresolved_calls()) {
      if (any_room || may_judge(judge, call.room_id)) *list->add_calls() = call_to_wire(call);
    }
    if (!any_room && list->calls_size() == 0 && !judges_any_room(judge)) {
      link->send(make_error(rid, "NOT_A_JUDGE", "you judge no room"));
      return;
    }
    link->send(reply);
  });
}

bool Dispatcher::judges_any_room(const PlayerRef& player) const {
  for (const auto& room : ctx_.lobby.list("")) {
    if (room->summary().room_judges.count(player.id)) return true;
  }
  return false;
}

void Dispatcher::on_take_call(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge, std::int64_t call_id) {
  db_job(link, rid, [this, link, rid, judge, call_id](pqxx::connection& conn) {
    persistence::JudgeRepository judges(conn);
    const auto call = judges.call(call_id);
    if (!call || !may_judge(judge, call->room_id)) {
      const bool judge_somewhere = ctx_.capabilities.is_judge(judge) || judges_any_room(judge);
      link->send(judge_somewhere ? make_error(rid, "CALL_NOT_FOUND", "no call " + std::to_string(call_id))
                                 : make_error(rid, "NOT_A_JUDGE", "you do not judge that room"));
      return;
    }
    if (!judges.take_call(call_id, judge.id)) {
      link->send(make_error(rid, "CALL_TAKEN", "call " + std::to_string(call_id) + " is no longer open"));
      return;
    }
    const auto taken = judges.call(call_id);
    link->send(call_message(rid, *taken));
    push_to_judges(taken->room_id, call_message(0, *taken), link);
    push_to_player(taken->caller_id, call_message(0, *taken), link);
  });
}

void Dispatcher::on_resolve_call(const LinkPtr& link, std::uint64_t rid, const PlayerRef& judge,
                                 const v1::ResolveCall& request) {
  if (!printable_text(request.note(), 1, 1024)) {
    link->send(make_error(rid, "INVALID_TEXT", "ResolveCall.note: 1-1024 printable characters"));
    return;
  }
  db_job(link, rid, [this, link, rid, judge, request](pqxx::connection& conn) {
    persistence::JudgeRepository judges(conn);
    const auto call = judges.call(request.call_id());
    if (!call || !may_judge(judge, call->room_id)) {
      const bool judge_somewhere = ctx_.capabilities.is_judge(judge) || judges_any_room(judge);
      link->send(judge_somewhere ? make_error(rid, "CALL_NOT_FOUND", "no call " + std::to_string(request.call_id()))
                                 : make_error(rid, "NOT_A_JUDGE", "you do not judge that room"));
      return;
    }
    if (!judges.resolve_call(request.call_id(), judge.id, request.note())) {
      link->send(make_error(rid, "CALL_NOT_TAKEN", "take the call first; only the judge who took it resolves it"));
      return;
    }
    const auto resolved = judges.call(request.call_id());
    link->send(call_message(rid, *resolved));
    push_to_judges(resolved->room_id, call_message(0, *resolved), link);
    push_to_player(resolved->caller_id, call_message(0, *resolved), link);
  });
}

}  // namespace concord::server
