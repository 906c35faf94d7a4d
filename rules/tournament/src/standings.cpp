// Standings: tally each player's matches, then the percentages, then sort.
#include "concord/tournament/standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

namespace concord::tournament {

namespace {

// One player's raw record while the rounds are walked.
struct Tally {
  int match_points = 0, game_points = 0, rounds = 0, games = 0;
  int wins = 0, draws = 0, losses = 0, byes = 0;
  std::vector<PlayerId> opponents;  // once per match played (byes excluded)
};

// A match result for one side: games won, lost and drawn.
void add_match(Tally& t, int won, int lost, int drawn) {
  t.rounds += 1;
  t.games += won + lost + drawn;
  t.game_points += 3 * won + drawn;
  if (won > lost) {
    t.match_points += 3;
    t.wins += 1;
  } else if (won == lost) {
    t.match_points += 1;
    t.draws += 1;
  } else {
    t.losses += 1;
  }
}

void add_pairing(std::map<PlayerId, Tally>& tallies, const Pairing& p) {
  if (p.is_bye()) {
    add_match(tallies[p.first], 2, 0, 0);  // MTR: a bye is a 2-0 match win
    tallies[p.first].byes += 1;
    return;
  }
  if (!p.match.over()) return;  // still being played: not in the standings yet
  const int a = p.match.wins(Side::First);
  const int b = p.match.wins(Side::Second);
  const int d = p.match.draws();
  add_match(tallies[p.first], a, b, d);
  add_match(tallies[*p.second], b, a, d);
  tallies[p.first].opponents.push_back(*p.second);
  tallies[*p.second].opponents.push_back(p.first);
}

// Rounds before a late entrant's first round are 0-2 losses with no opponent.
void add_missed_rounds(Tally& t, const Player& player, int rounds_paired) {
  const int missed = std::min(player.first_round - 1, rounds_paired);
  for (int r = 0; r < missed; ++r) add_match(t, 0, 2, 0);
}

// max(1/3, points / (3 x played)) as a double; nothing played counts as the floor.
double floored_share(int points, int played) {
  if (played == 0) return 1.0 / 3.0;
  return std::max(1.0 / 3.0, static_cast<double>(points) / (3.0 * played));
}

Rate to_rate(double share) { return static_cast<Rate>(std::llround(share * static_cast<double>(kRateScale))); }

// Mean of the opponents' shares (MWP or GWP); no opponent at all (only byes
// or missed rounds) gives the floor, so such a player is not ranked below
// everyone by a tiebreaker they could not earn.
template <typename ShareOf>
Rate opponents_mean(const Tally& t, ShareOf share_of) {
  if (t.opponents.empty()) return to_rate(1.0 / 3.0);
  double sum = 0;
  for (PlayerId o : t.opponents) sum += share_of(o);
  return to_rate(sum / static_cast<double>(t.opponents.size()));
}

bool ranks_before(const Standing& a, const Standing& b, const std::map<PlayerId, int>& registration) {
  if (a.match_points != b.match_points) return a.match_points > b.match_points;
  if (a.omw != b.omw) return a.omw > b.omw;
  if (a.gwp != b.gwp) return a.gwp > b.gwp;
  if (a.ogw != b.ogw) return a.ogw > b.ogw;
  if (a.tie_key != b.tie_key) return a.tie_key < b.tie_key;
  return registration.at(a.player) < registration.at(b.player);
}

}  // namespace

std::uint64_t standings_tie_key(const rules::Seed& seed, int registration) {
  std::string data(seed.bytes.begin(), seed.bytes.end());
  data += "tie:" + std::to_string(registration);
  const auto digest = rules::sha256(data);
  std::uint64_t key = 0;
  for (int i = 0; i < 8; ++i) key = (key << 8) | digest[i];
  return key;
}

std::vector<Standing> compute_standings(const Tournament& tournament) {
  std::map<PlayerId, Tally> tallies;
  std::map<PlayerId, int> registration;
  const int rounds_paired = static_cast<int>(tournament.rounds().size());
  for (const Player& p : tournament.players()) {
    registration[p.id] = p.registration;
    add_missed_rounds(tallies[p.id], p, rounds_paired);
  }
  for (const Round& round : tournament.rounds()) {
    for (const Pairing& pairing : round.pairings) add_pairing(tallies, pairing);
  }
  auto mwp = [&](PlayerId id) { return floored_share(tallies[id].match_points, tallies[id].rounds); };
  auto gwp = [&](PlayerId id) { return floored_share(tallies[id].game_points, tallies[id].games); };

  std::vector<Standing> out;
  for (const Player& p : tournament.players()) {
    const Tally& t = tallies[p.id];
    Standing s;
    s.player = p.id;
    s.match_points = t.match_points;
    s.game_points = t.game_points;
    s.rounds_played = t.rounds;
    s.games_played = t.games;
    s.wins = t.wins;
    s.draws = t.draws;
    s.losses = t.losses;
    s.byes = t.byes;
    s.mwp = to_rate(mwp(p.id));
    s.gwp = to_rate(gwp(p.id));
    s.omw = opponents_mean(t, mwp);
    s.ogw = opponents_mean(t, gwp);
    s.tie_key = standings_tie_key(tournament.options().seed, p.registration);
    s.dropped = p.dropped;
    out.push_back(s);
  }
  std::sort(out.begin(), out.end(),
            [&](const Standing& a, const Standing& b) { return ranks_before(a, b, registration); });
  for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i) + 1;
  return out;
}

}  // namespace concord::tournament
