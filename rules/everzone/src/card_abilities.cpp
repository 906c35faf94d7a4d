#include "card_abilities.hpp"

namespace concord::everzone {
namespace {

const Card& card_of(const CardDb& db, const GameState& s, int instance) {
  return db.at(s.card_of.at(static_cast<std::size_t>(instance)));
}

void append(std::vector<int>& out, const std::vector<int>& zone) { out.insert(out.end(), zone.begin(), zone.end()); }

}  // namespace

bool supports_blocked(const CardDb& db, const GameState& state, int seat) {
  for (int other = 0; other < static_cast<int>(state.players.size()); ++other) {
    if (other == seat) continue;
    for (int c : state.players[static_cast<std::size_t>(other)].active)
      if (card_of(db, state, c).id == "virago") return true;
  }
  return false;
}

bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units) {
  return card_of(db, state, instance).id == "sea_arrow" && opponent_units <= 3;
}

int defense_change_when_destroyed(const CardDb& db, const GameState& state, int instance) {
  return card_of(db, state, instance).id == "hantal_vexilium" ? -4 : 0;
}

TargetedEffect targeted_effect(const CardDb& db, const GameState& state, int instance) {
  const auto& id = card_of(db, state, instance).id;
  if (id == "tribe_recall") return TargetedEffect::ActivateDeployed;
  if (id == "final_protocol") return TargetedEffect::DestroyOwnAndEnemy;
  if (id == "engagement") return TargetedEffect::DestroyTwoActivateFromDeck;
  return TargetedEffect::None;
}

std::vector<int> enemy_units(const GameState& state, int seat) {
  std::vector<int> out;
  for (int other = 0; other < static_cast<int>(state.players.size()); ++other) {
    if (other == seat) continue;
    append(out, state.players[static_cast<std::size_t>(other)].active);
    append(out, state.players[static_cast<std::size_t>(other)].withdrawn);
  }
  return out;
}

std::vector<int> effect_targets(const CardDb& db, const GameState& state, int seat, TargetedEffect effect) {
  const auto& p = state.players.at(static_cast<std::size_t>(seat));
  std::vector<int> out;
  if (effect == TargetedEffect::ActivateDeployed) return p.deployed;
  if (effect == TargetedEffect::DestroyTwoActivateFromDeck && state.effect_step == 0) {
    append(out, p.active);
    append(out, p.withdrawn);
    append(out, p.deployed);
    return out;
  }
  if (effect == TargetedEffect::DestroyTwoActivateFromDeck) {
    for (int c : p.deck)
      if (card_of(db, state, c).kind == CardKind::Unit) out.push_back(c);
    return out;
  }
  if (effect != TargetedEffect::DestroyOwnAndEnemy) return out;
  append(out, p.active);
  append(out, p.withdrawn);
  append(out, enemy_units(state, seat));
  return out;
}

bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance) {
  switch (targeted_effect(db, state, instance)) {
    case TargetedEffect::None: return true;
    case TargetedEffect::ActivateDeployed: return !state.players.at(static_cast<std::size_t>(seat)).deployed.empty();
    case TargetedEffect::DestroyOwnAndEnemy: return !enemy_units(state, seat).empty();
    case TargetedEffect::DestroyTwoActivateFromDeck: {
      const auto& p = state.players.at(static_cast<std::size_t>(seat));
      bool deck_unit = false;
      for (int c : p.deck) deck_unit = deck_unit || card_of(db, state, c).kind == CardKind::Unit;
      return deck_unit && p.active.size() + p.withdrawn.size() + p.deployed.size() >= 2;
    }
  }
  return false;
}

}  // namespace concord::everzone
