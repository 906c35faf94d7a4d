// Registers Counter Duel in a server GameCatalog (kept apart from the adapter
// so the adapter links without the server library).
#include "counterduel/counterduel_adapter.hpp"

namespace concord::counterduel {

bool register_counterduel(server::GameCatalog& catalog) {
  return catalog.add(server::GameEntry{counterduel_definition(), std::make_shared<CounterDuelAdapter>(), {}});
}

}  // namespace concord::counterduel
