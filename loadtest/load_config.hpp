// concord-load settings (from the command line).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace concord::load {

struct LoadConfig {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  bool tls = false;
  bool insecure = false;
  std::string game;
  int rooms = 1;                               // rooms played concurrently
  int seats = 0;                               // 0 = the game's min_seats
  int matches_per_room = 1;                    // matches each room slot plays one after another
  std::string deck_file;                       // deck text saved by every bot (games that need a deck)
  std::uint64_t seed = 0;                      // drives every bot's random choices
  double duration_limit = 120;                 // seconds; the whole run stops by then
  double stall_timeout = 30;                   // seconds without a MatchUpdate before a bot gives up
  std::uint64_t max_commands = 20000;          // per match; bots concede beyond it
  std::map<std::string, std::string> options;  // room options (--option key=value)
  bool verbose = false;
  // Benchmark mode (loadtest/peer_bench.sh).
  double think_time = 0;       // seconds a bot waits before each move; its first move of a match: uniform 0..think
  double warmup = 0;           // seconds from the start of play (every bot set up) to the measurement window
  double measure = 0;          // length of the measurement window; 0 = none (the run ends at --duration-limit)
  int server_pid = 0;          // sample this process's CPU and RSS over the window (0 = none)
  int pg_pid = 0;              // postmaster of the server's cluster: sample its processes' CPU (0 = none)
  std::string account_prefix;  // fixed usernames <prefix>r<slot>s<seat>, reused between runs ("" = fresh ones)
  std::string token_file;      // session tokens of reused accounts (read at start, rewritten after set-up)

  // Tournament mode (load_tournament.hpp): --tournament N bot players.
  int tournament_players = 0;  // 0 = rooms mode
  std::string organizer;       // --organizer: an account holding the organizer capability
  int tournament_best_of = 1;
  int tournament_top_cut = 0;
  double no_show_seconds = 0;    // the event's no-show deadline (0: --stall-timeout)
  // Scenario (load_tournament.hpp): events an organizer meets.
  bool late_entry = false;       // the last bot registers after the start (late entries on)
  bool no_show = false;          // bot 2 never joins its first game: it loses that game
  int drop_after_round = 0;      // bot 1 drops once its match of this round is over (0: nobody)
  int game_loss_round = 0;       // the organizer, as the event's staff, gives a GAME_LOSS in this round (0: none)
  double reconnect_seconds = 0;  // a bot that loses the server reconnects for up to this long (0: it stops)

  bool windowed() const { return measure > 0; }
};

using Clock = std::chrono::steady_clock;

}  // namespace concord::load
