// Step numbers refer to Glickman's "Example of the Glicko-2 system".
#include "concord/tournament/glicko2.hpp"

#include <algorithm>
#include <cmath>

namespace concord::tournament {

namespace {

constexpr double kScale = 173.7178;  // step 2: Glicko to Glicko-2 scale
constexpr double kPi = 3.14159265358979323846;

double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (kPi * kPi)); }
double expected(double mu, double mu_j, double phi_j) { return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j))); }

// Step 5: the new volatility, solving f(x) = 0 by the Illinois algorithm.
double new_volatility(double sigma, double phi, double v, double delta, const Glicko2Settings& s) {
  const double a = std::log(sigma * sigma);
  const double tau2 = s.tau * s.tau;
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / tau2;
  };
  double A = a;
  double B = 0;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * s.tau) < 0) ++k;
    B = a - k * s.tau;
  }
  double fA = f(A);
  double fB = f(B);
  while (std::fabs(B - A) > s.epsilon) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2.0;  // the Illinois step: keeps the bracket shrinking from both ends
    }
    B = C;
    fB = fC;
  }
  return std::exp(A / 2.0);
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             const Glicko2Settings& settings) {
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.rd / kScale;
  if (games.empty()) {
    const double grown = std::sqrt(phi * phi + player.volatility * player.volatility) * kScale;
    return {player.rating, std::min(grown, settings.max_rd), player.volatility};
  }
  double v_inv = 0;    // step 3
  double improve = 0;  // step 4: sum of g(phi_j)(s_j - E)
  for (const auto& game : games) {
    const double mu_j = (game.opponent.rating - 1500.0) / kScale;
    const double phi_j = game.opponent.rd / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inv += g(phi_j) * g(phi_j) * e * (1.0 - e);
    improve += g(phi_j) * (game.score - e);
  }
  const double v = 1.0 / v_inv;
  const double delta = v * improve;
  const double sigma = new_volatility(player.volatility, phi, v, delta, settings);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);                // step 6
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);  // step 7
  const double mu_new = mu + phi_new * phi_new * improve;
  return {kScale * mu_new + 1500.0, std::min(kScale * phi_new, settings.max_rd), sigma};  // step 8
}

void Glicko2Period::add_result(PlayerKey a, PlayerKey b, double score_of_a) { results_.push_back({a, b, score_of_a}); }

std::map<Glicko2Period::PlayerKey, Glicko2Rating> Glicko2Period::close(
    const std::map<PlayerKey, Glicko2Rating>& ratings, const Glicko2Settings& settings) const {
  auto before = [&](PlayerKey p) {
    auto it = ratings.find(p);
    return it == ratings.end() ? Glicko2Rating{} : it->second;
  };
  std::map<PlayerKey, std::vector<Glicko2Game>> games;
  for (const auto& [p, r] : ratings) games[p];
  for (const Result& r : results_) {
    games[r.a].push_back({before(r.b), r.score_of_a});
    games[r.b].push_back({before(r.a), 1.0 - r.score_of_a});
  }
  std::map<PlayerKey, Glicko2Rating> after;
  for (const auto& [p, list] : games) after[p] = glicko2_update(before(p), list, settings);
  return after;
}

}  // namespace concord::tournament
