// concord-cli's command interpreter: one text line in, reply lines out.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli_args.hpp"
#include "client/client.hpp"

namespace concord::cli {

class CliShell {
 public:
  // Opens a connection and completes Hello; throws client::ClientError.
  using Connector = std::function<std::unique_ptr<client::Client>()>;

  CliShell(Connector connect, std::ostream& out);

  // Connects (prints "ok connected ..." or "error CONNECT_FAILED ..."). Returns false on failure.
  bool connect();
  // Runs one command line (blank lines and # comments are ignored). Returns
  // false once the shell should exit (quit).
  bool execute(const std::string& line);
  // Prints every queued push without waiting.
  void print_pushes();
  bool had_error() const { return had_error_; }

 private:
  using Handler = void (CliShell::*)(const Args&);
  static const std::map<std::string, Handler>& handlers();

  client::Client& client();
  // True if a push printed since the previous command satisfies `wait ... until`.
  bool already_seen(const std::string& until) const;
  void ok(const std::string& text = {});
  void fail(const std::string& code, const std::string& message);
  void dispatch(const Args& args);

  // session (cli_shell.cpp)
  void cmd_register(const Args& args);
  void cmd_login(const Args& args);
  void cmd_resume(const Args& args);
  void cmd_logout(const Args& args);
  void cmd_reconnect(const Args& args);
  void cmd_ping(const Args& args);
  void cmd_status(const Args& args);
  void cmd_wait(const Args& args);
  void cmd_help(const Args& args);
  void cmd_quit(const Args& args);
  void print_logged_in(const v1::LoggedIn& logged_in);
  static std::string describe(const v1::LoggedIn& logged_in);

  // decks, lobby, rooms, matches (cli_shell_play.cpp)
  void cmd_games(const Args& args);
  void cmd_decks(const Args& args);
  void cmd_deck_save(const Args& args);
  void cmd_deck_starter(const Args& args);
  void cmd_deck_show(const Args& args);
  void cmd_deck_delete(const Args& args);
  void cmd_rooms(const Args& args);
  void cmd_create(const Args& args);
  void cmd_join(const Args& args);
  void cmd_leave(const Args& args);
  void cmd_ready(const Args& args);
  void cmd_show(const Args& args);
  void cmd_answer(const Args& args);
  void cmd_concede(const Args& args);

  // judges and admins (cli_shell_judge.cpp)
  void cmd_call_judge(const Args& args);
  void cmd_judge_view(const Args& args);
  void cmd_calls(const Args& args);
  void cmd_take_call(const Args& args);
  void cmd_resolve_call(const Args& args);
  void cmd_pause(const Args& args);
  void cmd_resume_match(const Args& args);
  void cmd_penalty(const Args& args);
  void cmd_result(const Args& args);
  void cmd_grant_judge(const Args& args);
  void cmd_revoke_judge(const Args& args);
  void cmd_room_judge(const Args& args);
  void cmd_extend(const Args& args);
  void cmd_allow_spectator(const Args& args);
  void cmd_rollback(const Args& args);
  void cmd_match_log(const Args& args);

  // tournaments and ratings (cli_shell_tournament.cpp)
  void cmd_grant_organizer(const Args& args);
  void cmd_tournament_create(const Args& args);
  void cmd_tournament_control(const Args& args);  // tournament-open|close|start|cancel
  void cmd_tournament_remove(const Args& args);
  void cmd_tournament_extend(const Args& args);
  void cmd_tournament_register(const Args& args);
  void cmd_tournament_drop(const Args& args);
  void cmd_tournaments(const Args& args);
  void cmd_tournament(const Args& args);
  void cmd_pairings(const Args& args);
  void cmd_standings(const Args& args);
  void cmd_rating(const Args& args);

  Connector connect_;
  std::ostream& out_;
  std::unique_ptr<client::Client> client_;
  std::vector<v1::ServerMessage> unwaited_;  // pushes printed since the previous command
  bool had_error_ = false;
  bool quit_ = false;
};

}  // namespace concord::cli
