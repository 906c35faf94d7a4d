// One bot entrant of a tournament run by concord-load --tournament: it finds
// each game it is to play (the TournamentGameReady push, or the event's
// current pairings when a push was missed: after a reconnect), plays it with
// random-legal answers to the end, and comes back after the server went away
// (--reconnect-seconds). Scenario roles (load_config.hpp) make it miss one
// game (a no-show) or drop once its match of a given round is over.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "account_store.hpp"
#include "load_config.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"

namespace concord::load {

struct EntrantRole {
  bool no_show_once = false;  // never joins the first game it is given
  int drop_after_round = 0;   // drops once its match of this round is over (0: never)
};

class Entrant {
 public:
  Entrant(const LoadConfig& config, std::unique_ptr<Bot> bot, std::int64_t event, EntrantRole role,
          AccountStore& accounts, LoadStats& stats);

  // Plays every game of the event until it is over, the entrant dropped, or
  // `deadline`. Never throws: failures are counted in the stats.
  void run(Clock::time_point deadline);

  int games_finished() const { return games_finished_; }
  int reconnects() const { return reconnects_; }
  bool dropped() const { return dropped_; }
  const std::string& username() const { return username_; }

 private:
  // The next room to play; nullopt when the event is over (or time is up).
  std::optional<std::string> next_room();
  std::optional<std::string> take(const std::string& room, std::uint32_t round);
  std::optional<std::string> room_from_pairings();
  bool event_over();
  // Joins and plays `room` until its match ends or the room closes.
  void play(const std::string& room);
  void answer(const v1::MatchUpdate& update);
  // DropEntrant (the drop role, its round over).
  void drop();
  // This player's match of `round` is over (or it was not paired).
  bool match_over(std::uint32_t round);
  // A new connection and session (the old one is gone); throws once
  // --reconnect-seconds have passed without one.
  void reconnect();

  const LoadConfig& config_;
  std::unique_ptr<Bot> bot_;
  std::string username_;
  std::int64_t event_;
  EntrantRole role_;
  AccountStore& accounts_;
  LoadStats& stats_;
  Clock::time_point deadline_;
  std::deque<v1::TournamentGameReady> ready_;  // pushes seen while playing
  std::map<std::string, std::uint32_t> room_round_;
  std::set<std::string> done_rooms_;  // finished, closed or skipped
  std::optional<rules::Rng> saved_rng_;  // the bot's RNG goes on across reconnects
  std::uint32_t last_round_ = 0;         // the latest round of a game joined
  Clock::time_point next_poll_{};
  int games_finished_ = 0;
  int reconnects_ = 0;
  bool dropped_ = false;
};

}  // namespace concord::load
