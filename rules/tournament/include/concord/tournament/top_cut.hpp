// Single-elimination top cut seeded by the final Swiss standings. Seeds meet
// in the usual bracket order (top 8: 1v8, 4v5, 2v7, 3v6), so that seeds 1 and
// 2 can only meet in the final; the winners of matches 2k and 2k+1 meet next.
#pragma once

#include <optional>
#include <variant>
#include <vector>

#include "concord/tournament/match_record.hpp"
#include "concord/tournament/tournament.hpp"

namespace concord::tournament {

// Seed numbers (1-based) in bracket order for a power-of-two size >= 2.
std::vector<int> bracket_seed_order(int size);

// True for 0 (no cut) and the powers of two from 2 up.
bool valid_top_cut_size(int size);

class TopCut {
 public:
  struct Match {
    PlayerId higher_seed = 0;
    PlayerId lower_seed = 0;
    std::optional<PlayerId> winner;
  };

  // `ranked` are the final standings, best first. BAD_TOP_CUT unless size is
  // a power of two >= 2; NOT_ENOUGH_PLAYERS when fewer are ranked.
  static std::variant<TopCut, Rejection> create(const std::vector<PlayerId>& ranked, int size);

  // Reports the winner of a match of the current bracket round. NO_SUCH_MATCH,
  // NOT_IN_MATCH, MATCH_OVER, TOURNAMENT_OVER. When the round's last match
  // ends, the next round is paired.
  std::optional<Rejection> report_winner(int match, PlayerId winner);

  const std::vector<std::vector<Match>>& rounds() const { return rounds_; }
  const std::vector<Match>& current_round() const { return rounds_.back(); }
  std::optional<PlayerId> champion() const;

 private:
  TopCut() = default;
  void pair_next_round_if_done();

  std::vector<std::vector<Match>> rounds_;
};

}  // namespace concord::tournament
