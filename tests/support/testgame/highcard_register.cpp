// Registers High Card Duel in a server GameCatalog (kept apart from the
// adapter so the adapter links without the server library).
#include "testgame/highcard_adapter.hpp"

namespace concord::testgame {

bool register_highcard(server::GameCatalog& catalog) {
  return catalog.add(server::GameEntry{highcard_definition(), std::make_shared<HighCardAdapter>(), {standard_highcard_deck()}});
}

}  // namespace concord::testgame
