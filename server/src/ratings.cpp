#include "ratings.hpp"

#include <chrono>

#include "concord/persistence/tournament_repository.hpp"
#include "concord/tournament/glicko2.hpp"

namespace concord::server {

void rate_match(pqxx::connection& conn, const std::string& game, std::int64_t first, std::int64_t second,
                double first_score, std::int64_t match_id) {
  persistence::RatingRepository ratings(conn);
  auto current = [&](std::int64_t player) {
    tournament::Glicko2Rating r;
    if (auto stored = ratings.get(player, game)) r = {stored->rating, stored->deviation, stored->volatility};
    return r;
  };
  const auto a = current(first);
  const auto b = current(second);
  const auto a2 = tournament::glicko2_update(a, {{b, first_score}});
  const auto b2 = tournament::glicko2_update(b, {{a, 1.0 - first_score}});
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::system_clock::now().time_since_epoch())
                       .count();
  ratings.save({{first, game, a2.rating, a2.rd, a2.volatility, match_id, now},
                {second, game, b2.rating, b2.rd, b2.volatility, match_id, now}});
}

}  // namespace concord::server
