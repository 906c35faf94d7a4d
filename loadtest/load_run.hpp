// One concord-load run: sets up the bots, plays every room slot on its own
// thread and prints the report. With --measure, every slot first sets up its
// bots, then all start together; the window opens --warmup seconds later,
// lasts --measure seconds and ends the run, and the report adds the window's
// figures (moves, move -> update latency, server and PostgreSQL CPU, RSS).
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "account_store.hpp"
#include "load_config.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"
#include "load_window.hpp"
#include "start_gate.hpp"

namespace concord::load {

class LoadRun {
 public:
  explicit LoadRun(LoadConfig& config);

  // Returns the process exit status: 0 every planned match finished without
  // errors, 1 otherwise, 2 set-up failed.
  int run();

 private:
  void print_header() const;
  int play(std::unique_ptr<Bot> first, WindowSampler& sampler);
  // Opens the gate once every slot has set up; samples the window if any.
  void drive(StartGate& gate, WindowSampler& sampler, Clock::time_point run_start);
  void run_slot(int slot, std::unique_ptr<Bot> first, StartGate& gate);
  // The deck the bot of `seat` in room slot `slot` plays (none if the game needs none).
  std::optional<v1::Deck> deck_for(int slot, int seat) const;

  LoadConfig& config_;
  std::string name_base_;
  AccountStore accounts_;
  LoadStats stats_;
  std::atomic<int> dead_slots_{0};  // slots whose bots could not be set up: no live match
  // --deck-file for every seat, or the game's starter decks dealt round-robin.
  std::vector<v1::Deck> decks_;
};

}  // namespace concord::load
