#include "abilities.hpp"

#include <algorithm>

#include "concord/everzone/army.hpp"
#include "concord/everzone/sides.hpp"

namespace concord::everzone {
namespace {

const Card& card_of(const CardDb& db, const GameState& s, int instance) {
  return db.at(s.card_of.at(static_cast<std::size_t>(instance)));
}

const PlayerState& at(const GameState& s, int seat) { return s.players.at(static_cast<std::size_t>(seat)); }

void append(std::vector<int>& out, const std::vector<int>& zone) { out.insert(out.end(), zone.begin(), zone.end()); }

bool in(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

void add(Values& v, Stat stat, int amount) {
  switch (stat) {
    case Stat::Attack: v.attack += amount; break;
    case Stat::Defense: v.defense += amount; break;
    case Stat::Target: v.target += amount; break;
  }
}

bool kept_effect(const GameState& s, int seat) {
  const auto& p = at(s, seat);
  return std::any_of(p.supports.begin(), p.supports.end(), [&](int c) { return in(s.kept, c); });
}

std::vector<int> own_units(const PlayerState& p) {
  std::vector<int> out;
  append(out, p.active);
  append(out, p.withdrawn);
  append(out, p.deployed);
  return out;
}

std::vector<int> raw_targets(const CardDb& db, const GameState& s, int seat, int instance, const Step& step) {
  const auto& p = at(s, seat);
  std::vector<int> out;
  switch (step.pick) {
    case Pick::Self:
      if (in(p.active, instance)) out.push_back(instance);
      return out;
    case Pick::OwnActive: return p.active;
    case Pick::OwnDeployed: return p.deployed;
    case Pick::OwnUnits: return own_units(p);
    case Pick::OwnOther:
      out = own_units(p);
      std::erase(out, instance);
      return out;
    case Pick::EnemyActive: return enemy_active(s, seat);
    case Pick::EnemyUnits: return enemy_units(s, seat);
    case Pick::AllActive:
      for (const auto& q : s.players) append(out, q.active);
      return out;
    case Pick::DeckUnits:
      for (int c : p.deck)
        if (card_of(db, s, c).kind == CardKind::Unit) out.push_back(c);
      return out;
    case Pick::OwnAndEnemy:
      out = own_units(p);
      append(out, enemy_units(s, seat));
      return out;
    case Pick::PlayerActive:
      for (int other : target_players(s, seat)) append(out, at(s, other).active);
      return out;
  }
  return out;
}

}  // namespace

const Ability& ability_of(const CardDb& db, const GameState& state, int instance) {
  return card_of(db, state, instance).ability;
}

int controller_of(const GameState& state, int instance) {
  for (std::size_t seat = 0; seat < state.players.size(); ++seat) {
    const auto& p = state.players[seat];
    for (const auto* zone : {&p.active, &p.withdrawn, &p.deployed})
      if (in(*zone, instance)) return static_cast<int>(seat);
  }
  return state.owner_of.at(static_cast<std::size_t>(instance));
}

int facing_units(const CardDb& db, const GameState& state, int seat) {
  const auto all = sides(state);
  const int mine = side_of(all, seat);
  if (mine >= 0 && all[static_cast<std::size_t>(mine)].target >= 0)
    return Army(db, state, all[static_cast<std::size_t>(all[static_cast<std::size_t>(mine)].target)].seats)
        .active_units();
  return Army(db, state, opponents(state, seat)).active_units();
}

bool supports_blocked(const CardDb& db, const GameState& state, int seat) {
  for (int other : opponents(state, seat))
    for (int c : at(state, other).active) {
      const auto& statics = ability_of(db, state, c).statics;
      const bool blocks = std::any_of(statics.begin(), statics.end(),
                                      [](const Static& s) { return s.kind == Passive::BlockSupports; });
      if (blocks && !in(state.just_activated, c)) return true;
    }
  return false;
}

bool cannot_be_destroyed(const CardDb& db, const GameState& state, int instance, int opponent_units) {
  for (const auto& s : ability_of(db, state, instance).statics)
    if (s.kind == Passive::Indestructible && (s.when != When::FewEnemies || opponent_units <= s.n)) return true;
  return false;
}

FirstStrike first_strike(const CardDb& db, const GameState& state, const std::vector<int>& seats) {
  FirstStrike out;
  for (int seat : seats)
    for (int c : at(state, seat).active)
      for (const auto& s : ability_of(db, state, c).statics) {
        if (s.when != When::FirstStrike) continue;
        if (s.kind == Passive::Army) add(out.own, s.stat, s.amount);
        if (s.kind == Passive::EnemyArmy) add(out.enemy, s.stat, s.amount);
      }
  return out;
}

Values army_bonus(const CardDb& db, const GameState& state, int seat) {
  Values v;
  const bool kept = kept_effect(state, seat);
  for (int c : at(state, seat).active)
    for (const auto& s : ability_of(db, state, c).statics)
      if (s.kind == Passive::Army && (s.when == When::Always || (s.when == When::KeptEffect && kept)))
        add(v, s.stat, s.amount);
  return v;
}

bool wants_kept_effects(const CardDb& db, const GameState& state, int seat) {
  for (int c : at(state, seat).active)
    for (const auto& s : ability_of(db, state, c).statics)
      if (s.when == When::KeptEffect) return true;
  return false;
}

bool is_single_effect(const CardDb& db, const GameState& state, int instance) {
  return ability_of(db, state, instance).timing == Timing::Effect;
}

bool has_optional_ability(const CardDb& db, const GameState& state, int instance) {
  const auto t = ability_of(db, state, instance).timing;
  return t == Timing::Optional || t == Timing::Hybrid;
}

bool is_hybrid(const CardDb& db, const GameState& state, int instance) {
  return ability_of(db, state, instance).timing == Timing::Hybrid;
}

bool once_per_turn(const CardDb& db, const GameState& state, int instance) {
  return is_hybrid(db, state, instance) || ability_of(db, state, instance).per_turn;
}

bool needs_upkeep(const CardDb& db, const GameState& state, int instance) {
  return ability_of(db, state, instance).timing == Timing::Activation;
}

bool before_attack(const CardDb& db, const GameState& state, int instance) {
  return ability_of(db, state, instance).before_attack;
}

bool needs_choice(const Step& step) {
  return step.count > 0 || step.pick == Pick::OwnAndEnemy || step.pick == Pick::PlayerActive || step.or_redeploy;
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

// Destroy steps offer only Units that can be destroyed now (issue 12: before,
// Jehrah's upkeep and Engagement could "destroy" a Sea Arrow that survived).
// Final Protocol keeps its own rule: "if the selected Unit under your control
// cannot be destroyed, you may destroy only an enemy Unit".
std::vector<int> step_targets(const CardDb& db, const GameState& state, int seat, int instance, const Step& step) {
  auto out = raw_targets(db, state, seat, instance, step);
  if (step.verb == Verb::Destroy && step.pick != Pick::OwnAndEnemy && step.pick != Pick::PlayerActive)
    std::erase_if(out, [&](int c) {
      return cannot_be_destroyed(db, state, c, facing_units(db, state, controller_of(state, c)));
    });
  return out;
}

bool step_possible(const CardDb& db, const GameState& state, int seat, int instance, const Step& step) {
  if (step.verb == Verb::Redeploy) return true;  // a marker: nothing to wait for
  if (step.or_redeploy) return in(at(state, seat).active, instance);
  if (step.verb == Verb::Duel || step.verb == Verb::Control)
    if (!in(at(state, seat).active, instance)) return false;
  if (step.pick == Pick::OwnAndEnemy) return !enemy_units(state, seat).empty();
  if (step.pick == Pick::PlayerActive) return !target_players(state, seat).empty();
  const auto n = step_targets(db, state, seat, instance, step).size();
  return n >= static_cast<std::size_t>(std::max(1, step.count));
}

bool support_has_target(const CardDb& db, const GameState& state, int seat, int instance) {
  return ability_of(db, state, instance).steps.empty() || effect_applies(db, state, seat, instance);
}

bool effect_applies(const CardDb& db, const GameState& state, int seat, int instance) {
  const auto& a = ability_of(db, state, instance);
  if (a.steps.empty()) return false;
  return std::all_of(a.steps.begin(), a.steps.end(),
                     [&](const Step& s) { return step_possible(db, state, seat, instance, s); });
}

}  // namespace concord::everzone
