// The continuous-effect layer (issue 12): every lasting change an ability or
// effect makes is one `Effect` in GameState::lingering, with its source, what
// it affects, the change and how long it lasts. A Unit's values are computed
// from its printed values through that list, in the order the effects began
// (all changes are additions, so the order never changes a sum; a future
// "set" change would apply first). Nothing is kept on the affected card.
#pragma once

#include <vector>

#include "concord/everzone/ability.hpp"
#include "concord/everzone/card.hpp"

namespace concord::everzone {

class CardDb;
struct GameState;

enum class Change {
  Add,        // `stat` += `amount`
  Redeploy,   // marker: turned face down at the end of the turn (Ciel)
  OutOfArmy,  // marker: its values stay out of its army this turn (a duelist)
  Control,    // `seat` controls the cards (Vlad); ends when the source is no longer active
};

struct Effect {
  int source = -1;          // the instance whose ability or effect made it
  int seat = -1;            // the seat it serves (its source's controller when it began)
  std::vector<int> cards;   // the instances it affects
  Change change = Change::Add;
  Stat stat = Stat::Defense;
  int amount = 0;
  Lasts lasts = Lasts::Source;
  bool operator==(const Effect&) const = default;
};

// Whether the effect applies now: its source is active (a Unit) or in play (a
// Support), or it lasts the battle. A withdrawn source suspends it (L56 "until
// the reverse occurs").
bool effect_applies_now(const CardDb& db, const GameState& state, const Effect& e);
// Whether the source is still in play (active, withdrawn, or a Support in play).
bool source_in_play(const CardDb& db, const GameState& state, const Effect& e);
// A Unit's values: printed, then every applying Add effect on it.
Values unit_values(const CardDb& db, const GameState& state, int instance);
// Whether an applying marker of this kind is on the instance.
bool has_marker(const CardDb& db, const GameState& state, int instance, Change change);
// Drops what ended: effects whose source left play (not `Battle`), and cards
// no longer active or withdrawn from Add/marker effects. Control effects are
// ended by the engine (their Units move).
void purge_effects(const CardDb& db, GameState& state);
// Effects of one duration end (Lasts::Turn at the end of a turn).
void end_effects(GameState& state, Lasts lasts);
// Units under the control of a seat that does not own them (Control effects).
std::vector<int> captured_units(const GameState& state);

const char* stat_name(Stat stat);
const char* lasts_name(Lasts lasts);
const char* change_name(const Effect& e);  // "attack" "defense" "target" "redeploy" "out_of_army" "control"

}  // namespace concord::everzone
