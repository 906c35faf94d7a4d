// An event's settings (tournaments.proto TournamentSettings): checked when an
// organizer creates the event, kept in tournaments.settings as "key=value"
// lines, and read back by crash recovery.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "concord/tournament/tournament.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::server {

constexpr int kMaxEntrants = 512;
constexpr int kMaxStaff = 16;

struct TournamentConfig {
  std::string game;
  std::string name;
  std::map<std::string, std::string> options;  // the game's and the room options, as given
  tournament::Format format = tournament::Format::Swiss;
  int swiss_rounds = 0;  // 0: ceil(log2(players))
  int best_of = 3;
  int round_seconds = 0;  // 0: untimed
  int top_cut = 0;
  std::int64_t registration_closes_unix_ms = 0;
  int max_players = kMaxEntrants;
  bool deck_required = false;
  bool late_entries = false;
  int no_show_seconds = 600;
  int extra_turns = 0;
  std::vector<std::string> staff;  // usernames
  bool unrated = false;
};

// The settings as the organizer sent them, with defaults for zeros; every
// problem of shape (not of the game's options: the dispatcher checks those
// against the game) as a line.
std::vector<std::string> config_from_wire(const v1::TournamentSettings& wire, TournamentConfig* out);
void config_to_wire(const TournamentConfig& config, v1::TournamentSettings* out);

std::string config_to_text(const TournamentConfig& config);
std::optional<TournamentConfig> config_from_text(const std::string& text);

}  // namespace concord::server
