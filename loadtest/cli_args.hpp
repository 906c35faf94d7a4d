// Pure parsing for concord-cli command lines (no I/O, unit-tested).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "concord/v1/concord.pb.h"
#include "concord/v1/judging.pb.h"
#include "concord/v1/tournaments.pb.h"

namespace concord::cli {

using Args = std::vector<std::string>;

// A command line the user got wrong; printed as "error USAGE <message>".
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Splits on blanks; double quotes group ("My room"), backslash escapes the
// next character inside quotes. Throws UsageError on an unterminated quote.
Args tokenize(std::string_view line);

// "key=value" -> {key, value}; nullopt without '='.
std::optional<std::pair<std::string, std::string>> split_option(const std::string& token);

// create <game> [seats=N] [password=P] [name=N] [opt=value...]
v1::CreateRoom parse_create(const Args& args);
// join <room> [player|spectator|judge] [deck=<id>] [password=P] [seat=N]
v1::JoinRoom parse_join(const Args& args);
// answer <room> <choice>... where a choice is <option_id>[=value] or #N[=value]
// (N = 1-based option number as printed by `show`, resolved via `prompt`).
v1::Answer parse_answer(const Args& args, const v1::Prompt* prompt);

std::int64_t parse_int(const std::string& text, const std::string& what);

// Judge commands (cli_shell_judge.cpp):
// penalty <room> <seat> <note|warning|game_loss|match_loss|dq> <category> [note...]
v1::IssuePenalty parse_penalty(const Args& args);
// result <room> draw|<seat>[,<seat>...] <reason...>
v1::OverrideResult parse_result(const Args& args);
// tournament-create <game> <name> [key=value ...]: keys are the
// TournamentSettings field names (format=swiss|round_robin, booleans as
// true/false/yes/no/1/0), options as option.<name>=<value>, staff=a,b
// (cli_args_tournament.cpp).
v1::CreateTournament parse_tournament_create(const Args& args);
// The words of args from `from` on, joined by blanks.
std::string rest_of(const Args& args, std::size_t from);

}  // namespace concord::cli
