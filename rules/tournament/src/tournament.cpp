#include "concord/tournament/tournament.hpp"

#include <algorithm>

#include "concord/rules/rng.hpp"
#include "concord/tournament/round_robin.hpp"
#include "concord/tournament/standings.hpp"
#include "concord/tournament/swiss.hpp"

namespace concord::tournament {

namespace {

Rejection reject(std::string code, std::string message) { return Rejection{std::move(code), std::move(message)}; }

}  // namespace

bool Round::complete() const {
  return std::all_of(pairings.begin(), pairings.end(), [](const Pairing& p) { return p.is_bye() || p.match.over(); });
}

int default_swiss_rounds(int players) {
  int rounds = 0;
  while ((1LL << rounds) < players) ++rounds;
  return std::max(1, rounds);
}

std::variant<Tournament, Rejection> Tournament::create(TournamentOptions options) {
  if (options.best_of != 1 && options.best_of != 3 && options.best_of != 5) {
    return reject("BAD_BEST_OF", "matches are best of 1, 3 or 5");
  }
  if (options.rounds && *options.rounds < 1) return reject("BAD_ROUNDS", "a tournament has at least one round");
  return Tournament(std::move(options));
}

std::variant<Tournament, Rejection> Tournament::restore(TournamentOptions options, std::vector<Player> players,
                                                       std::vector<Round> rounds) {
  auto created = create(std::move(options));
  if (auto* rejection = std::get_if<Rejection>(&created)) return *rejection;
  Tournament t = std::get<Tournament>(std::move(created));
  t.players_ = std::move(players);
  t.rounds_ = std::move(rounds);
  if (!t.rounds_.empty()) {
    if (t.options_.format == Format::RoundRobin) t.fix_round_robin_order();
    // The planned count is fixed at round 1; the players then were those who
    // entered before round 2 (late entries joined afterwards).
    int at_start = 0;
    for (const Player& p : t.players_) at_start += p.first_round == 1 ? 1 : 0;
    t.planned_rounds_ = t.options_.format == Format::RoundRobin ? round_robin_round_count(at_start)
                                                               : t.options_.rounds.value_or(default_swiss_rounds(at_start));
  }
  return t;
}

std::optional<Rejection> Tournament::register_player(PlayerId id) {
  if (find(id)) return reject("DUPLICATE_PLAYER", "this player is already registered");
  if (finished()) return reject("TOURNAMENT_OVER", "the tournament is over");
  if (!rounds_.empty() && options_.format == Format::RoundRobin) {
    return reject("LATE_ENTRY_NOT_ALLOWED", "a round robin's schedule is fixed when it starts");
  }
  Player p;
  p.id = id;
  p.registration = static_cast<int>(players_.size());
  // Joining while a round is being played means playing from the next one.
  p.first_round = static_cast<int>(rounds_.size()) + 1;
  players_.push_back(p);
  return std::nullopt;
}

std::optional<Rejection> Tournament::drop(PlayerId id) {
  auto it = std::find_if(players_.begin(), players_.end(), [id](const Player& p) { return p.id == id; });
  if (it == players_.end()) return reject("UNKNOWN_PLAYER", "no such player in this tournament");
  if (it->dropped) return reject("ALREADY_DROPPED", "this player has already dropped");
  it->dropped = true;
  return std::nullopt;
}

int Tournament::planned_rounds() const {
  if (planned_rounds_) return *planned_rounds_;
  const int n = static_cast<int>(active_players().size());
  if (options_.format == Format::RoundRobin) return round_robin_round_count(static_cast<int>(players_.size()));
  return options_.rounds.value_or(default_swiss_rounds(n));
}

bool Tournament::finished() const {
  return !rounds_.empty() && static_cast<int>(rounds_.size()) >= planned_rounds() && rounds_.back().complete();
}

const Player* Tournament::find(PlayerId id) const {
  auto it = std::find_if(players_.begin(), players_.end(), [id](const Player& p) { return p.id == id; });
  return it == players_.end() ? nullptr : &*it;
}

std::vector<PlayerId> Tournament::active_players() const {
  std::vector<PlayerId> out;
  for (const Player& p : players_) {
    if (!p.dropped) out.push_back(p.id);
  }
  return out;
}

std::optional<Rejection> Tournament::pair_next_round() {
  if (!rounds_.empty() && !rounds_.back().complete()) {
    return reject("ROUND_NOT_FINISHED", "the current round still has matches being played");
  }
  if (static_cast<int>(rounds_.size()) >= planned_rounds()) return reject("TOURNAMENT_OVER", "every round has been played");
  if (active_players().size() < 2) return reject("NOT_ENOUGH_PLAYERS", "pairing needs at least two players");
  if (rounds_.empty()) planned_rounds_ = planned_rounds();
  if (rounds_.empty() && options_.format == Format::RoundRobin) fix_round_robin_order();
  Round round;
  round.number = static_cast<int>(rounds_.size()) + 1;
  round.pairings = options_.format == Format::Swiss ? pair_swiss() : pair_round_robin();
  rounds_.push_back(std::move(round));
  return std::nullopt;
}

// Everyone registered takes a seat, dropped or not (a dropped player's
// opponent gets a bye), so that restore() rebuilds the same circle.
void Tournament::fix_round_robin_order() {
  round_robin_order_.clear();
  for (const Player& p : players_) round_robin_order_.push_back(p.id);
  rules::Rng rng(round_seed(options_.seed, 1));
  rng.shuffle(round_robin_order_);
}

Pairing Tournament::bye_for(PlayerId player) const {
  return Pairing{player, std::nullopt, MatchRecord::fixed(options_.best_of, 2, 0)};
}

std::vector<Pairing> Tournament::pair_swiss() const {
  const int round = static_cast<int>(rounds_.size()) + 1;
  SwissRoundPairs pairs;
  if (round == 1) {
    pairs = pair_first_round(active_players(), options_.seed);
  } else {
    std::vector<SwissEntrant> ranked;
    for (const Standing& s : compute_standings(*this)) {
      if (s.dropped) continue;
      SwissEntrant e{s.player, s.match_points, s.byes > 0, {}};
      for (const Round& r : rounds_) {
        for (const Pairing& p : r.pairings) {
          if (p.is_bye() || !p.involves(s.player)) continue;
          e.opponents.push_back(p.first == s.player ? *p.second : p.first);
        }
      }
      ranked.push_back(std::move(e));
    }
    pairs = pair_swiss_round(ranked, options_.seed, round);
  }
  std::vector<Pairing> out;
  for (const auto& [a, b] : pairs.tables) out.push_back(Pairing{a, b, MatchRecord(options_.best_of)});
  if (pairs.bye) out.push_back(bye_for(*pairs.bye));
  return out;
}

// The fixed circle; a seat whose player dropped turns their opponent's match
// into a bye.
std::vector<Pairing> Tournament::pair_round_robin() const {
  const int round = static_cast<int>(rounds_.size()) + 1;
  std::vector<Pairing> tables;
  std::vector<Pairing> byes;
  for (const auto& [a, b] : round_robin_pairs(static_cast<int>(round_robin_order_.size()), round)) {
    const std::optional<PlayerId> pa = a >= 0 && !find(round_robin_order_[a])->dropped
                                           ? std::optional<PlayerId>(round_robin_order_[a]) : std::nullopt;
    const std::optional<PlayerId> pb = b >= 0 && !find(round_robin_order_[b])->dropped
                                           ? std::optional<PlayerId>(round_robin_order_[b]) : std::nullopt;
    if (pa && pb) tables.push_back(Pairing{*pa, *pb, MatchRecord(options_.best_of)});
    else if (pa) byes.push_back(bye_for(*pa));
    else if (pb) byes.push_back(bye_for(*pb));
  }
  tables.insert(tables.end(), byes.begin(), byes.end());
  return tables;
}

Pairing* Tournament::current_table(int table) {
  if (rounds_.empty()) return nullptr;
  auto& pairings = rounds_.back().pairings;
  if (table < 0 || table >= static_cast<int>(pairings.size())) return nullptr;
  return &pairings[table];
}

std::optional<Rejection> Tournament::record_game(int table, GameResult game) {
  if (rounds_.empty()) return reject("NO_ROUND", "no round has been paired");
  Pairing* p = current_table(table);
  if (!p) return reject("NO_SUCH_TABLE", "the current round has no such table");
  if (p->is_bye()) return reject("BYE_HAS_NO_GAMES", "a bye is not played");
  return p->match.record_game(game);
}

std::optional<Rejection> Tournament::end_match(int table) {
  if (rounds_.empty()) return reject("NO_ROUND", "no round has been paired");
  Pairing* p = current_table(table);
  if (!p) return reject("NO_SUCH_TABLE", "the current round has no such table");
  p->match.end();
  return std::nullopt;
}

}  // namespace concord::tournament
