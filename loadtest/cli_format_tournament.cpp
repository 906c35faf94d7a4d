// concord-cli output of the tournament replies and pushes (tournaments.proto).
#include <cstdio>

#include "cli_format.hpp"

namespace concord::cli {

namespace {

std::string strip(const std::string& name, const std::string& prefix) {
  return name.rfind(prefix, 0) == 0 ? name.substr(prefix.size()) : name;
}

std::string percent(std::int64_t ppb) {
  char text[16];
  std::snprintf(text, sizeof text, "%.2f", static_cast<double>(ppb) / 1e7);
  return text;
}

std::string decimal(double value, int places) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", places, value);
  return text;
}

}  // namespace

std::string format_tournament(const v1::TournamentInfo& info) {
  const auto& s = info.settings();
  std::string out = "tournament=" + std::to_string(info.tournament_id()) + " game=" + s.game() +
                    " name=" + quoted(s.name()) + " status=" +
                    strip(v1::TournamentStatus_Name(info.status()), "TOURNAMENT_") + " format=" +
                    strip(v1::TournamentFormat_Name(s.format()), "FORMAT_") + " round=" + std::to_string(info.round()) +
                    "/" + std::to_string(info.planned_rounds()) + " organizer=" + info.organizer();
  if (info.entrants_size() > 0) out += " entrants=" + std::to_string(info.entrants_size());
  if (info.round_ends_unix_ms() != 0) out += " round_ends=" + std::to_string(info.round_ends_unix_ms());
  return out;
}

std::string format_tournament_details(const v1::TournamentInfo& info) {
  const auto& s = info.settings();
  std::string out = "  settings best_of=" + std::to_string(s.best_of()) +
                    " swiss_rounds=" + std::to_string(s.swiss_rounds()) +
                    " round_seconds=" + std::to_string(s.round_seconds()) + " top_cut=" + std::to_string(s.top_cut()) +
                    " max_players=" + std::to_string(s.max_players()) +
                    " deck_required=" + (s.deck_required() ? "yes" : "no") +
                    " late_entries=" + (s.late_entries() ? "yes" : "no") +
                    " no_show_seconds=" + std::to_string(s.no_show_seconds()) +
                    " extra_turns=" + std::to_string(s.extra_turns()) + " unrated=" + (s.unrated() ? "yes" : "no");
  if (s.registration_closes_unix_ms() != 0) {
    out += " registration_closes=" + std::to_string(s.registration_closes_unix_ms());
  }
  out += "\n";
  for (const auto& [key, value] : s.options()) out += "  option " + key + "=" + quoted(value) + "\n";
  if (s.staff_size() > 0) {
    std::string staff;
    for (const auto& name : s.staff()) staff += (staff.empty() ? "" : ",") + name;
    out += "  staff " + staff + "\n";
  }
  if (!info.seed_commitment().empty()) out += "  commitment " + info.seed_commitment() + "\n";
  if (!info.seed_hex().empty()) out += "  seed " + info.seed_hex() + "\n";
  for (const auto& entrant : info.entrants()) {
    out += "  entrant " + entrant.username();
    if (entrant.first_round() > 1) out += " from_round=" + std::to_string(entrant.first_round());
    if (entrant.dropped()) out += " dropped";
    out += "\n";
  }
  return out;
}

// "ok tournament=5 round=2 tables=3 [top_cut]" and one line per table:
// "  table 1 alice 1-0-1 dora game=3 room=r-e ends=..." ("-" for a bye).
std::string format_pairings(const v1::Pairings& pairings) {
  std::string out = "ok tournament=" + std::to_string(pairings.tournament_id()) +
                    " round=" + std::to_string(pairings.round()) + " tables=" + std::to_string(pairings.tables_size());
  if (pairings.top_cut()) out += " top_cut";
  out += "\n";
  for (const auto& t : pairings.tables()) {
    out += "  table " + std::to_string(t.table()) + " " + t.first() + " " + std::to_string(t.first_wins()) + "-" +
           std::to_string(t.second_wins()) + "-" + std::to_string(t.draws()) + " " +
           (t.second().empty() ? "-" : t.second());
    if (t.second().empty()) out += " bye";
    if (t.over()) out += " over";
    if (!t.room_id().empty()) out += " game=" + std::to_string(t.game()) + " room=" + t.room_id();
    if (t.ends_unix_ms() != 0) out += " ends=" + std::to_string(t.ends_unix_ms());
    out += "\n";
  }
  return out;
}

// "ok tournament=5 round=2 players=4" and one line per player:
// "  1 alice points=6 games=12 record=2-0-0 byes=0 omw=50.00 gw=66.67 ogw=33.33".
std::string format_standings(const v1::Standings& standings) {
  std::string out = "ok tournament=" + std::to_string(standings.tournament_id()) +
                    " round=" + std::to_string(standings.round()) +
                    " players=" + std::to_string(standings.entries_size()) + "\n";
  for (const auto& e : standings.entries()) {
    out += "  " + std::to_string(e.rank()) + " " + e.username() + " points=" + std::to_string(e.match_points()) +
           " games=" + std::to_string(e.game_points()) + " record=" + std::to_string(e.wins()) + "-" +
           std::to_string(e.losses()) + "-" + std::to_string(e.draws()) + " byes=" + std::to_string(e.byes()) +
           " omw=" + percent(e.omw_ppb()) + " gw=" + percent(e.gwp_ppb()) + " ogw=" + percent(e.ogw_ppb());
    if (e.dropped()) out += " dropped";
    out += "\n";
  }
  return out;
}

// "ok alice everzone rating=1540.5 deviation=280.0 volatility=0.05990 history=2"
// and one line per history point, oldest first.
std::string format_rating(const v1::Rating& rating) {
  std::string out = "ok " + rating.username() + " " + rating.game() + " rating=" + decimal(rating.rating(), 1) +
                    " deviation=" + decimal(rating.deviation(), 1) + " volatility=" +
                    decimal(rating.volatility(), 5) + " history=" + std::to_string(rating.history_size()) + "\n";
  for (const auto& point : rating.history()) {
    out += "  " + std::to_string(point.at_unix_ms()) + " rating=" + decimal(point.rating(), 1) +
           " deviation=" + decimal(point.deviation(), 1) + " volatility=" + decimal(point.volatility(), 5);
    if (point.match_id() != 0) out += " match=" + std::to_string(point.match_id());
    out += "\n";
  }
  return out;
}

std::string format_tournament_push(const v1::ServerMessage& message) {
  if (message.has_tournament_game_ready()) {
    const auto& ready = message.tournament_game_ready();
    return "push tournament_game_ready tournament=" + std::to_string(ready.tournament_id()) +
           " round=" + std::to_string(ready.round()) + " table=" + std::to_string(ready.table()) +
           " game=" + std::to_string(ready.game()) + " room=" + ready.room_id() + " opponent=" + ready.opponent() +
           " no_show=" + std::to_string(ready.no_show_unix_ms()) + "\n";
  }
  const auto& round = message.tournament_round();
  return "push tournament_round tournament=" + std::to_string(round.tournament_id()) +
         " round=" + std::to_string(round.round()) + (round.started() ? " started" : " ended") +
         (round.bye() ? " bye" : "") + "\n";
}

}  // namespace concord::cli
