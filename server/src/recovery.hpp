// Crash recovery: rebuilds every unfinished match from the database at start-up.
#pragma once

#include <pqxx/pqxx>

#include "app_context.hpp"

namespace concord::server {

struct RecoveryReport {
  int restored = 0;
  int failed = 0;
};

// Reads every running match, replays its command log through its game and
// checks the rebuilt state hash against the one journaled with the last
// command. Restored matches get their rooms back under the same room id.
// Matches that cannot be rebuilt are marked "aborted" with the reason.
RecoveryReport recover_matches(AppContext& ctx, pqxx::connection& conn);

}  // namespace concord::server
