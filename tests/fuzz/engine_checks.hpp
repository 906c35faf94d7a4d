// Engine invariants checked by the fuzzers, and the answer-path driver shared
// by every engine's fuzz target. A violated invariant aborts with a message
// (libFuzzer reports it as a crash and saves the input).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/rules/match.hpp"
#include "concord/rules/registry.hpp"
#include "fuzz_input.hpp"

namespace concord::fuzz {

// Prints `what` and aborts when `ok` is false.
void require(bool ok, const std::string& what);

// Every seat's open prompt (returned, per seat) is answerable and
// journal-safe: min <= max choices, at least min options, distinct non-empty
// ids without whitespace or '=', ranges with min <= max. An unfinished match
// has at least one open prompt; a finished one has a result.
using Prompts = std::vector<std::optional<rules::Prompt>>;
Prompts check_prompts(const rules::Match& match);

// A view builds (and renders) for every seat, a spectator and a judge; or,
// with `only` >= 0, for viewer number `only` (mod their count) of that list.
void check_views(const rules::Match& match, int only = -1);

// An answer to `prompt` chosen by the input: mostly a random legal shape
// (rules::random_answer), sometimes one built from input bytes (any option
// index, duplicates, values in or out of range, unknown ids, too many or too
// few choices).
rules::Answer pick_answer(const rules::Prompt& prompt, FuzzInput& in);

// Applies commands picked by the input to `match` (answers to open prompts,
// answers from seats without one, rare concessions), up to `max_steps`,
// checking after each: a rejected command leaves state_hash() unchanged and
// names a code; prompts stay well-formed; a view builds for one viewer the
// input picks (for every viewer at the end). Accepted commands are appended
// to `log`.
void drive(rules::Match& match, FuzzInput& in, std::vector<rules::Command>& log, int max_steps);

// The accepted log survives its journal text form (Command::to_text /
// from_text) and replays to the same state_hash().
void check_replay(const rules::GameDefinition& game, const rules::MatchSetup& setup,
                  const std::vector<rules::Command>& log, const rules::Match& match);

// A setup for `game` chosen by the input: seat count, option values (any the
// schema allows; defaults if the game's check_room refuses them), a deck per
// seat from `decks` and a seed.
rules::MatchSetup pick_setup(const rules::GameDefinition& game, const std::vector<rules::Deck>& decks,
                             FuzzInput& in);

// The whole answer-path fuzz target for one engine: setup, drive, replay.
void fuzz_answers(const rules::GameDefinition& game, const std::vector<rules::Deck>& decks,
                  const std::uint8_t* data, std::size_t size);

}  // namespace concord::fuzz
