// One bot playing one match: answers each of its prompts with the
// random-legal bot (rules::random_answer) until the match ends, after
// --think-time (its first answer of the match after a random part of it), and
// times each accepted move until the first MatchUpdate showing it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "load_config.hpp"
#include "load_setup.hpp"
#include "load_stats.hpp"

namespace concord::load {

class BotPlayer {
 public:
  enum class End { Finished, CommandLimit, TimedOut, Failed };

  BotPlayer(Bot& bot, std::string room, LoadStats& stats, const LoadConfig& config, Clock::time_point deadline);

  // Readies the seat and plays until the match ends or time runs out. The
  // final MatchUpdate (if any) is kept in final_update().
  End play();
  const std::optional<v1::MatchUpdate>& final_update() const { return final_; }

 private:
  std::optional<v1::MatchUpdate> next_update();
  bool wants(const v1::MatchUpdate& update) const;
  // Answers the update's prompt, drawing a new random answer while the
  // engine rejects the choice; false if the match can no longer be played.
  bool answer(const v1::MatchUpdate& update);
  // One SubmitAnswer; returns the rejection code ("" = accepted).
  std::string submit(const v1::MatchUpdate& update);
  void concede();
  // Waits the think time (capped by the deadline) before an answer.
  void think();
  // Records the move -> update latency if `update` shows our pending move.
  void note_update(const v1::MatchUpdate& update);
  // The run's time is up (concede and stop) or the match stalled.
  End out_of_time();

  Bot& bot_;
  std::string room_;
  LoadStats& stats_;
  const LoadConfig& config_;
  Clock::time_point deadline_;
  std::optional<std::uint64_t> done_index_;  // updates at or below this index need nothing from us
  std::optional<v1::MatchUpdate> final_;
  bool conceded_ = false;
  bool first_answer_ = true;
  // Our accepted move not yet seen in an update: the command index it answered
  // and when it was sent.
  std::optional<std::pair<std::uint64_t, Clock::time_point>> pending_move_;
};

}  // namespace concord::load
