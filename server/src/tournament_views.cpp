// Tournament records -> wire messages (the read side; see the header).
#include "tournament_views.hpp"

#include <google/protobuf/util/json_util.h>

#include <algorithm>

#include "concord/tournament/round_robin.hpp"
#include "tournament_config.hpp"

namespace concord::server {

namespace {

// A stored standing as the wire's unsigned fields want it (never negative).
std::uint32_t count(int value) { return static_cast<std::uint32_t>(std::max(0, value)); }

std::string name_of(const std::map<std::int64_t, std::string>& names, std::int64_t id) {
  const auto it = names.find(id);
  return it == names.end() ? "#" + std::to_string(id) : it->second;
}

int planned_rounds(const TournamentConfig& config, const std::vector<persistence::EntrantRecord>& entrants,
                   bool started) {
  if (config.format == tournament::Format::Swiss && config.swiss_rounds > 0) return config.swiss_rounds;
  if (!started) return 0;
  const auto n = static_cast<int>(
      std::count_if(entrants.begin(), entrants.end(), [](const auto& e) { return e.first_round == 1; }));
  if (config.format == tournament::Format::RoundRobin) return tournament::round_robin_round_count(n);
  return tournament::default_swiss_rounds(n);
}

}  // namespace

v1::TournamentStatus status_from_text(const std::string& status) {
  static const std::map<std::string, v1::TournamentStatus> kStatuses = {
      {"announced", v1::TOURNAMENT_ANNOUNCED},
      {"registration", v1::TOURNAMENT_REGISTRATION},
      {"registration_closed", v1::TOURNAMENT_REGISTRATION_CLOSED},
      {"running", v1::TOURNAMENT_RUNNING},
      {"top_cut", v1::TOURNAMENT_TOP_CUT},
      {"finished", v1::TOURNAMENT_FINISHED},
      {"cancelled", v1::TOURNAMENT_CANCELLED},
  };
  const auto it = kStatuses.find(status);
  return it == kStatuses.end() ? v1::TOURNAMENT_STATUS_UNSPECIFIED : it->second;
}

bool status_is_over(const std::string& status) { return status == "finished" || status == "cancelled"; }

int current_round(const std::vector<persistence::TableRecord>& tables) {
  int round = 0;
  for (const auto& table : tables) round = std::max(round, table.round);
  return round;
}

v1::TournamentInfo info_from_records(const persistence::TournamentRecord& record,
                                     const std::vector<persistence::EntrantRecord>& entrants,
                                     const std::vector<persistence::TableRecord>& tables, bool with_entrants) {
  v1::TournamentInfo info;
  info.set_tournament_id(record.id);
  const auto config = config_from_text(record.settings);
  if (config) {
    config_to_wire(*config, info.mutable_settings());
  }
  // The row's own columns win: they are what the event was created with.
  info.mutable_settings()->set_game(record.game);
  info.mutable_settings()->set_name(record.name);
  info.set_status(status_from_text(record.status));
  info.set_organizer(record.organizer);
  if (with_entrants) {
    for (const auto& entrant : entrants) {
      auto* out = info.add_entrants();
      out->set_username(entrant.username);
      out->set_first_round(count(entrant.first_round));
      out->set_dropped(entrant.dropped);
    }
  }
  const int round = current_round(tables);
  info.set_round(count(round));
  info.set_planned_rounds(count(planned_rounds(config.value_or(TournamentConfig{}), entrants, round > 0)));
  info.set_seed_commitment(record.seed_commitment);
  if (status_is_over(record.status)) info.set_seed_hex(record.seed_hex);
  std::int64_t ends = 0;
  for (const auto& table : tables) {
    if (table.round == round && !table.ended && table.ends_unix_ms) ends = std::max(ends, *table.ends_unix_ms);
  }
  info.set_round_ends_unix_ms(ends);
  return info;
}

v1::Pairings pairings_from_records(std::int64_t tournament_id, int round,
                                   const std::vector<persistence::TableRecord>& tables,
                                   const std::vector<persistence::TournamentGameRecord>& games,
                                   const std::map<std::int64_t, std::string>& names, int best_of) {
  v1::Pairings pairings;
  pairings.set_tournament_id(tournament_id);
  pairings.set_round(count(round));
  const int majority = std::max(1, best_of) / 2 + 1;
  for (const auto& table : tables) {
    if (table.round != round) continue;
    if (table.top_cut) pairings.set_top_cut(true);
    auto* out = pairings.add_tables();
    out->set_table(count(table.table_no));
    out->set_first(name_of(names, table.first_id));
    if (table.second_id) out->set_second(name_of(names, *table.second_id));
    std::uint32_t first_wins = 0, second_wins = 0, draws = 0;
    const persistence::TournamentGameRecord* playing = nullptr;
    for (const auto& game : games) {
      if (game.round != round || game.table_no != table.table_no) continue;
      if (game.winner_side == "first") {
        ++first_wins;
      } else if (game.winner_side == "second") {
        ++second_wins;
      } else if (game.winner_side == "draw") {
        ++draws;
      } else if (!playing || game.game_no > playing->game_no) {
        playing = &game;
      }
    }
    out->set_first_wins(first_wins);
    out->set_second_wins(second_wins);
    out->set_draws(draws);
    const bool decided = static_cast<int>(first_wins) >= majority || static_cast<int>(second_wins) >= majority;
    out->set_over(table.ended || !table.second_id || decided);
    if (playing) {
      out->set_room_id(playing->room_id);
      out->set_game(count(playing->game_no));
    }
    out->set_ends_unix_ms(table.ends_unix_ms.value_or(0));
  }
  return pairings;
}

v1::Standings standings_to_wire(std::int64_t tournament_id, int round,
                                const std::vector<tournament::Standing>& standings,
                                const std::map<std::int64_t, std::string>& names) {
  v1::Standings out;
  out.set_tournament_id(tournament_id);
  out.set_round(count(round));
  for (const auto& s : standings) {
    auto* entry = out.add_entries();
    entry->set_rank(count(s.rank));
    entry->set_username(name_of(names, s.player));
    entry->set_match_points(count(s.match_points));
    entry->set_game_points(count(s.game_points));
    entry->set_wins(count(s.wins));
    entry->set_draws(count(s.draws));
    entry->set_losses(count(s.losses));
    entry->set_byes(count(s.byes));
    entry->set_omw_ppb(s.omw);
    entry->set_gwp_ppb(s.gwp);
    entry->set_ogw_ppb(s.ogw);
    entry->set_dropped(s.dropped);
  }
  return out;
}

v1::Rating rating_to_wire(const std::string& username, const std::string& game,
                          const std::optional<persistence::RatingRecord>& current,
                          const std::vector<persistence::RatingRecord>& history) {
  const persistence::RatingRecord now = current.value_or(persistence::RatingRecord{});
  v1::Rating out;
  out.set_username(username);
  out.set_game(game);
  out.set_rating(now.rating);
  out.set_deviation(now.deviation);
  out.set_volatility(now.volatility);
  for (const auto& h : history) {
    auto* point = out.add_history();
    point->set_rating(h.rating);
    point->set_deviation(h.deviation);
    point->set_volatility(h.volatility);
    point->set_at_unix_ms(h.at_unix_ms);
    point->set_match_id(h.match_id);
  }
  return out;
}

std::string message_to_json(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string out;
  // Only fails on messages that cannot be mapped (an Any of an unknown type): none here.
  if (!google::protobuf::util::MessageToJsonString(message, &out, options).ok()) return "{}";
  return out;
}

std::string standings_to_json(const v1::Standings& standings) { return message_to_json(standings); }

std::optional<v1::Standings> standings_from_json(const std::string& json) {
  v1::Standings out;
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = true;  // a snapshot written by a newer server
  if (!google::protobuf::util::JsonStringToMessage(json, &out, options).ok()) return std::nullopt;
  return out;
}

}  // namespace concord::server
