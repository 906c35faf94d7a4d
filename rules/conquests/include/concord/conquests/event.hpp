// Payload of every EVE: Conquests event (rules::Event::data), for wire
// adapters. It never holds more than the event's text says to the same viewers.
#pragma once

#include <string>

#include "concord/rules/types.hpp"

namespace concord::conquests {

struct ConquestsEvent : rules::EventData {
  std::string kind;  // same as rules::Event::kind
  int seat = -1;        // the seat it is about, if any
  int amount = 0;       // units, victory points, months ... (per kind)
  std::string region;   // the region it is about (key), "" if none
  int other_seat = -1;  // a second seat (the defender of an attack, the victim of a theft), -1 if none
  std::string what;     // a turn, token, outpost, deck or Seal type, a die colour or a tactic, "" if none
};

}  // namespace concord::conquests
