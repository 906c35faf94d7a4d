#include "cli_format.hpp"

#include <google/protobuf/descriptor.h>
#include <google/protobuf/text_format.h>

#include <cstdio>
#include <sstream>

#include "client/message_names.hpp"
#include "client/seed_check.hpp"

namespace concord::cli {

namespace {

std::string indent(const std::string& text, const std::string& prefix) {
  std::string out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) out += prefix + line + "\n";
  return out;
}

std::string seat_list(const v1::RoomInfo& room) {
  std::string out;
  for (const auto& seat : room.seats()) {
    if (!out.empty()) out += ",";
    out += seat.username().empty() ? "-" : seat.username() + (seat.ready() ? "+" : "");
  }
  return out;
}

template <typename Numbers>
std::string join_numbers(const Numbers& numbers) {
  std::string out;
  for (auto n : numbers) out += (out.empty() ? "" : ",") + std::to_string(n);
  return out.empty() ? "-" : out;
}

std::string format_option(int number, const v1::PromptOption& option) {
  std::string out = "    " + std::to_string(number) + ". " + option.id() + ": " + one_line(option.label());
  if (option.has_range()) {
    out += " [value " + std::to_string(option.range().min()) + ".." + std::to_string(option.range().max()) + "]";
  }
  return out + "\n";
}

std::string format_prompt(const v1::Prompt& prompt) {
  std::string out = "  prompt " + prompt.kind() + ": " + one_line(prompt.text()) + " (choose " +
                    std::to_string(prompt.min_choices()) + "-" + std::to_string(prompt.max_choices()) + ")\n";
  for (int i = 0; i < prompt.options_size(); ++i) out += format_option(i + 1, prompt.options(i));
  return out;
}

std::string format_view(const google::protobuf::Any& view) {
  if (view.type_url().empty()) return "  view: (none)\n";
  const std::string type = view.type_url().substr(view.type_url().rfind('/') + 1);
  if (!google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(type)) {
    return "  view: " + type + " (" + std::to_string(view.value().size()) +
           " bytes; this client was built without its .proto)\n";
  }
  google::protobuf::TextFormat::Printer printer;
  printer.SetExpandAny(true);
  std::string text;
  printer.PrintToString(view, &text);
  return "  view:\n" + indent(text, "    ");
}

std::string format_events(const v1::MatchUpdate& update) {
  std::string out;
  for (const auto& event : update.events()) out += "  event " + event.kind() + " " + one_line(event.text()) + "\n";
  return out;
}

}  // namespace

std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return text;
}

std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : one_line(text)) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

std::string format_error(const client::ClientError& error) {
  std::string out = "error " + error.code() + " " + one_line(error.message()) + "\n";
  for (const auto& violation : error.violations()) {
    out += "  violation " + violation.code() + " " + one_line(violation.message()) + "\n";
  }
  return out;
}

std::string format_room(const v1::RoomInfo& room) {
  std::string out =
      "room=" + room.room_id() + " game=" + room.game() + " status=" + v1::RoomStatus_Name(room.status()) +
      " seats=" + seat_list(room) + " spectators=" + std::to_string(room.spectators()) +
      " your_seat=" + std::to_string(room.your_seat()) + " private=" + (room.private_room() ? "yes" : "no");
  if (!room.name().empty()) out += " name=" + quoted(room.name());
  for (const auto& [key, value] : room.options()) out += " " + key + "=" + quoted(value);
  if (!room.seed_commitment().empty()) out += " commitment=" + room.seed_commitment();
  if (room.your_role() != v1::ROLE_UNSPECIFIED) out += " your_role=" + v1::Role_Name(room.your_role());
  if (room.judges() > 0) out += " judges=" + std::to_string(room.judges());
  if (!room.paused_by().empty()) {
    out += " paused_by=" + room.paused_by();
    if (!room.pause_reason().empty()) out += " pause_reason=" + quoted(room.pause_reason());
  }
  return out;
}

std::string format_update_summary(const v1::MatchUpdate& update) {
  std::string out = "room=" + update.room_id() + " index=" + std::to_string(update.command_index()) +
                    " your_seat=" + std::to_string(update.your_seat()) +
                    " prompt=" + (update.has_prompt() ? update.prompt().kind() : std::string("none")) +
                    " awaiting=" + join_numbers(update.awaiting()) + " events=" + std::to_string(update.events_size()) +
                    " finished=" + (update.finished() ? "true" : "false");
  if (update.judge_view()) out += " judge_view=true";
  if (update.has_result()) out += " " + format_result(update.result(), update.seed_commitment());
  return out;
}

std::string format_result(const v1::MatchResult& result, const std::string& commitment) {
  std::string out = "winners=" + join_numbers(result.winners()) + " draw=" + (result.draw() ? "true" : "false") +
                    " reason=" + quoted(result.reason());
  if (!result.judge().empty()) out += " judge=" + result.judge();
  if (!result.seed_hex().empty()) {
    out += " seed=" + result.seed_hex() +
           " seed_verified=" + (client::seed_matches_commitment(result.seed_hex(), commitment) ? "yes" : "NO");
  }
  return out;
}

std::string format_push(const v1::ServerMessage& message) {
  switch (message.body_case()) {
    case v1::ServerMessage::kRoom:
      return "push room " + format_room(message.room()) + "\n";
    case v1::ServerMessage::kMatchUpdate:
      return "push match_update " + format_update_summary(message.match_update()) + "\n" +
             format_events(message.match_update());
    case v1::ServerMessage::kRoomClosed:
      return "push room_closed room=" + message.room_closed().room_id() +
             " reason=" + quoted(message.room_closed().reason()) + "\n";
    case v1::ServerMessage::kTournamentGameReady:
    case v1::ServerMessage::kTournamentRound:
      return format_tournament_push(message);
    case v1::ServerMessage::kError:
      return "push error " + message.error().code() + " " + one_line(message.error().message()) + "\n";
    default:
      return "push " + client::body_name(message) + " " + message.ShortDebugString() + "\n";
  }
}

// "  clocks chess seat0=4:59.2 (running) seat1=5:00.0" (time left when the update was made).
std::string format_clocks(const v1::ClockState& clocks) {
  std::string out = "  clocks " + clocks.mode();
  if (clocks.stopped()) out += " (stopped)";
  for (const auto& seat : clocks.seats()) {
    const auto ms = seat.remaining_ms();
    const auto magnitude = ms < 0 ? -ms : ms;
    char text[48];
    std::snprintf(text, sizeof text, "%s%lld:%02lld.%lld", ms < 0 ? "-" : "", static_cast<long long>(magnitude / 60000),
                  static_cast<long long>(magnitude / 1000 % 60), static_cast<long long>(magnitude / 100 % 10));
    out += " seat" + std::to_string(seat.seat()) + "=" + text;
    if (seat.running()) out += " (running)";
    if (seat.flagged()) out += " (flag fell)";
  }
  return out + "\n";
}

// One line per logged command ("  12 seat=0 <command>", "[voided by 3]"),
// then one per rollback.
std::string format_match_log(const v1::MatchLog& log) {
  std::string out = "ok match=" + std::to_string(log.match_id()) + " commands=" + std::to_string(log.commands_size()) +
                    " rollbacks=" + std::to_string(log.rollbacks_size()) + "\n";
  for (const auto& command : log.commands()) {
    out += "  " + std::to_string(command.index()) + " seat=" + std::to_string(command.seat()) + " " + command.command();
    if (command.voided_by() != 0) out += " [voided by rollback " + std::to_string(command.voided_by()) + "]";
    out += "\n";
  }
  for (const auto& rollback : log.rollbacks()) {
    out += "  rollback " + std::to_string(rollback.rollback_id()) + ": " + rollback.judge() + " from " +
           std::to_string(rollback.from_command_index()) + " to " + std::to_string(rollback.to_command_index()) +
           " reason=" + quoted(rollback.reason()) + "\n";
  }
  return out;
}

std::string format_show(const v1::MatchUpdate& update) {
  std::string out = "ok game=" + update.game() + " " + format_update_summary(update) + "\n";
  if (!update.seed_commitment().empty()) out += "  commitment " + update.seed_commitment() + "\n";
  if (update.has_clocks()) out += format_clocks(update.clocks());
  out += format_view(update.view());
  out += format_events(update);
  if (update.has_prompt()) out += format_prompt(update.prompt());
  return out;
}

std::string format_game(const v1::GameInfo& game) {
  std::string out = "  " + game.id() + " seats=" + std::to_string(game.min_seats()) + "-" +
                    std::to_string(game.max_seats()) + " deck=" + (game.needs_deck() ? "yes" : "no") +
                    " name=" + quoted(game.name()) + "\n";
  for (const auto& option : game.options()) {
    out += "    option " + option.name() + " " + v1::OptionSpec_Kind_Name(option.kind()) +
           " default=" + quoted(option.default_value());
    if (option.kind() == v1::OptionSpec::INTEGER) {
      out += " range=" + std::to_string(option.min()) + ".." + std::to_string(option.max());
    }
    for (const auto& choice : option.choices()) out += " choice=" + choice;
    out += " " + quoted(option.description()) + "\n";
  }
  for (const auto& deck : game.starter_decks()) out += "    starter-deck " + quoted(deck.name()) + "\n";
  return out;
}

}  // namespace concord::cli
