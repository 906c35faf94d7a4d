// The complete state of an EverZone match (hidden parts included). Cards in
// play are physical instances "c<N>": instance N is card_of[N] in the CardDb.
#pragma once

#include <optional>
#include <vector>

#include "concord/everzone/effects.hpp"
#include "concord/rules/rng.hpp"
#include "concord/rules/types.hpp"

namespace concord::everzone {

// Where the match stands; each phase names who has an open prompt (PlayerState::waiting).
enum class Phase {
  Refresh,     // BATTLE PHASE: proceed or refresh the hand (repeatable)
  Deploy,      // DEPLOYMENT PHASE: simultaneous secret choice of Units to deploy face down
  Activate,    // COMBAT turn: simultaneous secret choice of deployed Units to activate
  Withdraw,    // army over the RESOURCE limit: the owner chooses what to withdraw
  Reactivate,  // only some withdrawn Units fit: the owner chooses which reactivate
  Target,      // three players: simultaneous secret race-token targeting before turn 1
  Support,     // Support window: before the clash, and after it until the end of the turn
  Surrender,   // after a clash turn (not the last): simultaneous secret continue/surrender
  Retreat,     // RETREAT PHASE: hand limit and optional discards
  Effect,      // a declared effect/ability resolves and needs its owner's choice (GameState::effect_card)
  Clash,       // during the clash, before an attack: seats with an ability they may declare (GameState::in_clash)
  Over
};

// What happens after the automatic withdraw/reactivate settling finishes.
enum class Resume { Support, Stack, ClashNext, EndOfTurn };

struct PlayerState {
  int cp = 0;
  int surrenders = 0;
  int leader = -1;  // instance id of the Leader
  bool leader_alive = true;
  std::vector<int> deck;       // back = top
  std::vector<int> hand;
  std::vector<int> deployed;   // face down
  std::vector<int> active;     // face up, fighting
  std::vector<int> withdrawn;  // turned 90 degrees, visible
  std::vector<int> supports;   // Support cards in play
  std::vector<int> retreated;  // face up
  std::vector<int> fallen;     // face up
  int supports_turn = 0;       // Support cards played this turn
  int supports_battle = 0;     // ... and this battle
  bool waiting = false;        // has an open prompt in the current phase
  bool answered = false;       // simultaneous phases: secret choice recorded
  std::vector<int> secret;     // the recorded choice (Deploy/Activate)
  bool surrender = false;      // the recorded choice (Surrender)
  int secret_target = -1;      // the recorded choice (Target): a seat
  int target = -1;             // three players: revealed target seat for this battle (-1: none)
  int team = 0;                // teams: the seat's team (seat % 2); otherwise the seat itself
  bool eliminated = false;     // three players: out of the game (CP 0 or a third surrender)
  int clash_rank = -1;         // this clash: TARGET of its army when the clash began; -1 = attacked/none
  bool operator==(const PlayerState&) const = default;
};

struct GameState {
  explicit GameState(const rules::Seed& seed) : rng(seed) {}

  std::vector<int> card_of;      // instance -> CardDb index
  std::vector<int> owner_of;     // instance -> seat
  std::vector<PlayerState> players;
  std::vector<int> battle_deck;  // CardDb indexes of Location cards, back = top
  int location = -1;             // CardDb index of the current Location
  int turn = 0;                  // 1-based combat turn
  int battle = 0;                // battles begun
  Phase phase = Phase::Refresh;
  Resume resume = Resume::Support;
  bool teams = false;            // 2-vs-2 / 3-vs-3: one army, CP and surrenders per team
  bool after_clash = false;      // Phase::Support: the window after this turn's clash
  bool in_clash = false;         // the clash has begun and some army has still to attack (PlayerState::clash_rank)
  int effect_card = -1;          // Phase::Effect: the instance whose effect resolves
  int effect_step = 0;           // Phase::Effect: step of a multi-step effect
  // "two stacks should be created: one for abilities and one for effects; and
  // the effects stack takes priority ... the last declared ability / effect is
  // the first to be resolved." Instances; back = last declared.
  std::vector<int> effects;      // Support effects declared, not resolved yet
  std::vector<int> abilities;    // Unit abilities declared (or triggered), not resolved yet
  std::vector<int> declared;     // Units whose optional ability was declared this battle
  std::vector<int> kept;         // single-effect Supports kept in play after resolving
  std::vector<int> just_activated;  // Units activated by an effect since the last clash
  // Lasting effects of abilities and effects, in the order they began
  // (effects.hpp): value changes, control (Vlad), markers (re-deploy at the
  // end of the turn, a duelist out of its army). All end at the Retreat phase.
  std::vector<Effect> lingering;
  rules::Rng rng;
  std::optional<rules::MatchResult> result;
};

}  // namespace concord::everzone
