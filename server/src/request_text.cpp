// text_problem: per-request text limits.
#include "request_text.hpp"

#include <cstddef>
#include <string_view>

#include "text_limits.hpp"

namespace concord::server {

namespace {

namespace v1 = concord::v1;

constexpr std::size_t kIdChars = 64;         // room ids, game ids, option names and ids
constexpr std::size_t kClientNameChars = 128;
constexpr std::size_t kPasswordChars = 256;  // room passwords
constexpr std::size_t kOptionValueChars = 256;

// "<field> must be ..." when `text` is not 0..max printable characters.
std::optional<std::string> check(std::string_view field, std::string_view text, std::size_t max_chars) {
  if (printable_text(text, 0, max_chars)) return std::nullopt;
  return std::string(field) + " must be at most " + std::to_string(max_chars) +
         " characters without control characters";
}

std::optional<std::string> check_create_room(const v1::CreateRoom& room) {
  if (auto p = check("CreateRoom.game", room.game(), kIdChars)) return p;
  // The name is cut to 64 characters, so any printable length is accepted.
  if (!printable_text(room.name(), 0, room.name().size())) return "CreateRoom.name must not hold control characters";
  if (auto p = check("CreateRoom.password", room.password(), kPasswordChars)) return p;
  for (const auto& [key, value] : room.options()) {
    if (auto p = check("CreateRoom.options key", key, kIdChars)) return p;
    if (auto p = check("CreateRoom.options value", value, kOptionValueChars)) return p;
  }
  return std::nullopt;
}

std::optional<std::string> check_answer(const v1::SubmitAnswer& submit) {
  if (auto p = check("SubmitAnswer.room_id", submit.room_id(), kIdChars)) return p;
  for (const auto& choice : submit.answer().choices()) {
    if (auto p = check("Choice.option_id", choice.option_id(), kIdChars)) return p;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> text_problem(const v1::ClientMessage& m) {
  switch (m.body_case()) {
    case v1::ClientMessage::kHello: return check("Hello.client_name", m.hello().client_name(), kClientNameChars);
    case v1::ClientMessage::kListDecks:
      // A filter only, never stored or echoed.
      if (m.list_decks().game().size() > kIdChars) return "ListDecks.game must be at most 64 bytes";
      return std::nullopt;
    case v1::ClientMessage::kCreateRoom: return check_create_room(m.create_room());
    case v1::ClientMessage::kListRooms: return check("ListRooms.game", m.list_rooms().game(), kIdChars);
    case v1::ClientMessage::kJoinRoom:
      if (auto p = check("JoinRoom.room_id", m.join_room().room_id(), kIdChars)) return p;
      return check("JoinRoom.password", m.join_room().password(), kPasswordChars);
    case v1::ClientMessage::kLeaveRoom: return check("LeaveRoom.room_id", m.leave_room().room_id(), kIdChars);
    case v1::ClientMessage::kSetReady: return check("SetReady.room_id", m.set_ready().room_id(), kIdChars);
    case v1::ClientMessage::kSubmitAnswer: return check_answer(m.submit_answer());
    case v1::ClientMessage::kConcede: return check("Concede.room_id", m.concede().room_id(), kIdChars);
    case v1::ClientMessage::kCloseRoom: return check("CloseRoom.room_id", m.close_room().room_id(), kIdChars);
    case v1::ClientMessage::kRequestView: return check("RequestView.room_id", m.request_view().room_id(), kIdChars);
    case v1::ClientMessage::kGrantJudge: return check("GrantJudge.username", m.grant_judge().username(), kIdChars);
    case v1::ClientMessage::kRevokeJudge: return check("RevokeJudge.username", m.revoke_judge().username(), kIdChars);
    case v1::ClientMessage::kAddRoomJudge:
      if (auto p = check("AddRoomJudge.room_id", m.add_room_judge().room_id(), kIdChars)) return p;
      return check("AddRoomJudge.username", m.add_room_judge().username(), kIdChars);
    case v1::ClientMessage::kPauseMatch: return check("PauseMatch.room_id", m.pause_match().room_id(), kIdChars);
    case v1::ClientMessage::kResumeMatch: return check("ResumeMatch.room_id", m.resume_match().room_id(), kIdChars);
    case v1::ClientMessage::kIssuePenalty: return check("IssuePenalty.room_id", m.issue_penalty().room_id(), kIdChars);
    case v1::ClientMessage::kOverrideResult:
      return check("OverrideResult.room_id", m.override_result().room_id(), kIdChars);
    case v1::ClientMessage::kRequestJudgeView:
      return check("RequestJudgeView.room_id", m.request_judge_view().room_id(), kIdChars);
    case v1::ClientMessage::kCallJudge: return check("CallJudge.room_id", m.call_judge().room_id(), kIdChars);
    case v1::ClientMessage::kGrantOrganizer:
      return check("GrantOrganizer.username", m.grant_organizer().username(), kIdChars);
    case v1::ClientMessage::kRemoveEntrant:
      return check("RemoveEntrant.username", m.remove_entrant().username(), kIdChars);
    default: return std::nullopt;  // accounts and decks check their own fields
  }
}

}  // namespace concord::server
