// CliShell: judges, admins and calls (protocol/README.md section 11), so that
// a judge can work from a terminal.
#include "cli_format.hpp"
#include "cli_shell.hpp"

namespace concord::cli {

namespace {

void require_exactly(const Args& args, std::size_t count, const char* usage) {
  if (args.size() != count) throw UsageError(std::string("usage: ") + usage);
}

std::string format_call(const v1::JudgeCall& call) {
  std::string out = "call=" + std::to_string(call.call_id()) + " room=" + call.room_id() + " status=" +
                    v1::CallStatus_Name(call.status()) + " caller=" + call.caller() + " text=" + quoted(call.text());
  if (!call.taken_by().empty()) out += " taken_by=" + call.taken_by();
  if (!call.note().empty()) out += " note=" + quoted(call.note());
  return out;
}

}  // namespace

void CliShell::cmd_call_judge(const Args& args) {
  if (args.size() < 3) throw UsageError("usage: call-judge <room> <text...>");
  v1::ClientMessage message;
  message.mutable_call_judge()->set_room_id(args[1]);
  message.mutable_call_judge()->set_text(rest_of(args, 2));
  ok(format_call(client().call(message).judge_call()));
}

// The judge's full view now; "follow" also sends one with every command.
void CliShell::cmd_judge_view(const Args& args) {
  if (args.size() < 2 || args.size() > 3) throw UsageError("usage: judge-view <room> [follow|unfollow]");
  v1::ClientMessage message;
  message.mutable_request_judge_view()->set_room_id(args[1]);
  message.mutable_request_judge_view()->set_follow(args.size() == 3 && args[2] == "follow");
  out_ << format_show(client().call(message).match_update());
}

void CliShell::cmd_calls(const Args&) {
  v1::ClientMessage message;
  message.mutable_list_calls();
  const auto list = client().call(message).judge_call_list();
  ok(std::to_string(list.calls_size()) + " calls");
  for (const auto& call : list.calls()) out_ << "  " << format_call(call) << "\n";
}

void CliShell::cmd_take_call(const Args& args) {
  require_exactly(args, 2, "take-call <id>");
  v1::ClientMessage message;
  message.mutable_take_call()->set_call_id(parse_int(args[1], "call id"));
  ok(format_call(client().call(message).judge_call()));
}

void CliShell::cmd_resolve_call(const Args& args) {
  if (args.size() < 3) throw UsageError("usage: resolve-call <id> <note...>");
  v1::ClientMessage message;
  message.mutable_resolve_call()->set_call_id(parse_int(args[1], "call id"));
  message.mutable_resolve_call()->set_note(rest_of(args, 2));
  ok(format_call(client().call(message).judge_call()));
}

void CliShell::cmd_pause(const Args& args) {
  if (args.size() < 2) throw UsageError("usage: pause <room> [share] [reason...]");
  v1::ClientMessage message;
  auto* pause = message.mutable_pause_match();
  pause->set_room_id(args[1]);
  const bool share = args.size() > 2 && args[2] == "share";
  pause->set_share_reason(share);
  pause->set_reason(rest_of(args, share ? 3 : 2));
  ok(format_room(client().call(message).room()));
}

void CliShell::cmd_resume_match(const Args& args) {
  require_exactly(args, 2, "resume-match <room>");
  v1::ClientMessage message;
  message.mutable_resume_match()->set_room_id(args[1]);
  ok(format_room(client().call(message).room()));
}

void CliShell::cmd_penalty(const Args& args) {
  v1::ClientMessage message;
  *message.mutable_issue_penalty() = parse_penalty(args);
  const auto recorded = client().call(message).penalty_recorded();
  ok("penalty=" + std::to_string(recorded.penalty_id()) + " index=" + std::to_string(recorded.command_index()));
}

void CliShell::cmd_result(const Args& args) {
  v1::ClientMessage message;
  *message.mutable_override_result() = parse_result(args);
  client().call(message);
  ok();
}

void CliShell::cmd_grant_judge(const Args& args) {
  require_exactly(args, 2, "grant-judge <user>");
  v1::ClientMessage message;
  message.mutable_grant_judge()->set_username(args[1]);
  client().call(message);
  ok();
}

void CliShell::cmd_revoke_judge(const Args& args) {
  require_exactly(args, 2, "revoke-judge <user>");
  v1::ClientMessage message;
  message.mutable_revoke_judge()->set_username(args[1]);
  client().call(message);
  ok();
}

void CliShell::cmd_room_judge(const Args& args) {
  require_exactly(args, 3, "room-judge <room> <user>");
  v1::ClientMessage message;
  message.mutable_add_room_judge()->set_room_id(args[1]);
  message.mutable_add_room_judge()->set_username(args[2]);
  ok(format_room(client().call(message).room()));
}

// A judge adds time to one seat's clock (seat index + 1, as in penalty).
void CliShell::cmd_extend(const Args& args) {
  require_exactly(args, 4, "extend <room> <seat> <seconds>");
  v1::ClientMessage message;
  auto* extend = message.mutable_extend_time();
  extend->set_room_id(args[1]);
  extend->set_seat(static_cast<std::uint32_t>(parse_int(args[2], "seat")));
  extend->set_seconds(static_cast<std::uint32_t>(parse_int(args[3], "seconds")));
  ok(format_room(client().call(message).room()));
}

// The creator of a room with spectators=list lists (or, with "off", unlists) a watcher.
void CliShell::cmd_allow_spectator(const Args& args) {
  if (args.size() < 3 || args.size() > 4 || (args.size() == 4 && args[3] != "off")) {
    throw UsageError("usage: allow-spectator <room> <user> [off]");
  }
  v1::ClientMessage message;
  auto* allow = message.mutable_allow_spectator();
  allow->set_room_id(args[1]);
  allow->set_username(args[2]);
  allow->set_allow(args.size() == 3);
  ok(format_room(client().call(message).room()));
}

// A judge backs the (paused) match up to command index k.
void CliShell::cmd_rollback(const Args& args) {
  if (args.size() < 4) throw UsageError("usage: rollback <room> <index> <reason...>");
  v1::ClientMessage message;
  auto* rollback = message.mutable_rollback_match();
  rollback->set_room_id(args[1]);
  rollback->set_to_command_index(static_cast<std::uint64_t>(parse_int(args[2], "index")));
  rollback->set_reason(rest_of(args, 3));
  const auto done = client().call(message).rolled_back();
  ok("rollback=" + std::to_string(done.rollback_id()) + " from=" + std::to_string(done.from_command_index()) +
     " to=" + std::to_string(done.to_command_index()));
}

void CliShell::cmd_match_log(const Args& args) {
  require_exactly(args, 2, "match-log <room>");
  v1::ClientMessage message;
  message.mutable_request_match_log()->set_room_id(args[1]);
  out_ << format_match_log(client().call(message).match_log());
}

}  // namespace concord::cli
