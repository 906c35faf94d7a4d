#include "cli_shell.hpp"

#include <chrono>

#include "cli_format.hpp"
#include "client/message_names.hpp"

namespace concord::cli {

namespace {

const char* const kHelp =
    "  register <user> <pass> | login <user> <pass> | resume <token> [last_seq] | logout\n"
    "  reconnect (new connection, resumes with the current token) | ping | status\n"
    "  games | decks [game] | deck-save <file> | deck-starter <game> <name> | deck-show <id> | deck-delete <id>\n"
    "  rooms [game] | create <game> [seats=N] [password=P] [name=N] [opt=value...]\n"
    "  join <room> [player|spectator|judge] [deck=<id>] [password=P] [seat=N] | leave <room> | ready <room> [no]\n"
    "  show [room] | answer <room> <option_id|#N>[=value] ... | concede <room> | call-judge <room> <text...>\n"
    "  judges: judge-view <room> [follow|unfollow] | calls | take-call <id> | resolve-call <id> <note...>\n"
    "          pause <room> [share] [reason...] | resume-match <room> | result <room> draw|<seat>[,<seat>] <reason...>\n"
    "          penalty <room> <seat> <note|warning|game_loss|match_loss|dq> <category> [note...]\n"
    "          extend <room> <seat> <seconds> | rollback <room> <index> <reason...> | match-log <room>\n"
    "  admins: grant-judge <user> | revoke-judge <user>; room creators: room-judge <room> <user>,\n"
    "          allow-spectator <room> <user> [off]\n"
    "  tournaments: tournaments | tournament <id> | pairings <id> [round] | standings <id> [round]\n"
    "          rating <user> <game> | tournament-register <id> <deck_id> | tournament-drop <id>\n"
    "  organizers: tournament-create <game> <name> [key=value...] (TournamentSettings fields,\n"
    "          option.<name>=<value>, staff=a,b) | tournament-open|tournament-close|tournament-start|\n"
    "          tournament-cancel <id> | tournament-remove <id> <user>; staff: tournament-extend <id> <table> <minutes>\n"
    "  admins: grant-organizer <user> [revoke]\n"
    "  wait [seconds] [kind|prompt|finished] | help | quit\n";

bool push_matches(const v1::ServerMessage& push, const std::string& until) {
  if (until == "prompt") return push.has_match_update() && push.match_update().has_prompt();
  if (until == "finished") return push.has_match_update() && push.match_update().finished();
  return client::body_name(push) == until;
}

double parse_seconds(const std::string& text) {
  try {
    std::size_t used = 0;
    const double seconds = std::stod(text, &used);
    if (used == text.size() && seconds >= 0) return seconds;
  } catch (const std::exception&) {
  }
  throw UsageError("seconds must be a non-negative number, got '" + text + "'");
}

}  // namespace

CliShell::CliShell(Connector connect, std::ostream& out) : connect_(std::move(connect)), out_(out) {}

const std::map<std::string, CliShell::Handler>& CliShell::handlers() {
  static const std::map<std::string, Handler> table = {
      {"register", &CliShell::cmd_register},   {"login", &CliShell::cmd_login},
      {"resume", &CliShell::cmd_resume},       {"logout", &CliShell::cmd_logout},
      {"reconnect", &CliShell::cmd_reconnect}, {"ping", &CliShell::cmd_ping},
      {"status", &CliShell::cmd_status},       {"wait", &CliShell::cmd_wait},
      {"help", &CliShell::cmd_help},           {"quit", &CliShell::cmd_quit},
      {"exit", &CliShell::cmd_quit},           {"games", &CliShell::cmd_games},
      {"decks", &CliShell::cmd_decks},         {"deck-save", &CliShell::cmd_deck_save},
      {"deck-starter", &CliShell::cmd_deck_starter},
      {"deck-show", &CliShell::cmd_deck_show}, {"deck-delete", &CliShell::cmd_deck_delete},
      {"rooms", &CliShell::cmd_rooms},         {"create", &CliShell::cmd_create},
      {"join", &CliShell::cmd_join},           {"leave", &CliShell::cmd_leave},
      {"ready", &CliShell::cmd_ready},         {"show", &CliShell::cmd_show},
      {"answer", &CliShell::cmd_answer},       {"concede", &CliShell::cmd_concede},
      {"call-judge", &CliShell::cmd_call_judge}, {"judge-view", &CliShell::cmd_judge_view},
      {"calls", &CliShell::cmd_calls},         {"take-call", &CliShell::cmd_take_call},
      {"resolve-call", &CliShell::cmd_resolve_call},
      {"pause", &CliShell::cmd_pause},         {"resume-match", &CliShell::cmd_resume_match},
      {"penalty", &CliShell::cmd_penalty},     {"result", &CliShell::cmd_result},
      {"grant-judge", &CliShell::cmd_grant_judge}, {"revoke-judge", &CliShell::cmd_revoke_judge},
      {"room-judge", &CliShell::cmd_room_judge},
      {"extend", &CliShell::cmd_extend},       {"allow-spectator", &CliShell::cmd_allow_spectator},
      {"rollback", &CliShell::cmd_rollback},   {"match-log", &CliShell::cmd_match_log},
      {"grant-organizer", &CliShell::cmd_grant_organizer},
      {"tournament-create", &CliShell::cmd_tournament_create},
      {"tournament-open", &CliShell::cmd_tournament_control},
      {"tournament-close", &CliShell::cmd_tournament_control},
      {"tournament-start", &CliShell::cmd_tournament_control},
      {"tournament-cancel", &CliShell::cmd_tournament_control},
      {"tournament-remove", &CliShell::cmd_tournament_remove},
      {"tournament-extend", &CliShell::cmd_tournament_extend},
      {"tournament-register", &CliShell::cmd_tournament_register},
      {"tournament-drop", &CliShell::cmd_tournament_drop},
      {"tournaments", &CliShell::cmd_tournaments},
      {"tournament", &CliShell::cmd_tournament},
      {"pairings", &CliShell::cmd_pairings},
      {"standings", &CliShell::cmd_standings},
      {"rating", &CliShell::cmd_rating},
  };
  return table;
}

bool CliShell::connect() {
  try {
    client_ = connect_();
    const auto welcome = client_->welcome();
    ok("connected version=" + std::to_string(welcome ? welcome->version() : 0) +
       " server=" + quoted(welcome ? welcome->server_name() : ""));
    return true;
  } catch (const client::ClientError& e) {
    out_ << format_error(e) << std::flush;
    had_error_ = true;
    return false;
  }
}

bool CliShell::execute(const std::string& line) {
  print_pushes();
  try {
    const Args args = tokenize(line);
    if (args.empty() || args[0].front() == '#') return true;
    if (args[0] != "wait") unwaited_.clear();
    dispatch(args);
  } catch (const UsageError& e) {
    fail("USAGE", e.what());
  } catch (const client::ClientError& e) {
    out_ << format_error(e);
    had_error_ = true;
  }
  unwaited_.clear();
  print_pushes();
  out_ << std::flush;
  return !quit_;
}

void CliShell::dispatch(const Args& args) {
  const auto it = handlers().find(args[0]);
  if (it == handlers().end()) return fail("UNKNOWN_COMMAND", "unknown command '" + args[0] + "' (try help)");
  (this->*(it->second))(args);
}

void CliShell::print_pushes() {
  if (!client_) return;
  try {
    while (auto push = client_->next_push(std::chrono::milliseconds(0))) {
      out_ << format_push(*push);
      unwaited_.push_back(std::move(*push));
    }
  } catch (const client::ClientError&) {
    // Closed: the next command reports it.
  }
  out_ << std::flush;
}

bool CliShell::already_seen(const std::string& until) const {
  for (const auto& push : unwaited_) {
    if (push_matches(push, until)) return true;
  }
  return false;
}

client::Client& CliShell::client() {
  if (!client_) throw client::ClientError(client::ClientError::Kind::Closed, "NOT_CONNECTED", "not connected");
  return *client_;
}

void CliShell::ok(const std::string& text) { out_ << (text.empty() ? "ok" : "ok " + text) << "\n"; }

void CliShell::fail(const std::string& code, const std::string& message) {
  out_ << "error " << code << " " << one_line(message) << "\n";
  had_error_ = true;
}

// --- session ---------------------------------------------------------------------

std::string CliShell::describe(const v1::LoggedIn& logged_in) {
  std::string rooms;
  for (const auto& room : logged_in.rooms()) rooms += (rooms.empty() ? "" : ",") + room;
  return "token=" + logged_in.token() + " player_id=" + std::to_string(logged_in.player_id()) +
         " username=" + logged_in.username() + " rooms=" + (rooms.empty() ? "-" : rooms);
}

void CliShell::print_logged_in(const v1::LoggedIn& logged_in) { ok(describe(logged_in)); }

void CliShell::cmd_register(const Args& args) {
  if (args.size() != 3) throw UsageError("usage: register <user> <pass>");
  const auto logged_in = client().register_player(args[1], args[2]);
  if (logged_in) return print_logged_in(*logged_in);
  ok("registered " + args[1]);
}

void CliShell::cmd_login(const Args& args) {
  if (args.size() != 3) throw UsageError("usage: login <user> <pass>");
  print_logged_in(client().login(args[1], args[2]));
}

void CliShell::cmd_resume(const Args& args) {
  if (args.size() < 2 || args.size() > 3) throw UsageError("usage: resume <token> [last_seq]");
  const auto last_seq = args.size() == 3 ? parse_int(args[2], "last_seq") : 0;
  print_logged_in(client().resume(args[1], static_cast<std::uint64_t>(last_seq)));
}

void CliShell::cmd_logout(const Args&) {
  client().logout();
  ok();
}

void CliShell::cmd_reconnect(const Args&) {
  const std::string token = client_ ? client_->token() : std::string();
  const std::uint64_t last_seq = client_ ? client_->last_seq() : 0;
  client_.reset();
  client_ = connect_();  // on failure the shell stays unconnected (NOT_CONNECTED)
  if (token.empty()) return ok("reconnected");
  ok("reconnected " + describe(client().resume(token, last_seq)));
}

void CliShell::cmd_ping(const Args&) {
  client().ping(1);
  ok("pong");
}

void CliShell::cmd_status(const Args&) {
  const auto closed = client().close_info();
  std::string text = "open=" + std::string(client().is_open() ? "yes" : "no") +
                     " last_seq=" + std::to_string(client().last_seq()) +
                     " logged_in=" + (client().token().empty() ? "no" : "yes");
  if (closed) text += " close_code=" + std::to_string(closed->code) + " close_reason=" + quoted(closed->reason);
  ok(text);
}

void CliShell::cmd_wait(const Args& args) {
  const double seconds = args.size() > 1 ? parse_seconds(args[1]) : 1.0;
  const std::string until = args.size() > 2 ? args[2] : std::string();
  if (!until.empty() && already_seen(until)) return ok("0 pushes (already printed)");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  int count = 0;
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() < 0) break;
    const auto push = client().next_push(left);
    if (!push) break;
    out_ << format_push(*push) << std::flush;
    ++count;
    if (!until.empty() && push_matches(*push, until)) return ok(std::to_string(count) + " pushes");
  }
  if (!until.empty()) return fail("TIMEOUT", "no " + until + " push within " + args[1] + " s");
  ok(std::to_string(count) + " pushes");
}

void CliShell::cmd_help(const Args&) {
  ok("commands:");
  out_ << kHelp;
}

void CliShell::cmd_quit(const Args&) {
  quit_ = true;
  ok("bye");
}

}  // namespace concord::cli
