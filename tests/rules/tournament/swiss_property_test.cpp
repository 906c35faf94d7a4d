// Swiss pairing properties over thousands of seeded random tournaments
// (2 to 500 players, best of 1/3/5, random results, drops and late
// entries). A failure names its tournament index; the same index replays it.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>
#include <map>
#include <random>
#include <set>

#include "concord/tournament/standings.hpp"
#include "concord/tournament/swiss.hpp"

namespace concord::tournament {
namespace {

using Met = std::set<std::pair<PlayerId, PlayerId>>;

std::pair<PlayerId, PlayerId> key(PlayerId a, PlayerId b) { return {std::min(a, b), std::max(a, b)}; }

Met pairs_met(const Tournament& t) {
  Met met;
  for (const Round& r : t.rounds()) {
    for (const Pairing& p : r.pairings) {
      if (!p.is_bye()) met.insert(key(p.first, *p.second));
    }
  }
  return met;
}

// Is there a pairing of `players` with no pair in `met`? (Boost's Edmonds
// maximum-cardinality matching on the graph of allowed pairs.)
bool rematch_free_pairing_exists(const std::vector<PlayerId>& players, const Met& met) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
  Graph g(players.size());
  for (std::size_t i = 0; i < players.size(); ++i) {
    for (std::size_t j = i + 1; j < players.size(); ++j) {
      if (!met.count(key(players[i], players[j]))) boost::add_edge(i, j, g);
    }
  }
  std::vector<boost::graph_traits<Graph>::vertex_descriptor> mate(players.size());
  boost::edmonds_maximum_cardinality_matching(g, &mate[0]);
  return 2 * boost::matching_size(g, &mate[0]) == players.size();
}

struct Simulation {
  std::mt19937_64 rng;
  Tournament t;
  PlayerId next_id = 1;
};

void play_round_randomly(Simulation& sim) {
  const Round& round = sim.t.rounds().back();
  for (std::size_t i = 0; i < round.pairings.size(); ++i) {
    if (round.pairings[i].is_bye()) continue;
    const int table = static_cast<int>(i);
    while (!sim.t.rounds().back().pairings[i].match.over()) {
      const auto roll = sim.rng() % 20;
      if (roll == 0) {
        ASSERT_FALSE(sim.t.end_match(table));  // time: the match ends as it stands
      } else if (roll == 1) {
        ASSERT_FALSE(sim.t.record_game(table, GameResult::drawn()));
      } else {
        ASSERT_FALSE(sim.t.record_game(table, GameResult::won_by(roll % 2 ? Side::First : Side::Second)));
      }
    }
  }
}

// The checks on one freshly paired Swiss round, given the standings and
// pairs met before it.
void check_round(const Tournament& t, const std::vector<Standing>& before, const Met& met_before,
                 const std::string& where) {
  const Round& round = t.rounds().back();
  std::map<PlayerId, const Standing*> standing;
  std::map<PlayerId, int> points;
  for (const auto& s : before) {
    standing[s.player] = &s;
    points[s.player] = s.match_points;
  }
  // Every player still in is paired exactly once; nobody else is.
  std::multiset<PlayerId> seen;
  int byes = 0;
  std::optional<PlayerId> bye;
  for (const Pairing& p : round.pairings) {
    seen.insert(p.first);
    if (p.is_bye()) {
      ++byes;
      bye = p.first;
    } else {
      seen.insert(*p.second);
    }
  }
  const auto active = t.active_players();
  ASSERT_EQ(seen.size(), active.size()) << where;
  for (PlayerId id : active) ASSERT_EQ(seen.count(id), 1u) << where << " player " << id;
  // At most one bye, only when the count is odd.
  ASSERT_EQ(byes, static_cast<int>(active.size() % 2)) << where;
  if (round.number == 1) return;
  // The bye goes to the lowest-ranked player without one (so nobody gets a
  // second while someone still has none).
  if (bye) {
    std::optional<PlayerId> expected;
    std::optional<PlayerId> lowest;
    for (const auto& s : before) {
      if (s.dropped) continue;
      lowest = s.player;
      if (s.byes == 0) expected = s.player;
    }
    EXPECT_EQ(*bye, expected.value_or(*lowest)) << where;
  }
  // No rematch unless every pairing of these players has one.
  std::vector<PlayerId> paired;
  std::vector<std::pair<PlayerId, PlayerId>> tables;
  int rematches = 0;
  for (const Pairing& p : round.pairings) {
    if (p.is_bye()) continue;
    paired.push_back(p.first);
    paired.push_back(*p.second);
    tables.emplace_back(p.first, *p.second);
    rematches += met_before.count(key(p.first, *p.second)) ? 1 : 0;
  }
  if (rematches > 0) {
    EXPECT_FALSE(rematch_free_pairing_exists(paired, met_before)) << where;
  }
  // Pair-downs cross one score group unless no swap of partners with another
  // table can avoid it without a rematch: a swap that does always lowers
  // the sum of squared point differences, which the matching minimises.
  std::set<int> distinct;
  for (PlayerId id : paired) distinct.insert(points[id]);
  std::vector<int> groups(distinct.rbegin(), distinct.rend());
  auto group_of = [&](PlayerId id) {
    return static_cast<int>(std::find(groups.begin(), groups.end(), points[id]) - groups.begin());
  };
  auto d2 = [&](PlayerId a, PlayerId b) { return (points[a] - points[b]) * (points[a] - points[b]); };
  for (const auto& [a, b] : tables) {
    if (std::abs(group_of(a) - group_of(b)) <= 1) continue;
    for (const auto& [c, d] : tables) {
      if (a == c) continue;
      const int now = d2(a, b) + d2(c, d);
      const bool swap1 = !met_before.count(key(a, c)) && !met_before.count(key(b, d)) && d2(a, c) + d2(b, d) < now;
      const bool swap2 = !met_before.count(key(a, d)) && !met_before.count(key(b, c)) && d2(a, d) + d2(b, c) < now;
      EXPECT_FALSE(swap1 || swap2) << where << ": pair-down " << a << "-" << b << " fixable with " << c << "-" << d;
    }
  }
}

void run_tournament(std::uint64_t index, int players, bool check) {
  Simulation sim{std::mt19937_64(index), std::get<Tournament>(Tournament::create({})), 1};
  TournamentOptions options;
  for (int i = 0; i < 32; ++i) options.seed.bytes[i] = static_cast<std::uint8_t>(sim.rng());
  options.best_of = std::array<int, 3>{1, 3, 5}[sim.rng() % 3];
  sim.t = std::get<Tournament>(Tournament::create(options));
  for (int i = 0; i < players; ++i) ASSERT_FALSE(sim.t.register_player(sim.next_id++));
  const std::string name = "tournament " + std::to_string(index) + " (" + std::to_string(players) + " players)";
  while (!sim.t.finished()) {
    // Random drops (about 1 in 25 per round) and, rarely, a late entry.
    for (PlayerId id : sim.t.active_players()) {
      if (sim.rng() % 25 == 0 && sim.t.active_players().size() > 2) {
        ASSERT_FALSE(sim.t.drop(id));
      }
    }
    if (sim.rng() % 10 == 0) {
      ASSERT_FALSE(sim.t.register_player(sim.next_id++));
    }
    const auto before = compute_standings(sim.t);
    const Met met = pairs_met(sim.t);
    ASSERT_FALSE(sim.t.pair_next_round()) << name;
    if (check) check_round(sim.t, before, met, name + " round " + std::to_string(sim.t.rounds().size()));
    play_round_randomly(sim);
  }
}

// Mostly small events (where rematches and pair-downs bind) and some up to 500.
int field_size(std::uint64_t index) {
  std::mt19937_64 rng(index * 7919 + 1);
  if (index % 25 == 0) return 65 + static_cast<int>(rng() % 436);
  return 2 + static_cast<int>(rng() % 63);
}

#ifdef CONCORD_SANITIZED_BUILD
constexpr std::uint64_t kTournaments = 300;
#else
constexpr std::uint64_t kTournaments = 2000;
#endif

TEST(SwissProperties, RandomTournamentsKeepEveryPairingRule) {
  for (std::uint64_t i = 0; i < kTournaments; ++i) {
    run_tournament(i, field_size(i), true);
    if (HasFatalFailure() || HasNonfatalFailure()) return;
  }
}

// The larger sweep: ten times as many, run by hand (--gtest_also_run_disabled_tests).
TEST(SwissProperties, DISABLED_ManyMoreRandomTournaments) {
  for (std::uint64_t i = kTournaments; i < 11 * kTournaments; ++i) {
    run_tournament(i, field_size(i), true);
    if (HasFatalFailure() || HasNonfatalFailure()) return;
  }
}

std::vector<std::vector<std::pair<PlayerId, std::optional<PlayerId>>>> pairings_of(const Tournament& t) {
  std::vector<std::vector<std::pair<PlayerId, std::optional<PlayerId>>>> out;
  for (const Round& r : t.rounds()) {
    out.emplace_back();
    for (const Pairing& p : r.pairings) out.back().emplace_back(p.first, p.second);
  }
  return out;
}

Tournament simulate(std::uint8_t seed_byte, std::uint64_t results_seed, int players) {
  TournamentOptions options;
  options.seed.bytes[3] = seed_byte;
  Simulation sim{std::mt19937_64(results_seed), std::get<Tournament>(Tournament::create(options)), 1};
  for (int i = 0; i < players; ++i) (void)sim.t.register_player(sim.next_id++);
  while (!sim.t.finished()) {
    (void)sim.t.pair_next_round();
    play_round_randomly(sim);
  }
  return sim.t;
}

TEST(SwissDeterminism, SameSeedAndResultsGiveTheSamePairings) {
  for (int players : {7, 32, 150}) {
    const Tournament a = simulate(1, 99, players);
    const Tournament b = simulate(1, 99, players);
    EXPECT_EQ(pairings_of(a), pairings_of(b)) << players;
    const Tournament c = simulate(2, 99, players);
    EXPECT_NE(pairings_of(a).front(), pairings_of(c).front()) << "another seed, another round 1";
  }
}

TEST(SwissPairing, ByeGoesToLowestRankedWithoutOneAndPairsStayInScoreGroups) {
  // Ranked field: 9, 9, 6, 6, 6 (has had a bye), 3, 3 points; 7 players.
  std::vector<SwissEntrant> ranked{{1, 9, false, {}}, {2, 9, false, {}}, {3, 6, false, {}}, {4, 6, false, {}},
                                   {5, 6, true, {}},  {6, 3, false, {}}, {7, 3, true, {}}};
  const auto pairs = pair_swiss_round(ranked, rules::Seed{}, 4);
  EXPECT_EQ(pairs.bye, 6);  // 7 had one already
  const std::set<std::pair<PlayerId, PlayerId>> tables(pairs.tables.begin(), pairs.tables.end());
  EXPECT_TRUE(tables.count({1, 2}));
  // 3, 4, 5 and 7 remain: one of the 6-pointers pairs down to 7.
  int pair_downs = 0;
  for (const auto& [a, b] : pairs.tables) pair_downs += b == 7 ? 1 : 0;
  EXPECT_EQ(pair_downs, 1);
}

TEST(SwissPairing, AvoidsARematchByPairingDown) {
  // 1 and 2 lead and have met; each pairs down instead of meeting again.
  std::vector<SwissEntrant> ranked{{1, 6, false, {2}}, {2, 6, false, {1}}, {3, 3, false, {}}, {4, 3, false, {}}};
  const auto pairs = pair_swiss_round(ranked, rules::Seed{}, 3);
  for (const auto& [a, b] : pairs.tables) EXPECT_NE(key(a, b), key(1, 2));
}

TEST(SwissPairing, LargeFieldsArePairedInWindowsWithTheSameRules) {
  run_tournament(424242, 1500, true);
}

}  // namespace
}  // namespace concord::tournament
