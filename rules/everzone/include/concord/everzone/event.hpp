// Payload of every EverZone event (rules::Event::data), for wire adapters.
// It never holds more than the event's text says to the same viewers.
#pragma once

#include <string>
#include <vector>

#include "concord/rules/types.hpp"

namespace concord::everzone {

struct EverZoneEvent final : rules::EventData {
  std::string kind;                // same as rules::Event::kind
  int seat = -1;                   // the seat it is about, if any
  std::vector<std::string> cards;  // instance ids ("c17") it names, if any
  int amount = 0;                  // damage, CP left, count ... (per kind)
  // Further seats the event is about: "attack" = every seat of the defending
  // army (each loses `amount` CP); "target_revealed" = {the chosen target};
  // "alliance" = the allies; "player_eliminated" = {}. Empty otherwise.
  std::vector<int> seats;
};

}  // namespace concord::everzone
