// The card-data vocabulary of abilities and effects (cards/everzone.cards:
// `ability`, `step` and `static` lines; rules/everzone/README.md "Abilities as
// data"). A card built from these words needs no C++ of its own.
#pragma once

#include <vector>

namespace concord::everzone {

// A characteristic an effect changes.
enum class Stat { Attack, Defense, Target };

// How long an effect lasts. Every effect also needs its source in play
// (L56: "If a card is withdrawn from the battle or destroyed, all of its
// effects disappear until the reverse occurs"), except `Battle`.
enum class Lasts {
  Source,  // while its source is in play (suspended while the source is withdrawn)
  Turn,    // the same, and at most until the end of the turn
  Battle,  // until the Retreat phase, whatever becomes of its source ("when destroyed" triggers)
};

// When a card's steps run.
enum class Timing {
  None,
  Optional,    // declared by its owner while active (once per battle, or per turn with `turn`)
  Hybrid,      // declared once per window ("each time the appropriate circumstances arise")
  Activation,  // triggered when revealed at activation (pushed on the abilities stack)
  Effect,      // a single-effect Support: declared when played, then discarded (or kept)
  Destroyed,   // triggered when the card is destroyed (no choice)
};

// Which cards (or players) a step acts on.
enum class Pick {
  Self,         // the card itself (while active)
  OwnActive,    // your active Units
  OwnDeployed,  // your face-down deployed Units
  OwnUnits,     // Units under your control: active, withdrawn or deployed
  OwnOther,     // the same, but not the card itself
  EnemyActive,  // active Units of your opponents
  EnemyUnits,   // active and withdrawn Units of your opponents
  AllActive,    // every active Unit in the game
  DeckUnits,    // Units in your deck
  OwnAndEnemy,  // one Unit under your control (if you have one) and one enemy Unit
  PlayerActive, // every active Unit of one opposing player, chosen by the owner
};

// What a step does.
enum class Verb {
  Change,    // `stat` += `amount` on the picked Units, an effect lasting `lasts`
  Trade,     // up to `amount` of `stat` moves to `to` (never below 0), lasting `lasts`
  Activate,  // the picked Units become active (`shuffle`: then shuffle the deck)
  Destroy,   // the picked Units are destroyed (`or_redeploy`: or the card is re-deployed instead)
  Redeploy,  // the picked Units are turned face down at the end of the turn (a marker)
  Duel,      // named handler: attacks the picked Unit alone (Xenogray, Kraken)
  Control,   // named handler: takes control of the picked Unit (Vlad)
};

struct Step {
  Verb verb = Verb::Change;
  Pick pick = Pick::Self;
  int count = 0;  // cards the owner chooses; 0 = every picked card, no choice
  Stat stat = Stat::Defense;
  Stat to = Stat::Attack;  // Trade
  int amount = 0;
  Lasts lasts = Lasts::Source;
  bool or_redeploy = false;
  bool shuffle = false;
  bool operator==(const Step&) const = default;
};

// Continuous and contextual abilities: no stack, evaluated where they matter.
enum class Passive {
  Army,           // the owner's army: `stat` += `amount`
  EnemyArmy,      // the army it attacks: `stat` += `amount`
  Indestructible, // the card cannot be destroyed
  BlockSupports,  // opponents cannot play Support cards
};
enum class When {
  Always,
  FirstStrike,  // when its army attacks first
  KeptEffect,   // while its owner keeps a resolved single-effect Support in play
  FewEnemies,   // while the opposing army has at most `n` active Units
};
struct Static {
  Passive kind = Passive::Army;
  Stat stat = Stat::Attack;
  int amount = 0;
  When when = When::Always;
  int n = 0;
  bool operator==(const Static&) const = default;
};

struct Ability {
  Timing timing = Timing::None;
  bool per_turn = false;       // Optional: once per turn instead of once per battle
  bool before_attack = false;  // only while its army has not attacked this turn (before the clash)
  std::vector<Step> steps;
  std::vector<Static> statics;
  bool empty() const { return timing == Timing::None && statics.empty(); }
};

}  // namespace concord::everzone
