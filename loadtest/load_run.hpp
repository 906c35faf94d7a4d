// One concord-load run: sets up the bots, plays every room slot on its own
// thread and prints the report.
#pragma once

#include <memory>
#include <optional>
#include <string>

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
  int play(const std::optional<v1::Deck>& deck, std::unique_ptr<Bot> first);
  void run_slot(int slot, const std::optional<v1::Deck>& deck, std::unique_ptr<Bot> first, Clock::time_point deadline);

  LoadConfig& config_;
  std::string suffix_;
  LoadStats stats_;
};

}  // namespace concord::load
