// Requests of judges, admins and room creators (judging.proto) as the
// integration tests send them, and the error code a request gets.
#pragma once

#include <string>

#include "harness.hpp"

namespace concord::testing {

// The error code of the reply, or "" when it is not an Error.
inline std::string code_of(Client& client, v1::ClientMessage message) {
  const auto reply = client.request(std::move(message));
  return reply.has_error() ? reply.error().code() : "";
}

inline v1::ClientMessage pause(const std::string& room, const std::string& reason = "deck check", bool share = false) {
  v1::ClientMessage m;
  m.mutable_pause_match()->set_room_id(room);
  m.mutable_pause_match()->set_reason(reason);
  m.mutable_pause_match()->set_share_reason(share);
  return m;
}

inline v1::ClientMessage resume(const std::string& room) {
  v1::ClientMessage m;
  m.mutable_resume_match()->set_room_id(room);
  return m;
}

inline v1::ClientMessage judge_view(const std::string& room, bool follow = false) {
  v1::ClientMessage m;
  m.mutable_request_judge_view()->set_room_id(room);
  m.mutable_request_judge_view()->set_follow(follow);
  return m;
}

inline v1::ClientMessage penalty(const std::string& room, std::uint32_t seat, v1::Penalty p) {
  v1::ClientMessage m;
  auto* out = m.mutable_issue_penalty();
  out->set_room_id(room);
  out->set_seat(seat);
  out->set_category("slow play");
  out->set_penalty(p);
  out->set_note("took 5 minutes");
  return m;
}

inline v1::ClientMessage call_judge(const std::string& room) {
  v1::ClientMessage m;
  m.mutable_call_judge()->set_room_id(room);
  m.mutable_call_judge()->set_text("my opponent played two cards");
  return m;
}

inline v1::ClientMessage grant(const std::string& username, bool yes = true) {
  v1::ClientMessage m;
  if (yes) {
    m.mutable_grant_judge()->set_username(username);
  } else {
    m.mutable_revoke_judge()->set_username(username);
  }
  return m;
}

inline v1::ClientMessage extend(const std::string& room, std::uint32_t seat, std::uint32_t seconds) {
  v1::ClientMessage m;
  m.mutable_extend_time()->set_room_id(room);
  m.mutable_extend_time()->set_seat(seat);
  m.mutable_extend_time()->set_seconds(seconds);
  return m;
}

inline v1::ClientMessage allow(const std::string& room, const std::string& username, bool yes) {
  v1::ClientMessage m;
  m.mutable_allow_spectator()->set_room_id(room);
  m.mutable_allow_spectator()->set_username(username);
  m.mutable_allow_spectator()->set_allow(yes);
  return m;
}

inline v1::ClientMessage rollback(const std::string& room, std::uint64_t to_index,
                                  const std::string& reason = "a misplay the judge backs up") {
  v1::ClientMessage m;
  m.mutable_rollback_match()->set_room_id(room);
  m.mutable_rollback_match()->set_to_command_index(to_index);
  m.mutable_rollback_match()->set_reason(reason);
  return m;
}

inline v1::ClientMessage match_log(const std::string& room) {
  v1::ClientMessage m;
  m.mutable_request_match_log()->set_room_id(room);
  return m;
}

}  // namespace concord::testing
