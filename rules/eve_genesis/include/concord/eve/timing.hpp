// Timing windows as data: for every phase and step, whether a priority round
// happens, whether News may be played and whether the active player may take
// Management actions. Validation reads this table, not scattered ifs.
#pragma once

#include <vector>

#include "concord/eve/state.hpp"

namespace concord::eve {

struct Window {
  Phase phase;
  Step step;
  // "Priority is also passed at the end of each step and phase, so everyone
  // gets the chance to play a News card or an activated ability."
  bool priority;
  // "You may play News at any time ... The only exception: you may not play
  // News during the Draw phase."
  bool news;
  // Management phase: play cards, play a remote region, upgrade the base,
  // jump, give orders (the active player, on an empty pile).
  bool management;
};

// The turn sequence in order (Mulligan is not part of a turn).
const std::vector<Window>& turn_sequence();
const Window& window(Phase phase, Step step);  // Mulligan: no priority, nothing playable

}  // namespace concord::eve
