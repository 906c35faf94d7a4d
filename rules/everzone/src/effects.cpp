#include "concord/everzone/effects.hpp"

#include <algorithm>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"

namespace concord::everzone {
namespace {

bool in(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool in_zone(const GameState& s, int instance, std::vector<int> PlayerState::* zone) {
  return std::any_of(s.players.begin(), s.players.end(), [&](const PlayerState& p) { return in(p.*zone, instance); });
}

bool is_support(const CardDb& db, const GameState& s, int instance) {
  return db.at(s.card_of.at(static_cast<std::size_t>(instance))).kind == CardKind::Support;
}

void add(Values& v, Stat stat, int amount) {
  switch (stat) {
    case Stat::Attack: v.attack += amount; break;
    case Stat::Defense: v.defense += amount; break;
    case Stat::Target: v.target += amount; break;
  }
}

}  // namespace

bool effect_applies_now(const CardDb& db, const GameState& state, const Effect& e) {
  if (e.lasts == Lasts::Battle) return true;
  if (e.source < 0) return false;
  if (is_support(db, state, e.source)) return in_zone(state, e.source, &PlayerState::supports);
  return in_zone(state, e.source, &PlayerState::active);
}

bool source_in_play(const CardDb& db, const GameState& state, const Effect& e) {
  if (e.lasts == Lasts::Battle) return true;
  if (e.source < 0) return false;
  if (is_support(db, state, e.source)) return in_zone(state, e.source, &PlayerState::supports);
  return in_zone(state, e.source, &PlayerState::active) || in_zone(state, e.source, &PlayerState::withdrawn);
}

Values unit_values(const CardDb& db, const GameState& state, int instance) {
  Values v = db.at(state.card_of.at(static_cast<std::size_t>(instance))).values;
  for (const auto& e : state.lingering)
    if (e.change == Change::Add && in(e.cards, instance) && effect_applies_now(db, state, e)) add(v, e.stat, e.amount);
  return v;
}

bool has_marker(const CardDb& db, const GameState& state, int instance, Change change) {
  return std::any_of(state.lingering.begin(), state.lingering.end(), [&](const Effect& e) {
    return e.change == change && in(e.cards, instance) && effect_applies_now(db, state, e);
  });
}

void purge_effects(const CardDb& db, GameState& state) {
  auto in_play = [&](int c) {
    return in_zone(state, c, &PlayerState::active) || in_zone(state, c, &PlayerState::withdrawn);
  };
  for (auto& e : state.lingering)
    if (e.change != Change::Control) std::erase_if(e.cards, [&](int c) { return !in_play(c); });
  std::erase_if(state.lingering, [&](const Effect& e) {
    return e.change != Change::Control && (e.cards.empty() || !source_in_play(db, state, e));
  });
}

void end_effects(GameState& state, Lasts lasts) {
  std::erase_if(state.lingering, [&](const Effect& e) { return e.lasts == lasts && e.change != Change::Control; });
}

std::vector<int> captured_units(const GameState& state) {
  std::vector<int> out;
  for (const auto& e : state.lingering)
    if (e.change == Change::Control) out.insert(out.end(), e.cards.begin(), e.cards.end());
  return out;
}

const char* stat_name(Stat stat) {
  switch (stat) {
    case Stat::Attack: return "attack";
    case Stat::Defense: return "defense";
    case Stat::Target: return "target";
  }
  return "?";
}

const char* lasts_name(Lasts lasts) {
  switch (lasts) {
    case Lasts::Source: return "source";
    case Lasts::Turn: return "turn";
    case Lasts::Battle: return "battle";
  }
  return "?";
}

const char* change_name(const Effect& e) {
  switch (e.change) {
    case Change::Add: return stat_name(e.stat);
    case Change::Redeploy: return "redeploy";
    case Change::OutOfArmy: return "out_of_army";
    case Change::Control: return "control";
  }
  return "?";
}

}  // namespace concord::everzone
