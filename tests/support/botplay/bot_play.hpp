// Plays a match with the random-legal bot (rules::random_answer), for
// property tests, fuzz-like runs and benchmarks of any game engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "concord/rules/match.hpp"
#include "concord/rules/registry.hpp"
#include "concord/rules/rng.hpp"
#include "concord/rules/seed.hpp"

namespace concord::testsupport {

// What happened on one step, handed to BotPlayOptions::on_step.
struct BotStep {
  const rules::Match& match;        // after the command
  const rules::Command& command;
  const rules::Outcome& outcome;
  const std::string& hash_before;   // state_hash() before the command ("" without hash_before)
};

struct BotPlayOptions {
  std::size_t max_commands = 100000;           // accepted + rejected
  unsigned concede_one_in = 0;                 // 0 = never concede; N = 1/N chance per step
  std::function<void(const BotStep&)> on_step;  // optional
  bool hash_before = true;  // with on_step: hash the state before each command (costs a state_hash)
};

struct BotGame {
  std::unique_ptr<rules::Match> match;  // null if the game refused the setup
  std::vector<rules::Command> log;      // accepted commands, in order
  std::size_t rejected = 0;
};

// Plays until the match is finished, no seat has a prompt, or max_commands.
BotGame play_random(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                    rules::Rng& bot_rng, const BotPlayOptions& options = {});

// How many games a property test plays: `release` in normal builds, `sanitized`
// under AddressSanitizer/UBSan (CONCORD_SANITIZED_BUILD), where each game is
// ~10x slower. CONCORD_BOT_GAMES in the environment overrides both.
int bot_game_count(int release, int sanitized);

// A well-mixed seed derived from a number (SHA-256 of "seed:<n>").
rules::Seed seed_from_number(std::uint64_t n);

}  // namespace concord::testsupport
