#include "concord/everzone/army.hpp"

namespace concord::everzone {

const Card& Army::card(int instance) const {
  return db_.at(state_.card_of.at(static_cast<std::size_t>(instance)));
}

int Army::limit() const {
  if (state_.location < 0 || state_.turn < 1) return 0;
  const auto& limits = db_.at(state_.location).limits;
  const auto i = static_cast<std::size_t>(state_.turn - 1);
  return i < limits.size() ? limits[i] : limits.back();
}

int Army::resource() const {
  const auto& p = state_.players.at(static_cast<std::size_t>(seat_));
  int sum = 0;
  for (int c : p.active) sum += card(c).values.resource;
  for (int c : p.supports) sum += card(c).values.resource;
  return sum;
}

int Army::unmodified_attack() const {
  int sum = 0;
  for (int c : state_.players.at(static_cast<std::size_t>(seat_)).active) sum += card(c).values.attack;
  return sum;
}

Values Army::totals() const {
  const auto& p = state_.players.at(static_cast<std::size_t>(seat_));
  Values v;
  v.resource = resource();
  if (p.active.empty()) return v;
  auto add = [&](const Values& x) {
    v.attack += x.attack;
    v.defense += x.defense;
    v.target += x.target;
  };
  for (int c : p.active) {
    add(card(c).values);
    v.defense += state_.defense_mod.at(static_cast<std::size_t>(c));
  }
  for (int c : p.supports)
    if (card(c).implemented) add(card(c).values);
  return v;
}

}  // namespace concord::everzone
