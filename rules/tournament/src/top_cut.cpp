#include "concord/tournament/top_cut.hpp"

namespace concord::tournament {

// Built by doubling: each seed s of the bracket for n/2 is followed by its
// opponent n+1-s, so 1,2 -> 1,4,2,3 -> 1,8,4,5,2,7,3,6.
std::vector<int> bracket_seed_order(int size) {
  std::vector<int> order{1};
  for (int n = 2; n <= size; n *= 2) {
    std::vector<int> next;
    for (int s : order) {
      next.push_back(s);
      next.push_back(n + 1 - s);
    }
    order = std::move(next);
  }
  return order;
}

bool valid_top_cut_size(int size) { return size == 0 || (size >= 2 && (size & (size - 1)) == 0); }

std::variant<TopCut, Rejection> TopCut::create(const std::vector<PlayerId>& ranked, int size) {
  if (size < 2 || !valid_top_cut_size(size)) return Rejection{"BAD_TOP_CUT", "a top cut is 2, 4, 8, 16... players"};
  if (static_cast<int>(ranked.size()) < size) return Rejection{"NOT_ENOUGH_PLAYERS", "fewer players than the cut"};
  TopCut cut;
  const auto order = bracket_seed_order(size);
  std::vector<Match> first;
  for (std::size_t i = 0; i < order.size(); i += 2) {
    first.push_back(Match{ranked[order[i] - 1], ranked[order[i + 1] - 1], std::nullopt});
  }
  cut.rounds_.push_back(std::move(first));
  return cut;
}

std::optional<Rejection> TopCut::report_winner(int match, PlayerId winner) {
  if (champion()) return Rejection{"TOURNAMENT_OVER", "the top cut is over"};
  auto& round = rounds_.back();
  if (match < 0 || match >= static_cast<int>(round.size())) return Rejection{"NO_SUCH_MATCH", "no such match"};
  Match& m = round[match];
  if (m.winner) return Rejection{"MATCH_OVER", "this match already has its winner"};
  if (winner != m.higher_seed && winner != m.lower_seed) return Rejection{"NOT_IN_MATCH", "not a player of this match"};
  m.winner = winner;
  pair_next_round_if_done();
  return std::nullopt;
}

void TopCut::pair_next_round_if_done() {
  const auto& round = rounds_.back();
  if (round.size() < 2) return;
  for (const Match& m : round) {
    if (!m.winner) return;
  }
  std::vector<Match> next;
  for (std::size_t i = 0; i < round.size(); i += 2) next.push_back(Match{*round[i].winner, *round[i + 1].winner, std::nullopt});
  rounds_.push_back(std::move(next));
}

std::optional<PlayerId> TopCut::champion() const {
  if (rounds_.back().size() != 1) return std::nullopt;
  return rounds_.back().front().winner;
}

}  // namespace concord::tournament
