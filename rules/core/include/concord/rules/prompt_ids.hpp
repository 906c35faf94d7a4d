// Per-seat prompt identity (protocol 1.1).
//
// Every open prompt of a seat has an id that changes only when that seat's
// prompt changes: when the seat itself answers (its prompt is consumed), when
// its prompt closes or opens, or when the prompt's content differs. Another
// seat's command that leaves this seat's prompt as it was keeps the id, so
// seats deciding at the same time never invalidate each other's answers.
//
// Ids are derived from the command index at which a prompt was first seen
// (index + 1) and the match's rollback epoch (how many times a judge rolled
// it back): epoch * 2^32 + index + 1. So they only grow, never repeat for a
// seat, not even after a rollback replays commands at indexes already used,
// and are the same whenever the same log is replayed in the same epoch.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "concord/rules/match.hpp"

namespace concord::rules {

class PromptIds {
 public:
  // Ids for the prompts open in `match` after `index` accepted commands
  // (a new match: index 0, epoch 0, so the first prompts have id 1).
  PromptIds(const Match& match, std::uint64_t index, std::uint64_t epoch = 0);

  // After `command` was accepted; `index` is the count of accepted commands
  // including it.
  void after_command(const Match& match, const Command& command, std::uint64_t index);

  // The id of the seat's open prompt; 0 when it has none (or the seat is out of range).
  std::uint64_t id(SeatIndex seat) const;

 private:
  void observe(SeatIndex seat, std::shared_ptr<const Prompt> prompt, bool consumed, std::uint64_t index);

  std::uint64_t epoch_base_ = 0;  // epoch * 2^32
  std::vector<std::shared_ptr<const Prompt>> prompts_;  // per seat, as last seen (Match::shared_prompt)
  std::vector<std::uint64_t> ids_;
};

}  // namespace concord::rules
