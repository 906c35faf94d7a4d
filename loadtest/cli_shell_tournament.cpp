// CliShell: tournaments and ratings (protocol/README.md section 12): the
// organizer's, the judges' and the players' requests, and the reads.
#include "cli_format.hpp"
#include "cli_shell.hpp"

namespace concord::cli {

namespace {

void require_exactly(const Args& args, std::size_t count, const char* usage) {
  if (args.size() != count) throw UsageError(std::string("usage: ") + usage);
}

std::uint32_t parse_count(const std::string& text, const std::string& what) {
  const auto value = parse_int(text, what);
  if (value < 0 || value > 0xffffffffLL) throw UsageError(what + " must be 0-4294967295");
  return static_cast<std::uint32_t>(value);
}

}  // namespace

void CliShell::cmd_grant_organizer(const Args& args) {
  if (args.size() < 2 || args.size() > 3 || (args.size() == 3 && args[2] != "revoke")) {
    throw UsageError("usage: grant-organizer <user> [revoke]");
  }
  v1::ClientMessage message;
  message.mutable_grant_organizer()->set_username(args[1]);
  message.mutable_grant_organizer()->set_revoke(args.size() == 3);
  client().call(message);
  ok();
}

void CliShell::cmd_tournament_create(const Args& args) {
  v1::ClientMessage message;
  *message.mutable_create_tournament() = parse_tournament_create(args);
  const auto info = client().call(message).tournament();
  ok(format_tournament(info));
  out_ << format_tournament_details(info);
}

// tournament-open|close|start|cancel <id>
void CliShell::cmd_tournament_control(const Args& args) {
  static const std::map<std::string, v1::TournamentControl::Action> kActions = {
      {"tournament-open", v1::TournamentControl::OPEN_REGISTRATION},
      {"tournament-close", v1::TournamentControl::CLOSE_REGISTRATION},
      {"tournament-start", v1::TournamentControl::START},
      {"tournament-cancel", v1::TournamentControl::CANCEL},
  };
  if (args.size() != 2) throw UsageError("usage: " + args[0] + " <id>");
  v1::ClientMessage message;
  message.mutable_tournament_control()->set_tournament_id(parse_int(args[1], "tournament id"));
  message.mutable_tournament_control()->set_action(kActions.at(args[0]));
  ok(format_tournament(client().call(message).tournament()));
}

void CliShell::cmd_tournament_remove(const Args& args) {
  require_exactly(args, 3, "tournament-remove <id> <user>");
  v1::ClientMessage message;
  message.mutable_remove_entrant()->set_tournament_id(parse_int(args[1], "tournament id"));
  message.mutable_remove_entrant()->set_username(args[2]);
  ok(format_tournament(client().call(message).tournament()));
}

void CliShell::cmd_tournament_extend(const Args& args) {
  require_exactly(args, 4, "tournament-extend <id> <table> <seconds>");
  v1::ClientMessage message;
  auto* extend = message.mutable_extend_match_time();
  extend->set_tournament_id(parse_int(args[1], "tournament id"));
  extend->set_table(parse_count(args[2], "table"));
  extend->set_seconds(parse_count(args[3], "seconds"));
  out_ << format_pairings(client().call(message).pairings());
}

void CliShell::cmd_tournament_register(const Args& args) {
  require_exactly(args, 3, "tournament-register <id> <deck_id>");
  v1::ClientMessage message;
  message.mutable_register_entrant()->set_tournament_id(parse_int(args[1], "tournament id"));
  message.mutable_register_entrant()->set_deck_id(parse_int(args[2], "deck id"));
  ok(format_tournament(client().call(message).tournament()));
}

void CliShell::cmd_tournament_drop(const Args& args) {
  require_exactly(args, 2, "tournament-drop <id>");
  v1::ClientMessage message;
  message.mutable_drop_entrant()->set_tournament_id(parse_int(args[1], "tournament id"));
  ok(format_tournament(client().call(message).tournament()));
}

void CliShell::cmd_tournaments(const Args& args) {
  require_exactly(args, 1, "tournaments");
  v1::ClientMessage message;
  message.mutable_list_tournaments();
  const auto list = client().call(message).tournament_list();
  ok(std::to_string(list.tournaments_size()) + " tournaments");
  for (const auto& info : list.tournaments()) out_ << "  " << format_tournament(info) << "\n";
}

void CliShell::cmd_tournament(const Args& args) {
  require_exactly(args, 2, "tournament <id>");
  v1::ClientMessage message;
  message.mutable_get_tournament()->set_tournament_id(parse_int(args[1], "tournament id"));
  const auto info = client().call(message).tournament();
  ok(format_tournament(info));
  out_ << format_tournament_details(info);
}

void CliShell::cmd_pairings(const Args& args) {
  if (args.size() < 2 || args.size() > 3) throw UsageError("usage: pairings <id> [round]");
  v1::ClientMessage message;
  message.mutable_get_pairings()->set_tournament_id(parse_int(args[1], "tournament id"));
  if (args.size() == 3) message.mutable_get_pairings()->set_round(parse_count(args[2], "round"));
  out_ << format_pairings(client().call(message).pairings());
}

void CliShell::cmd_standings(const Args& args) {
  if (args.size() < 2 || args.size() > 3) throw UsageError("usage: standings <id> [round]");
  v1::ClientMessage message;
  message.mutable_get_standings()->set_tournament_id(parse_int(args[1], "tournament id"));
  if (args.size() == 3) message.mutable_get_standings()->set_round(parse_count(args[2], "round"));
  out_ << format_standings(client().call(message).standings());
}

void CliShell::cmd_rating(const Args& args) {
  require_exactly(args, 3, "rating <user> <game>");
  v1::ClientMessage message;
  message.mutable_get_rating()->set_username(args[1]);
  message.mutable_get_rating()->set_game(args[2]);
  out_ << format_rating(client().call(message).rating());
}

}  // namespace concord::cli
