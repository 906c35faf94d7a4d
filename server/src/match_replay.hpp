// Rebuilding a match from its setup and command log, with the per-seat
// prompt ids it had (crash recovery and a judge's rollback).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/prompt_ids.hpp"
#include "concord/rules/registry.hpp"

namespace concord::server {

struct ReplayedMatch {
  std::unique_ptr<rules::Match> match;  // null when the replay failed
  std::optional<rules::PromptIds> prompt_ids;
  std::string error;                    // why it failed
};

// Pure (no room state): safe on any thread. A game that throws fails the replay.
// `epoch`: how many rollbacks the match has had (rules::PromptIds).
ReplayedMatch replay_match(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                           const std::vector<rules::Command>& log, std::uint64_t epoch = 0);

}  // namespace concord::server
