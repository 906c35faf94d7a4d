#include "card_abilities.hpp"

#include <algorithm>

#include "concord/everzone/sides.hpp"

namespace concord::everzone {
namespace {

const Card& card_of(const CardDb& db, const GameState& s, int instance) {
  return db.at(s.card_of.at(static_cast<std::size_t>(instance)));
}

const std::string& id_of(const CardDb& db, const GameState& s, int instance) { return card_of(db, s, instance).id; }

const PlayerState& at(const GameState& s, int seat) { return s.players.at(static_cast<std::size_t>(seat)); }

void append(std::vector<int>& out, const std::vector<int>& zone) { out.insert(out.end(), zone.begin(), zone.end()); }

bool in(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

int count_active(const CardDb& db, const GameState& s, int seat, const char* id) {
  const auto& active = at(s, seat).active;
  return static_cast<int>(std::count_if(active.begin(), active.end(), [&](int c) { return id_of(db, s, c) == id; }));
}

}  // namespace

bool supports_blocked(const CardDb& db, const GameState& state, int seat) {
  for (int other : opponents(state, seat))
    for (int c : at(state, other).active)
      if (id_of(db, state, c) == "virago" && !in(state.just_activated, c)) return true;
  return false;
}

bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units) {
  return id_of(db, state, instance) == "sea_arrow" && opponent_units <= 3;
}

int defense_change_when_destroyed(const CardDb& db, const GameState& state, int instance) {
  return id_of(db, state, instance) == "hantal_vexilium" ? -4 : 0;
}

FirstStrike first_strike(const CardDb& db, const GameState& state, const std::vector<int>& seats) {
  FirstStrike out;
  for (int seat : seats) {
    out.attack += 2 * count_active(db, state, seat, "moray");
    out.defense -= 2 * count_active(db, state, seat, "sniper");
  }
  return out;
}

Values army_bonus(const CardDb& db, const GameState& state, int seat) {
  Values v;
  const auto& p = at(state, seat);
  const bool kept = std::any_of(p.supports.begin(), p.supports.end(), [&](int c) { return in(state.kept, c); });
  if (!kept) return v;
  v.attack = 2 * count_active(db, state, seat, "cbl");
  v.defense = 2 * count_active(db, state, seat, "lak");
  return v;
}

bool wants_kept_effects(const CardDb& db, const GameState& state, int seat) {
  return count_active(db, state, seat, "cbl") + count_active(db, state, seat, "lak") > 0;
}

TargetedEffect targeted_effect(const CardDb& db, const GameState& state, int instance) {
  const auto& id = id_of(db, state, instance);
  if (id == "tribe_recall") return TargetedEffect::ActivateDeployed;
  if (id == "final_protocol") return TargetedEffect::DestroyOwnAndEnemy;
  if (id == "engagement") return TargetedEffect::DestroyTwoActivateFromDeck;
  if (id == "orbital_void") return TargetedEffect::EnemiesDefenseDown;
  if (id == "meraud") return TargetedEffect::OwnDefenseUp;
  if (id == "ciel") return TargetedEffect::EnemyDefenseDown;
  if (id == "zarkendra") return TargetedEffect::DestroyPlayersActive;
  if (id == "jehrah") return TargetedEffect::KeepActive;
  if (id == "xenogray" || id == "kraken") return TargetedEffect::Duel;
  if (id == "medusa") return TargetedEffect::Gaze;
  if (id == "vlad") return TargetedEffect::TakeControl;
  if (id == "numen_skyblade") return TargetedEffect::TargetToAttack;
  return TargetedEffect::None;
}

bool is_single_effect(const CardDb& db, const GameState& state, int instance) {
  return card_of(db, state, instance).kind == CardKind::Support && targeted_effect(db, state, instance) != TargetedEffect::None;
}

bool has_optional_ability(const CardDb& db, const GameState& state, int instance) {
  const auto& id = id_of(db, state, instance);
  return id == "meraud" || id == "ciel" || id == "zarkendra" || id == "vlad" || id == "numen_skyblade" ||
         is_hybrid(db, state, instance);
}

bool once_per_turn(const CardDb& db, const GameState& state, int instance) {
  return is_hybrid(db, state, instance) || id_of(db, state, instance) == "numen_skyblade";
}

bool holds_captives(const CardDb& db, const GameState& state, int instance) {
  return id_of(db, state, instance) == "vlad";
}

bool is_hybrid(const CardDb& db, const GameState& state, int instance) {
  const auto& id = id_of(db, state, instance);
  return id == "xenogray" || id == "kraken" || id == "medusa";
}

bool needs_upkeep(const CardDb& db, const GameState& state, int instance) {
  return id_of(db, state, instance) == "jehrah";
}

std::vector<int> enemy_units(const GameState& state, int seat) {
  std::vector<int> out;
  for (int other : opponents(state, seat)) {
    append(out, at(state, other).active);
    append(out, at(state, other).withdrawn);
  }
  return out;
}

std::vector<int> enemy_active(const GameState& state, int seat) {
  std::vector<int> out;
  for (int other : opponents(state, seat)) append(out, at(state, other).active);
  return out;
}

std::vector<int> target_players(const GameState& state, int seat) {
  std::vector<int> out;
  for (int other : opponents(state, seat))
    if (!at(state, other).active.empty()) out.push_back(other);
  return out;
}

std::vector<int> effect_targets(const CardDb& db, const GameState& state, int seat, TargetedEffect effect) {
  const auto& p = at(state, seat);
  std::vector<int> out;
  switch (effect) {
    case TargetedEffect::ActivateDeployed: return p.deployed;
    case TargetedEffect::DestroyTwoActivateFromDeck:
      if (state.effect_step == 0) {
        append(out, p.active);
        append(out, p.withdrawn);
        append(out, p.deployed);
        return out;
      }
      for (int c : p.deck)
        if (card_of(db, state, c).kind == CardKind::Unit) out.push_back(c);
      return out;
    case TargetedEffect::DestroyOwnAndEnemy:
      // "Units under your control": active, withdrawn or deployed (ENGAGEMENT's clarification).
      append(out, p.active);
      append(out, p.withdrawn);
      append(out, p.deployed);
      append(out, enemy_units(state, seat));
      return out;
    case TargetedEffect::OwnDefenseUp: return p.active;
    case TargetedEffect::EnemyDefenseDown:
    case TargetedEffect::Duel:
    case TargetedEffect::TakeControl:
    case TargetedEffect::Gaze: return enemy_active(state, seat);
    case TargetedEffect::KeepActive:
      for (const auto* zone : {&p.active, &p.withdrawn, &p.deployed})
        for (int c : *zone)
          if (c != state.effect_card) out.push_back(c);
      return out;
    default: return out;
  }
}

bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance) {
  const auto& p = at(state, seat);
  switch (targeted_effect(db, state, instance)) {
    case TargetedEffect::ActivateDeployed: return !p.deployed.empty();
    case TargetedEffect::DestroyOwnAndEnemy: return !enemy_units(state, seat).empty();
    case TargetedEffect::DestroyTwoActivateFromDeck: {
      bool deck_unit = false;
      for (int c : p.deck) deck_unit = deck_unit || card_of(db, state, c).kind == CardKind::Unit;
      return deck_unit && p.active.size() + p.withdrawn.size() + p.deployed.size() >= 2;
    }
    case TargetedEffect::EnemiesDefenseDown: return !enemy_active(state, seat).empty();
    default: return true;
  }
}

bool effect_applies(const CardDb& db, const GameState& state, int seat, int instance) {
  switch (targeted_effect(db, state, instance)) {
    case TargetedEffect::OwnDefenseUp: return !at(state, seat).active.empty();
    case TargetedEffect::EnemyDefenseDown:
    case TargetedEffect::Gaze: return !enemy_active(state, seat).empty();
    case TargetedEffect::Duel:
    case TargetedEffect::TakeControl: return in(at(state, seat).active, instance) && !enemy_active(state, seat).empty();
    case TargetedEffect::DestroyPlayersActive: return !target_players(state, seat).empty();
    case TargetedEffect::KeepActive:
    case TargetedEffect::TargetToAttack: return in(at(state, seat).active, instance);
    case TargetedEffect::None: return false;
    default: return support_has_target(db, state, seat, instance);
  }
}

}  // namespace concord::everzone
