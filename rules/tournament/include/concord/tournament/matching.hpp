// Maximum-weight matching on a general graph (Edmonds' blossom algorithm,
// primal-dual, O(V^3): Galil, "Efficient algorithms for finding maximum
// matching in graphs", 1986, in the formulation of Van Rantwijk's
// mwmatching). Integer weights only, so the result is exact.
//
// Why not boost::maximum_weighted_matching: the Boost 1.81 implementation
// (the one Debian 12 ships) crashes on the graphs Swiss pairing builds
// (an assertion at 128 vertices, a segfault at 384, even with an unlimited
// stack) and can loop forever on others; see rules/tournament/README.md and
// boostorg/graph issues 199, 223 and 399 (fixed upstream by a rewrite in a
// later Boost). Pure code cannot survive a segfault or a hang, so pairing
// uses this one; the tests check it against Boost's brute-force matcher on
// small graphs.
#pragma once

#include <cstdint>
#include <vector>

namespace concord::tournament {

struct WeightedEdge {
  int u = 0;
  int v = 0;
  std::int64_t weight = 0;  // |weight| must stay below 2^60
};

// Returns mate[v] = the vertex matched with v, or -1. With
// max_cardinality the matching has the largest possible number of edges and,
// among those, the largest total weight; without it, the largest weight.
std::vector<int> max_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges,
                                     bool max_cardinality);

}  // namespace concord::tournament
