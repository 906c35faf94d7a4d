#include "concord/everzone/army.hpp"

#include <algorithm>

#include "abilities.hpp"

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
  int sum = 0;
  for (int seat : seats()) {
    const auto& p = state_.players.at(static_cast<std::size_t>(seat));
    for (int c : p.active) sum += card(c).values.resource;
    for (int c : p.supports) sum += card(c).values.resource;
  }
  return sum;
}

int Army::unmodified_attack() const {
  int sum = 0;
  for (int seat : seats())
    for (int c : state_.players.at(static_cast<std::size_t>(seat)).active) sum += card(c).values.attack;
  return sum;
}

int Army::active_units() const {
  int n = 0;
  for (int seat : seats()) n += static_cast<int>(state_.players.at(static_cast<std::size_t>(seat)).active.size());
  return n;
}

Values Army::totals() const {
  Values v;
  v.resource = resource();
  auto add = [&](const Values& x) {
    v.attack += x.attack;
    v.defense += x.defense;
    v.target += x.target;
  };
  for (int seat : seats()) {
    const auto& p = state_.players.at(static_cast<std::size_t>(seat));
    if (p.active.empty()) continue;
    for (int c : p.active) {
      if (has_marker(db_, state_, c, Change::OutOfArmy)) continue;  // a duelist this turn
      add(unit_values(db_, state_, c));
    }
    for (int c : p.supports)
      if (card(c).implemented) add(card(c).values);
    add(army_bonus(db_, state_, seat));
  }
  return v;
}

}  // namespace concord::everzone
