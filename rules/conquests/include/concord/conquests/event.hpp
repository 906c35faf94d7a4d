// Payload of every EVE: Conquests event (rules::Event::data), for wire
// adapters. It never holds more than the event's text says to the same viewers.
#pragma once

#include <string>

#include "concord/rules/types.hpp"

namespace concord::conquests {

struct ConquestsEvent : rules::EventData {
  std::string kind;  // same as rules::Event::kind
  int seat = -1;     // the seat it is about, if any
  int amount = 0;    // units, victory points, months ... (per kind)
};

}  // namespace concord::conquests
