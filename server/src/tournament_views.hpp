// The read side of tournaments: pure functions that build the wire messages
// (tournaments.proto) from what the repositories return. The database is the
// truth: every read is served from these records, never from the director's
// memory. No I/O here, so every rule of what a reader sees (the seed kept
// secret until the end, the current round, a table being over) is unit-tested
// on hand-made records (tests/server/net/tournament_views_test.cpp).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/message.h>

#include "concord/persistence/tournament_repository.hpp"
#include "concord/tournament/standings.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::server {

// Stored status text (migration 0005) -> wire enum; UNSPECIFIED for unknown text.
v1::TournamentStatus status_from_text(const std::string& status);
// True for "finished" and "cancelled": the event is over and its seed public.
bool status_is_over(const std::string& status);

// The highest round among `tables` (0 before the start).
int current_round(const std::vector<persistence::TableRecord>& tables);

// The event as a reader sees it. Settings from config_from_text(record.settings)
// (left empty, game and name aside, if the text does not parse); round = the
// highest round paired; planned_rounds = swiss_rounds when set (Swiss), else
// default_swiss_rounds(n) (Swiss) or round_robin_round_count(n) (round robin)
// with n = the entrants with first_round == 1, and 0 before the start;
// seed_hex only once the event is over; round_ends_unix_ms = the latest time
// limit among the current round's tables that are not ended (0 if none).
v1::TournamentInfo info_from_records(const persistence::TournamentRecord& record,
                                     const std::vector<persistence::EntrantRecord>& entrants,
                                     const std::vector<persistence::TableRecord>& tables, bool with_entrants);

// The tables of `round`: for each, the usernames (`names`: player id ->
// username; an unknown id shows as "#<id>"), games won per side and draws
// (winner_side "first"/"second"/"draw"), over = ended, a bye, or a side has
// won the majority of `best_of`; room_id/game = the newest game still being
// played (winner_side ""), if any; top_cut when the round's tables are.
v1::Pairings pairings_from_records(std::int64_t tournament_id, int round,
                                   const std::vector<persistence::TableRecord>& tables,
                                   const std::vector<persistence::TournamentGameRecord>& games,
                                   const std::map<std::int64_t, std::string>& names, int best_of);

// Standings computed by concord::tournament (compute_standings) as sent.
v1::Standings standings_to_wire(std::int64_t tournament_id, int round,
                                const std::vector<tournament::Standing>& standings,
                                const std::map<std::int64_t, std::string>& names);

// A rating and its history (oldest first) as sent; with no rating stored, a
// new player's 1500 / 350 / 0.06.
v1::Rating rating_to_wire(const std::string& username, const std::string& game,
                          const std::optional<persistence::RatingRecord>& current,
                          const std::vector<persistence::RatingRecord>& history);

// The protobuf JSON mapping used by the snapshots and the HTTP endpoints:
// proto field names, every primitive field printed (zeros and false too).
std::string message_to_json(const google::protobuf::Message& message);

// The stored standings snapshot (TournamentRepository::save_standings body)
// and back; nullopt when the text is not a Standings in that form.
std::string standings_to_json(const v1::Standings& standings);
std::optional<v1::Standings> standings_from_json(const std::string& json);

}  // namespace concord::server
