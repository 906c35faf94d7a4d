// Glicko-2 ratings after a rated two-player match (protocol/README.md
// section 12, "Ratings"): tournament games and rooms with the room option
// `rated`. Each rated match is its own rating period, against the opponent's
// rating before it. Runs on a database worker.
#pragma once

#include <cstdint>
#include <string>

#include <pqxx/pqxx>

namespace concord::server {

// Both players' new ratings of `game` and their history rows, in one
// transaction. `first_score` is 1 (first won), 0.5 (draw) or 0.
void rate_match(pqxx::connection& conn, const std::string& game, std::int64_t first, std::int64_t second,
                double first_score, std::int64_t match_id);

}  // namespace concord::server
