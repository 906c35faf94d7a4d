// One concord-load run: sets up the bots, plays every room slot on its own
// thread and prints the report.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "load_config.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"

namespace concord::load {

class LoadRun {
 public:
  explicit LoadRun(LoadConfig& config);

  // Returns the process exit status: 0 every planned match finished without
  // errors, 1 otherwise, 2 set-up failed.
  int run();

 private:
  void print_header() const;
  int play(std::unique_ptr<Bot> first);
  void run_slot(int slot, std::unique_ptr<Bot> first, Clock::time_point deadline);
  // The deck the bot of `seat` in room slot `slot` plays (none if the game needs none).
  std::optional<v1::Deck> deck_for(int slot, int seat) const;

  LoadConfig& config_;
  std::string suffix_;
  LoadStats stats_;
  // --deck-file for every seat, or the game's starter decks dealt round-robin.
  std::vector<v1::Deck> decks_;
};

}  // namespace concord::load
