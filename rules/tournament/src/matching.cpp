// Edmonds' blossom algorithm with dual variables (see matching.hpp). The
// structure follows Van Rantwijk's well-known mwmatching formulation so that
// it can be read against it: vertices 0..n-1, blossoms n..2n-1; edge k has the
// endpoints 2k (its u side) and 2k+1 (its v side), so p^1 is the other end.
// Labels: 0 free, 1 S (outer), 2 T (inner); 5 marks a blossom during a scan.
// Weights are doubled on the way in so that every dual stays an integer.
#include "concord/tournament/matching.hpp"

#include <algorithm>
#include <optional>

namespace concord::tournament {

namespace {

class BlossomMatcher {
 public:
  BlossomMatcher(int n, const std::vector<WeightedEdge>& edges, bool max_cardinality)
      : n_(n), max_cardinality_(max_cardinality) {
    std::int64_t max_weight = 0;
    for (const auto& e : edges) {
      edges_.push_back({e.u, e.v, 2 * e.weight});
      max_weight = std::max(max_weight, 2 * e.weight);
    }
    endpoint_.resize(2 * edges_.size());
    neighbend_.resize(n);
    for (std::size_t k = 0; k < edges_.size(); ++k) {
      const int kk = static_cast<int>(k);
      endpoint_[2 * k] = edges_[k].u;
      endpoint_[2 * k + 1] = edges_[k].v;
      neighbend_[edges_[k].u].push_back(2 * kk + 1);
      neighbend_[edges_[k].v].push_back(2 * kk);
    }
    mate_.assign(n, -1);
    label_.assign(2 * n, 0);
    labelend_.assign(2 * n, -1);
    inblossom_.resize(n);
    for (int v = 0; v < n; ++v) inblossom_[v] = v;
    blossomparent_.assign(2 * n, -1);
    blossomchilds_.assign(2 * n, {});
    blossombase_.assign(2 * n, -1);
    for (int v = 0; v < n; ++v) blossombase_[v] = v;
    blossomendps_.assign(2 * n, {});
    bestedge_.assign(2 * n, -1);
    blossombestedges_.assign(2 * n, std::nullopt);
    for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
    dualvar_.assign(2 * n, 0);
    for (int v = 0; v < n; ++v) dualvar_[v] = max_weight;
    allowedge_.assign(edges_.size(), false);
  }

  std::vector<int> run() {
    for (int stage = 0; stage < n_; ++stage) {
      if (!augment_once()) break;
      expand_zero_dual_s_blossoms();
    }
    std::vector<int> result(n_, -1);
    for (int v = 0; v < n_; ++v) {
      if (mate_[v] >= 0) result[v] = endpoint_[mate_[v]];
    }
    return result;
  }

 private:
  struct Edge {
    int u, v;
    std::int64_t w;
  };

  // Python-style index: negative j counts from the end of the cycle.
  static int& cyc(std::vector<int>& list, int j) {
    const int size = static_cast<int>(list.size());
    return list[((j % size) + size) % size];
  }

  std::int64_t slack(int k) const {
    return dualvar_[edges_[k].u] + dualvar_[edges_[k].v] - 2 * edges_[k].w;
  }

  void leaves(int b, std::vector<int>& out) const {
    if (b < n_) {
      out.push_back(b);
      return;
    }
    for (int t : blossomchilds_[b]) leaves(t, out);
  }

  std::vector<int> leaves(int b) const {
    std::vector<int> out;
    leaves(b, out);
    return out;
  }

  void assign_label(int w, int t, int p) {
    const int b = inblossom_[w];
    label_[w] = label_[b] = t;
    labelend_[w] = labelend_[b] = p;
    bestedge_[w] = bestedge_[b] = -1;
    if (t == 1) {
      leaves(b, queue_);
    } else if (t == 2) {
      const int base = blossombase_[b];
      assign_label(endpoint_[mate_[base]], 1, mate_[base] ^ 1);
    }
  }

  // Walks up from v and w alternately; returns the base of a new blossom, or
  // -1 when the two roots differ (an augmenting path).
  int scan_blossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = inblossom_[v];
      if (label_[b] & 4) {
        base = blossombase_[b];
        break;
      }
      path.push_back(b);
      label_[b] = 5;
      if (labelend_[b] == -1) {
        v = -1;
      } else {
        v = endpoint_[labelend_[b]];
        b = inblossom_[v];
        v = endpoint_[labelend_[b]];
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = 1;
    return base;
  }

  void add_blossom(int base, int k) {
    int v = edges_[k].u;
    int w = edges_[k].v;
    const int bb = inblossom_[base];
    int bv = inblossom_[v];
    int bw = inblossom_[w];
    const int b = unused_.back();
    unused_.pop_back();
    blossombase_[b] = base;
    blossomparent_[b] = -1;
    blossomparent_[bb] = b;
    std::vector<int> path;
    std::vector<int> endps;
    while (bv != bb) {
      blossomparent_[bv] = b;
      path.push_back(bv);
      endps.push_back(labelend_[bv]);
      v = endpoint_[labelend_[bv]];
      bv = inblossom_[v];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      blossomparent_[bw] = b;
      path.push_back(bw);
      endps.push_back(labelend_[bw] ^ 1);
      w = endpoint_[labelend_[bw]];
      bw = inblossom_[w];
    }
    blossomchilds_[b] = path;
    blossomendps_[b] = endps;
    label_[b] = 1;
    labelend_[b] = labelend_[bb];
    dualvar_[b] = 0;
    for (int leaf : leaves(b)) {
      if (label_[inblossom_[leaf]] == 2) queue_.push_back(leaf);
      inblossom_[leaf] = b;
    }
    compute_blossom_best_edges(b, path);
  }

  // The least-slack edge from the new blossom b to each other S-blossom.
  void compute_blossom_best_edges(int b, const std::vector<int>& path) {
    std::vector<int> bestedgeto(2 * n_, -1);
    for (int child : path) {
      std::vector<int> candidates;
      if (blossombestedges_[child]) {
        candidates = *blossombestedges_[child];
      } else {
        for (int leaf : leaves(child)) {
          for (int p : neighbend_[leaf]) candidates.push_back(p / 2);
        }
      }
      for (int k : candidates) {
        int i = edges_[k].u;
        int j = edges_[k].v;
        if (inblossom_[j] == b) std::swap(i, j);
        const int bj = inblossom_[j];
        if (bj != b && label_[bj] == 1 && (bestedgeto[bj] == -1 || slack(k) < slack(bestedgeto[bj]))) {
          bestedgeto[bj] = k;
        }
      }
      blossombestedges_[child].reset();
      bestedge_[child] = -1;
    }
    std::vector<int> best;
    for (int k : bestedgeto) {
      if (k != -1) best.push_back(k);
    }
    bestedge_[b] = -1;
    for (int k : best) {
      if (bestedge_[b] == -1 || slack(k) < slack(bestedge_[b])) bestedge_[b] = k;
    }
    blossombestedges_[b] = std::move(best);
  }

  void expand_blossom(int b, bool endstage) {
    for (int s : blossomchilds_[b]) {
      blossomparent_[s] = -1;
      if (s < n_) {
        inblossom_[s] = s;
      } else if (endstage && dualvar_[s] == 0) {
        expand_blossom(s, endstage);
      } else {
        for (int leaf : leaves(s)) inblossom_[leaf] = s;
      }
    }
    if (!endstage && label_[b] == 2) relabel_expanded_t_blossom(b);
    label_[b] = labelend_[b] = -1;
    blossomchilds_[b].clear();
    blossomendps_[b].clear();
    blossombase_[b] = -1;
    blossombestedges_[b].reset();
    bestedge_[b] = -1;
    unused_.push_back(b);
  }

  // A walk around a blossom's cycle from child position i to its base (position
  // 0) along the even-length side: from an odd position forward (j counted
  // from -size), from an even one backward; `endptrick` picks which end of
  // each cycle edge the walk takes.
  struct BlossomWalk {
    int j;
    int step;
    int endptrick;
  };
  static BlossomWalk walk_from(int i, std::size_t size) {
    if (i & 1) return {i - static_cast<int>(size), 1, 0};
    return {i, -1, 1};
  }

  // A T-blossom expanded mid-stage: its children on the even path from the
  // entry child to the base become alternately T and S again.
  void relabel_expanded_t_blossom(int b) {
    auto& childs = blossomchilds_[b];
    auto& endps = blossomendps_[b];
    const int entrychild = inblossom_[endpoint_[labelend_[b] ^ 1]];
    auto [j, jstep, endptrick] =
        walk_from(static_cast<int>(std::find(childs.begin(), childs.end(), entrychild) - childs.begin()), childs.size());
    int p = labelend_[b];
    while (j != 0) {
      label_[endpoint_[p ^ 1]] = 0;
      label_[endpoint_[cyc(endps, j - endptrick) ^ endptrick ^ 1]] = 0;
      assign_label(endpoint_[p ^ 1], 2, p);
      allowedge_[cyc(endps, j - endptrick) / 2] = true;
      j += jstep;
      p = cyc(endps, j - endptrick) ^ endptrick;
      allowedge_[p / 2] = true;
      j += jstep;
    }
    int bv = cyc(childs, j);
    label_[endpoint_[p ^ 1]] = label_[bv] = 2;
    labelend_[endpoint_[p ^ 1]] = labelend_[bv] = p;
    bestedge_[bv] = -1;
    j += jstep;
    while (cyc(childs, j) != entrychild) {
      bv = cyc(childs, j);
      if (label_[bv] == 1) {
        j += jstep;
        continue;
      }
      int labelled = -1;
      for (int leaf : leaves(bv)) {
        if (label_[leaf] != 0) {
          labelled = leaf;
          break;
        }
      }
      if (labelled != -1) {
        label_[labelled] = 0;
        label_[endpoint_[mate_[blossombase_[bv]]]] = 0;
        assign_label(labelled, 2, labelend_[labelled]);
      }
      j += jstep;
    }
  }

  // Swaps matched and unmatched edges inside blossom b so that v becomes its base.
  void augment_blossom(int b, int v) {
    int t = v;
    while (blossomparent_[t] != b) t = blossomparent_[t];
    if (t >= n_) augment_blossom(t, v);
    auto& childs = blossomchilds_[b];
    auto& endps = blossomendps_[b];
    const int i = static_cast<int>(std::find(childs.begin(), childs.end(), t) - childs.begin());
    auto [j, jstep, endptrick] = walk_from(i, childs.size());
    while (j != 0) {
      j += jstep;
      t = cyc(childs, j);
      const int p = cyc(endps, j - endptrick) ^ endptrick;
      if (t >= n_) augment_blossom(t, endpoint_[p]);
      j += jstep;
      t = cyc(childs, j);
      if (t >= n_) augment_blossom(t, endpoint_[p ^ 1]);
      mate_[endpoint_[p]] = p ^ 1;
      mate_[endpoint_[p ^ 1]] = p;
    }
    std::rotate(childs.begin(), childs.begin() + i, childs.end());
    std::rotate(endps.begin(), endps.begin() + i, endps.end());
    blossombase_[b] = blossombase_[childs[0]];
  }

  void augment_matching(int k) {
    const int ends[2][2] = {{edges_[k].u, 2 * k + 1}, {edges_[k].v, 2 * k}};
    for (const auto& start : ends) {
      int s = start[0];
      int p = start[1];
      for (;;) {
        const int bs = inblossom_[s];
        if (bs >= n_) augment_blossom(bs, s);
        mate_[s] = p;
        if (labelend_[bs] == -1) break;
        const int t = endpoint_[labelend_[bs]];
        const int bt = inblossom_[t];
        s = endpoint_[labelend_[bt]];
        const int j = endpoint_[labelend_[bt] ^ 1];
        if (bt >= n_) augment_blossom(bt, j);
        mate_[j] = labelend_[bt];
        p = labelend_[bt] ^ 1;
      }
    }
  }

  void reset_stage() {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestedge_.begin(), bestedge_.end(), -1);
    for (int b = n_; b < 2 * n_; ++b) blossombestedges_[b].reset();
    std::fill(allowedge_.begin(), allowedge_.end(), false);
    queue_.clear();
    for (int v = 0; v < n_; ++v) {
      if (mate_[v] == -1 && label_[inblossom_[v]] == 0) assign_label(v, 1, -1);
    }
  }

  // Grows alternating trees from the S-vertices in the queue; true once an
  // augmenting path was found and applied.
  bool scan_queue() {
    while (!queue_.empty()) {
      const int v = queue_.back();
      queue_.pop_back();
      for (int p : neighbend_[v]) {
        const int k = p / 2;
        const int w = endpoint_[p];
        if (inblossom_[v] == inblossom_[w]) continue;
        std::int64_t kslack = 0;
        if (!allowedge_[k]) {
          kslack = slack(k);
          if (kslack <= 0) allowedge_[k] = true;
        }
        if (allowedge_[k]) {
          if (label_[inblossom_[w]] == 0) {
            assign_label(w, 2, p ^ 1);
          } else if (label_[inblossom_[w]] == 1) {
            const int base = scan_blossom(v, w);
            if (base >= 0) {
              add_blossom(base, k);
            } else {
              augment_matching(k);
              return true;
            }
          } else if (label_[w] == 0) {
            label_[w] = 2;
            labelend_[w] = p ^ 1;
          }
        } else if (label_[inblossom_[w]] == 1) {
          const int b = inblossom_[v];
          if (bestedge_[b] == -1 || kslack < slack(bestedge_[b])) bestedge_[b] = k;
        } else if (label_[w] == 0) {
          if (bestedge_[w] == -1 || kslack < slack(bestedge_[w])) bestedge_[w] = k;
        }
      }
    }
    return false;
  }

  struct Delta {
    int type = -1;
    std::int64_t amount = 0;
    int edge = -1;
    int blossom = -1;
    void offer(int t, std::int64_t d, int e, int b) {
      if (type == -1 || d < amount) *this = Delta{t, d, e, b};
    }
  };

  Delta choose_delta() const {
    Delta delta;
    if (!max_cardinality_) {
      delta = Delta{1, *std::min_element(dualvar_.begin(), dualvar_.begin() + n_), -1, -1};
    }
    for (int v = 0; v < n_; ++v) {
      if (label_[inblossom_[v]] == 0 && bestedge_[v] != -1) delta.offer(2, slack(bestedge_[v]), bestedge_[v], -1);
    }
    for (int b = 0; b < 2 * n_; ++b) {
      if (blossomparent_[b] == -1 && label_[b] == 1 && bestedge_[b] != -1) {
        delta.offer(3, slack(bestedge_[b]) / 2, bestedge_[b], -1);
      }
    }
    for (int b = n_; b < 2 * n_; ++b) {
      if (blossombase_[b] >= 0 && blossomparent_[b] == -1 && label_[b] == 2) {
        delta.offer(4, dualvar_[b], -1, b);
      }
    }
    if (delta.type == -1) {
      // Only with max_cardinality: no further progress is possible.
      const std::int64_t least = *std::min_element(dualvar_.begin(), dualvar_.begin() + n_);
      delta = Delta{1, std::max<std::int64_t>(0, least), -1, -1};
    }
    return delta;
  }

  void apply_delta(std::int64_t d) {
    for (int v = 0; v < n_; ++v) {
      if (label_[inblossom_[v]] == 1) dualvar_[v] -= d;
      else if (label_[inblossom_[v]] == 2) dualvar_[v] += d;
    }
    for (int b = n_; b < 2 * n_; ++b) {
      if (blossombase_[b] >= 0 && blossomparent_[b] == -1) {
        if (label_[b] == 1) dualvar_[b] += d;
        else if (label_[b] == 2) dualvar_[b] -= d;
      }
    }
  }

  // One stage: grow trees and adjust duals until an augmentation happens
  // (true) or the optimum is reached (false).
  bool augment_once() {
    reset_stage();
    for (;;) {
      if (scan_queue()) return true;
      const Delta delta = choose_delta();
      apply_delta(delta.amount);
      if (delta.type == 1) return false;
      if (delta.type == 2 || delta.type == 3) {
        allowedge_[delta.edge] = true;
        int i = edges_[delta.edge].u;
        if (delta.type == 2 && label_[inblossom_[i]] == 0) i = edges_[delta.edge].v;
        queue_.push_back(i);
      } else {
        expand_blossom(delta.blossom, false);
      }
    }
  }

  void expand_zero_dual_s_blossoms() {
    for (int b = n_; b < 2 * n_; ++b) {
      if (blossomparent_[b] == -1 && blossombase_[b] >= 0 && label_[b] == 1 && dualvar_[b] == 0) {
        expand_blossom(b, true);
      }
    }
  }

  int n_;
  bool max_cardinality_;
  std::vector<Edge> edges_;
  std::vector<int> endpoint_;
  std::vector<std::vector<int>> neighbend_;
  std::vector<int> mate_;
  std::vector<int> label_;
  std::vector<int> labelend_;
  std::vector<int> inblossom_;
  std::vector<int> blossomparent_;
  std::vector<std::vector<int>> blossomchilds_;
  std::vector<int> blossombase_;
  std::vector<std::vector<int>> blossomendps_;
  std::vector<int> bestedge_;
  std::vector<std::optional<std::vector<int>>> blossombestedges_;
  std::vector<int> unused_;
  std::vector<std::int64_t> dualvar_;
  std::vector<bool> allowedge_;
  std::vector<int> queue_;
};

}  // namespace

std::vector<int> max_weight_matching(int vertex_count, const std::vector<WeightedEdge>& edges,
                                     bool max_cardinality) {
  if (vertex_count <= 0) return {};
  if (edges.empty()) return std::vector<int>(vertex_count, -1);
  return BlossomMatcher(vertex_count, edges, max_cardinality).run();
}

}  // namespace concord::tournament
