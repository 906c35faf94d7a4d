// The blossom matcher against exhaustive search on thousands of small random
// graphs (ties, zero and negative weights, sparse and dense), and against
// Boost's own brute_force_maximum_weighted_matching as an independent check.
#include <gtest/gtest.h>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>
#include <random>

#include "concord/tournament/matching.hpp"

namespace concord::tournament {
namespace {

struct Best {
  int pairs = 0;
  std::int64_t weight = 0;
};

// Exhaustive: every matching of the graph; the best by (pairs if
// max_cardinality, then weight).
void search(int n, const std::vector<std::vector<std::int64_t>>& w, const std::vector<std::vector<bool>>& has,
            std::vector<bool>& used, int from, Best cur, Best& best, bool max_cardinality) {
  auto better = [&](const Best& a, const Best& b) {
    if (max_cardinality && a.pairs != b.pairs) return a.pairs > b.pairs;
    return a.weight > b.weight;
  };
  if (better(cur, best)) best = cur;
  int v = from;
  while (v < n && used[v]) ++v;
  if (v >= n) return;
  used[v] = true;
  search(n, w, has, used, v + 1, cur, best, max_cardinality);  // v stays single
  for (int u = v + 1; u < n; ++u) {
    if (used[u] || !has[v][u]) continue;
    used[u] = true;
    search(n, w, has, used, v + 1, Best{cur.pairs + 1, cur.weight + w[v][u]}, best, max_cardinality);
    used[u] = false;
  }
  used[v] = false;
}

struct RandomGraph {
  int n;
  std::vector<WeightedEdge> edges;
  std::vector<std::vector<std::int64_t>> w;
  std::vector<std::vector<bool>> has;
};

RandomGraph random_graph(std::mt19937_64& rng, bool allow_negative) {
  RandomGraph g;
  g.n = 1 + static_cast<int>(rng() % 10);
  g.w.assign(g.n, std::vector<std::int64_t>(g.n, 0));
  g.has.assign(g.n, std::vector<bool>(g.n, false));
  const int density = 1 + static_cast<int>(rng() % 10);
  const int range = rng() % 2 ? 3 : 1000;  // few distinct weights: many ties
  for (int i = 0; i < g.n; ++i) {
    for (int j = i + 1; j < g.n; ++j) {
      if (static_cast<int>(rng() % 10) >= density) continue;
      std::int64_t weight = static_cast<std::int64_t>(rng() % range);
      if (allow_negative) weight -= range / 2;
      g.edges.push_back({i, j, weight});
      g.w[i][j] = g.w[j][i] = weight;
      g.has[i][j] = g.has[j][i] = true;
    }
  }
  return g;
}

Best measure(const RandomGraph& g, const std::vector<int>& mate) {
  Best b;
  for (int v = 0; v < g.n; ++v) {
    if (mate[v] < 0) continue;
    EXPECT_EQ(mate[mate[v]], v);
    EXPECT_TRUE(g.has[v][mate[v]]);
    if (mate[v] > v) {
      ++b.pairs;
      b.weight += g.w[v][mate[v]];
    }
  }
  return b;
}

TEST(Matching, EqualsExhaustiveSearchOnSmallRandomGraphs) {
  std::mt19937_64 rng(20240601);
  for (int trial = 0; trial < 3000; ++trial) {
    const bool max_cardinality = trial % 2 == 1;
    const RandomGraph g = random_graph(rng, trial % 3 == 0);
    Best best;
    std::vector<bool> used(g.n, false);
    search(g.n, g.w, g.has, used, 0, Best{}, best, max_cardinality);
    const Best got = measure(g, max_weight_matching(g.n, g.edges, max_cardinality));
    if (max_cardinality) {
      EXPECT_EQ(got.pairs, best.pairs) << "trial " << trial;
    }
    EXPECT_EQ(got.weight, best.weight) << "trial " << trial;
  }
}

TEST(Matching, AgreesWithBoostBruteForce) {
  using EdgeProperty = boost::property<boost::edge_weight_t, std::int64_t, boost::property<boost::edge_index_t, int>>;
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property, EdgeProperty>;
  std::mt19937_64 rng(77);
  for (int trial = 0; trial < 300; ++trial) {
    const RandomGraph g = random_graph(rng, false);
    Graph bg(g.n);
    for (const auto& e : g.edges) boost::add_edge(e.u, e.v, EdgeProperty(e.weight), bg);
    std::vector<boost::graph_traits<Graph>::vertex_descriptor> mate(g.n);
    boost::brute_force_maximum_weighted_matching(bg, &mate[0]);
    std::int64_t boost_weight = 0;
    for (int v = 0; v < g.n; ++v) {
      const auto m = mate[v];
      if (m != boost::graph_traits<Graph>::null_vertex() && static_cast<int>(m) > v) boost_weight += g.w[v][m];
    }
    EXPECT_EQ(measure(g, max_weight_matching(g.n, g.edges, false)).weight, boost_weight) << "trial " << trial;
  }
}

TEST(Matching, CompleteGraphWithMaxCardinalityIsPerfect) {
  std::vector<WeightedEdge> edges;
  const int n = 40;
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) edges.push_back({i, j, (i * 7 + j * 13) % 5 - 10});
  }
  const auto mate = max_weight_matching(n, edges, true);
  for (int v = 0; v < n; ++v) EXPECT_GE(mate[v], 0);
}

}  // namespace
}  // namespace concord::tournament
