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
};

using Clock = std::chrono::steady_clock;

}  // namespace concord::load
