#include "tournament_state.hpp"

#include <algorithm>
#include <charconv>

namespace concord::server {

namespace {

bool read_number(const std::string& text, std::size_t& at, char prefix, std::int64_t& out) {
  if (at >= text.size() || text[at] != prefix) return false;
  ++at;
  const auto* begin = text.data() + at;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, out);
  if (ec != std::errc() || ptr == begin || out < 0 || out > 1'000'000'000'000) return false;
  at += static_cast<std::size_t>(ptr - begin);
  return true;
}

tournament::GameResult game_result(const std::string& side) {
  if (side == "first") return tournament::GameResult::won_by(tournament::Side::First);
  if (side == "second") return tournament::GameResult::won_by(tournament::Side::Second);
  return tournament::GameResult::drawn();
}

}  // namespace

std::string GameTag::text() const {
  return "t" + std::to_string(tournament) + "/r" + std::to_string(round) + "/t" + std::to_string(table) + "/g" +
         std::to_string(game);
}

std::optional<GameTag> GameTag::parse(const std::string& text) {
  std::int64_t parts[4] = {};
  const char prefixes[4] = {'t', 'r', 't', 'g'};
  std::size_t at = 0;
  for (int i = 0; i < 4; ++i) {
    if (i > 0 && (at >= text.size() || text[at++] != '/')) return std::nullopt;
    if (!read_number(text, at, prefixes[i], parts[i])) return std::nullopt;
  }
  if (at != text.size() || parts[1] > 100000 || parts[2] > 100000 || parts[3] > 100) return std::nullopt;
  return GameTag{parts[0], static_cast<int>(parts[1]), static_cast<int>(parts[2]), static_cast<int>(parts[3])};
}

int EventRecords::current_round() const { return tables.empty() ? 0 : tables.back().round; }

bool EventRecords::top_cut_started() const {
  return std::any_of(tables.begin(), tables.end(), [](const auto& t) { return t.top_cut; });
}

const persistence::TableRecord* EventRecords::table(int round, int table_no) const {
  for (const auto& t : tables) {
    if (t.round == round && t.table_no == table_no) return &t;
  }
  return nullptr;
}

persistence::TableRecord* EventRecords::table(int round, int table_no) {
  return const_cast<persistence::TableRecord*>(std::as_const(*this).table(round, table_no));
}

std::vector<const persistence::TournamentGameRecord*> EventRecords::games_of(int round, int table_no) const {
  std::vector<const persistence::TournamentGameRecord*> out;
  for (const auto& g : games) {
    if (g.round == round && g.table_no == table_no) out.push_back(&g);
  }
  std::sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->game_no < b->game_no; });
  return out;
}

persistence::TournamentGameRecord* EventRecords::game(int round, int table_no, int game_no) {
  for (auto& g : games) {
    if (g.round == round && g.table_no == table_no && g.game_no == game_no) return &g;
  }
  return nullptr;
}

const persistence::TournamentGameRecord* EventRecords::game_in_progress(int round, int table_no) const {
  for (const auto* g : games_of(round, table_no)) {
    if (g->winner_side.empty()) return g;
  }
  return nullptr;
}

const persistence::EntrantRecord* EventRecords::entrant(std::int64_t player_id) const {
  for (const auto& e : entrants) {
    if (e.player_id == player_id) return &e;
  }
  return nullptr;
}

std::string EventRecords::name_of(std::int64_t player_id) const {
  const auto* e = entrant(player_id);
  return e ? e->username : std::to_string(player_id);
}

std::map<std::int64_t, std::string> names_of(const EventRecords& event) {
  std::map<std::int64_t, std::string> out;
  for (const auto& e : event.entrants) out[e.player_id] = e.username;
  return out;
}

tournament::TournamentOptions tournament_options(const EventRecords& event) {
  tournament::TournamentOptions options;
  if (auto seed = rules::Seed::from_hex(event.record.seed_hex)) options.seed = *seed;
  options.format = event.config.format;
  options.best_of = event.config.best_of;
  if (event.config.swiss_rounds > 0) options.rounds = event.config.swiss_rounds;
  return options;
}

tournament::MatchRecord table_match(const EventRecords& event, const persistence::TableRecord& table) {
  const int best_of = event.config.best_of;
  if (!table.second_id) return tournament::MatchRecord::fixed(best_of, 2, 0);
  tournament::MatchRecord match(best_of);
  for (const auto* g : event.games_of(table.round, table.table_no)) {
    if (!g->winner_side.empty()) (void)match.record_game(game_result(g->winner_side));
  }
  if (table.ended) match.end();
  return match;
}

std::variant<tournament::Tournament, rules::Rejection> rebuild_tournament(const EventRecords& event) {
  std::vector<tournament::Player> players;
  for (const auto& e : event.entrants) {
    players.push_back({e.player_id, e.registration, e.first_round, e.dropped});
  }
  std::vector<tournament::Round> rounds;
  for (const auto& t : event.tables) {
    if (t.top_cut) continue;
    if (rounds.empty() || rounds.back().number != t.round) rounds.push_back({t.round, {}});
    rounds.back().pairings.push_back({t.first_id, t.second_id, table_match(event, t)});
  }
  return tournament::Tournament::restore(tournament_options(event), std::move(players), std::move(rounds));
}

std::optional<tournament::TopCut> rebuild_top_cut(const EventRecords& event) {
  if (!event.top_cut_started()) return std::nullopt;
  const int size = event.config.top_cut;
  std::vector<tournament::PlayerId> ranked(static_cast<std::size_t>(size), 0);
  const auto order = tournament::bracket_seed_order(size);
  int first_cut_round = 0;
  for (const auto& t : event.tables) {
    if (!t.top_cut || (first_cut_round != 0 && t.round != first_cut_round)) continue;
    first_cut_round = t.round;
    const auto k = static_cast<std::size_t>(t.table_no - 1) * 2;
    if (k + 1 >= order.size()) return std::nullopt;
    ranked[static_cast<std::size_t>(order[k] - 1)] = t.first_id;
    ranked[static_cast<std::size_t>(order[k + 1] - 1)] = t.second_id.value_or(0);
  }
  auto created = tournament::TopCut::create(ranked, size);
  if (!std::holds_alternative<tournament::TopCut>(created)) return std::nullopt;
  auto cut = std::get<tournament::TopCut>(std::move(created));
  for (const auto& t : event.tables) {
    if (!t.top_cut || !t.second_id) continue;
    const auto match = table_match(event, t);
    if (!match.over()) continue;
    const bool second_wins = match.outcome() == tournament::MatchOutcome::SecondWins;
    // Bracket tables are numbered as TopCut numbers its matches (1-based).
    (void)cut.report_winner(t.table_no - 1, second_wins ? *t.second_id : t.first_id);
  }
  return cut;
}

std::int64_t first_seat_of(const EventRecords& event, const persistence::TableRecord& table, int game_no) {
  std::int64_t first = table.first_id;
  const std::int64_t second = table.second_id.value_or(0);
  for (const auto* g : event.games_of(table.round, table.table_no)) {
    if (g->game_no >= game_no) break;
    const std::int64_t other = first == table.first_id ? second : table.first_id;
    if (g->winner_side == "draw") {
      first = other;
    } else {
      const std::int64_t winner = g->winner_side == "first" ? table.first_id : second;
      first = winner == table.first_id ? second : table.first_id;  // the loser sits first
    }
  }
  return first;
}

std::string winner_side(const persistence::TableRecord& table, std::int64_t first_seat_player,
                        const rules::MatchResult& result) {
  if (result.draw || result.winners.size() != 1) return "draw";
  const bool seat0_won = result.winners.front() == 0;
  const std::int64_t winner = seat0_won ? first_seat_player
                                        : (first_seat_player == table.first_id ? table.second_id.value_or(0)
                                                                               : table.first_id);
  return winner == table.first_id ? "first" : "second";
}

}  // namespace concord::server
