// Rulebook scenarios as files (tests/rules/<game>/scenarios/*.txt), the same
// form for every game that has a position format: a position, the answers to
// submit through rules::apply (the server's entry), and lines the saved final
// position must hold. A game's test reads each file, loads its position with
// the game's own loader and plays it with play_scenario; one test per file,
// named after it (scenario_names).
//
//   # comments
//   [position]
//   <the game's position format (its README)>
//   [commands]
//   answer <seat> <option>[=<value>] ...     must be accepted
//   reject <seat> <option>[=<value>] ... CODE  must be rejected with CODE,
//                                             leaving state_hash() unchanged
//   concede <seat>
//   [expect]
//   <lines that must appear in the saved position of the final state; a line
//    written without '#N' card ids matches the saved line with ids removed>
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "concord/rules/match.hpp"

namespace concord::testsupport {

struct ScenarioFile {
  std::string position;
  std::vector<std::pair<int, std::string>> commands;  // (line, text)
  std::vector<std::pair<int, std::string>> expect;    // (line, text)
};

ScenarioFile read_scenario(const std::filesystem::path& path);

// The names of the scenario files in `dir` (without ".txt"), sorted.
std::vector<std::string> scenario_names(const std::filesystem::path& dir);

// Plays the scenario's commands on `match` and checks its [expect] lines
// against `saved()`, the game's saved position of the match; reports what
// fails through GoogleTest.
void play_scenario(const ScenarioFile& scenario, rules::Match& match, const std::function<std::string()>& saved);

}  // namespace concord::testsupport
