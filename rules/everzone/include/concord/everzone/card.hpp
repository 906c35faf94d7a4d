// One EverZone card definition as loaded from rules/everzone/cards/*.cards.
#pragma once

#include <string>
#include <vector>

#include "concord/everzone/ability.hpp"

namespace concord::everzone {

enum class CardKind { Unit, Support, Location };
enum class Race { None, Numens, Slurrs, Utrons };
enum class Terrain { Earth, Sea, Space };

// The four values the rulebook adds up for an army.
struct Values {
  int attack = 0;
  int defense = 0;
  int target = 0;
  int resource = 0;
  bool operator==(const Values&) const = default;
};

struct Card {
  std::string id;
  std::string name;
  CardKind kind = CardKind::Unit;
  Race race = Race::None;            // units and supports
  bool leader = false;               // units: "can be activated in any location"
  Values values;                     // units: printed; supports: army bonus
  std::vector<Terrain> fights;       // units: where they can fight (leaders: anywhere)
  Terrain terrain = Terrain::Earth;  // locations
  std::vector<int> limits;           // locations: RESOURCE limit per turn; size = turns
  std::string source;                // "rulebook" or "chosen"
  bool implemented = true;           // false: ability/effect text not executed yet
  Ability ability;                   // `ability`, `step` and `static` lines (ability.hpp)
  std::string text;
  int line = 0;                      // line of "card <id>" in the data file

  bool can_fight(Terrain where) const;
  int turns() const { return static_cast<int>(limits.size()); }
};

const char* race_name(Race race);
const char* terrain_name(Terrain terrain);

}  // namespace concord::everzone
