// Zone list helpers: every card instance lives in exactly one list.
#pragma once

#include <algorithm>
#include <vector>

#include "concord/eve/state.hpp"

namespace concord::eve {

inline bool contains(const std::vector<CardId>& zone, CardId id) {
  return std::find(zone.begin(), zone.end(), id) != zone.end();
}

inline bool remove_from(std::vector<CardId>& zone, CardId id) {
  auto it = std::find(zone.begin(), zone.end(), id);
  if (it == zone.end()) return false;
  zone.erase(it);
  return true;
}

// A card leaving play (or the pile) forgets its counters, X and order.
inline void reset_counters(CardInstance& c) {
  c.build = c.damage = c.duration = c.x = 0;
  c.order.clear();
  c.pilot = -1;
  c.region.clear();
  c.copy.clear();
}

}  // namespace concord::eve
