// The complete state of an EverZone match (hidden parts included). Cards in
// play are physical instances "c<N>": instance N is card_of[N] in the CardDb.
#pragma once

#include <optional>
#include <vector>

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
  Support,     // Support window before the clash
  Surrender,   // after a clash turn (not the last): simultaneous secret continue/surrender
  Retreat,     // RETREAT PHASE: hand limit and optional discards
  Effect,      // a played card's effect needs its owner's choice (GameState::effect_card)
  Over
};

// What happens after the automatic withdraw/reactivate settling finishes.
enum class Resume { Support, ClashSecond, EndOfTurn };

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
  bool operator==(const PlayerState&) const = default;
};

struct GameState {
  explicit GameState(const rules::Seed& seed) : rng(seed) {}

  std::vector<int> card_of;      // instance -> CardDb index
  std::vector<int> owner_of;     // instance -> seat
  std::vector<int> defense_mod;  // instance -> DEFENSE change from effects (0 outside play)
  std::vector<PlayerState> players;
  std::vector<int> battle_deck;  // CardDb indexes of Location cards, back = top
  int location = -1;             // CardDb index of the current Location
  int turn = 0;                  // 1-based combat turn
  int battle = 0;                // battles begun
  Phase phase = Phase::Refresh;
  Resume resume = Resume::Support;
  int clash_first = -1;          // seat that attacked first this clash
  int effect_card = -1;          // Phase::Effect: the instance whose effect resolves
  int effect_step = 0;           // Phase::Effect: step of a multi-step effect
  rules::Rng rng;
  std::optional<rules::MatchResult> result;
};

}  // namespace concord::everzone
