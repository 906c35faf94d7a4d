// One room slot of the load test: its bots play `matches_per_room` matches
// one after another, each in a freshly created room (bot 0 creates it, every
// bot joins as a player with its deck, readies and plays on its own thread).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "load_config.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"

namespace concord::load {

class RoomRunner {
 public:
  RoomRunner(const LoadConfig& config, int slot, int seats, std::vector<std::unique_ptr<Bot>> bots, LoadStats& stats,
             Clock::time_point deadline);

  // Plays every match of this slot; stops early when time runs out or a room
  // cannot be set up.
  void run();

 private:
  // Creates the room and seats every bot; returns the room id.
  std::string open_room();
  // Runs one match with a thread per bot; false if it did not finish.
  bool play_match(const std::string& room);
  void close_room(const std::string& room);

  const LoadConfig& config_;
  int slot_;
  int seats_;
  std::vector<std::unique_ptr<Bot>> bots_;
  LoadStats& stats_;
  Clock::time_point deadline_;
};

}  // namespace concord::load
