// Text output of concord-cli. Every reply is one line starting with "ok" or
// "error <CODE> <message>"; pushes are one line starting with "push <kind>".
// Details follow on lines indented by two spaces (scripts can skip them).
#pragma once

#include <string>

#include "client/client_error.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::cli {

// Newlines and tabs become spaces so a message stays on one line.
std::string one_line(std::string text);
std::string quoted(const std::string& text);  // "text" with quotes escaped

std::string format_error(const client::ClientError& error);  // "error CODE message" + violation lines
std::string format_room(const v1::RoomInfo& room);           // one line, no prefix
std::string format_update_summary(const v1::MatchUpdate& update);
std::string format_result(const v1::MatchResult& result, const std::string& commitment);
std::string format_push(const v1::ServerMessage& message);  // "push <kind> ..." (+ indented lines)
// The full view (protobuf text format, Any expanded when its type is linked),
// events, the open prompt with numbered options, and the result.
std::string format_show(const v1::MatchUpdate& update);
std::string format_clocks(const v1::ClockState& clocks);  // "  clocks chess seat0=4:59.2 (running) ..."
std::string format_match_log(const v1::MatchLog& log);
std::string format_game(const v1::GameInfo& game);

// Tournaments (cli_format_tournament.cpp).
std::string format_tournament(const v1::TournamentInfo& info);          // one line, no prefix
std::string format_tournament_details(const v1::TournamentInfo& info);  // indented lines: settings, seed, entrants
std::string format_pairings(const v1::Pairings& pairings);              // "ok ..." + one line per table
std::string format_standings(const v1::Standings& standings);           // "ok ..." + one line per player
std::string format_rating(const v1::Rating& rating);                    // "ok ..." + one line per history point
// TournamentGameReady and TournamentRound pushes.
std::string format_tournament_push(const v1::ServerMessage& message);

}  // namespace concord::cli
