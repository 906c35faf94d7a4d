#include "concord/everzone/card.hpp"

#include <algorithm>

namespace concord::everzone {

bool Card::can_fight(Terrain where) const {
  if (kind != CardKind::Unit) return false;
  if (leader) return true;  // "This special card can be summoned and activated in any location."
  return std::find(fights.begin(), fights.end(), where) != fights.end();
}

const char* race_name(Race race) {
  switch (race) {
    case Race::Numens: return "numens";
    case Race::Slurrs: return "slurrs";
    case Race::Utrons: return "utrons";
    case Race::None: break;
  }
  return "none";
}

const char* terrain_name(Terrain terrain) {
  switch (terrain) {
    case Terrain::Earth: return "earth";
    case Terrain::Sea: return "sea";
    case Terrain::Space: return "space";
  }
  return "earth";
}

}  // namespace concord::everzone
