// The games registered in the shipped concord-server: each rules engine
// (rules/<game>) with its wire adapter (server/games/<game>_adapter.cpp) and
// its ready-made decks (EVE: Conquests, a board game, has none). The pipe-proving test game lives only under tests/
// and is never registered here.
#include "concord/server/shipped_games.hpp"

#include "concord/conquests/definition.hpp"
#include "concord/eve/deck_rules.hpp"
#include "concord/eve/definition.hpp"
#include "concord/everzone/card_db.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "conquests_adapter.hpp"
#include "eve_genesis_adapter.hpp"
#include "everzone_adapter.hpp"

namespace concord::server {

namespace {

GameEntry eve_genesis_entry() {
  GameEntry entry{eve::definition(), std::make_shared<games::EveGenesisAdapter>(), {}};
  entry.starter_decks = eve::standard_decks();
  return entry;
}

GameEntry everzone_entry() {
  GameEntry entry{everzone::definition(), std::make_shared<games::EverZoneAdapter>(), {}};
  entry.starter_decks = everzone::ready_made_decks();
  return entry;
}

// A board game without decks: nothing to offer but the rules and the adapter.
GameEntry conquests_entry() { return GameEntry{conquests::definition(), std::make_shared<games::ConquestsAdapter>(), {}}; }

}  // namespace

GameCatalog shipped_games() {
  GameCatalog catalog;
  catalog.add(eve_genesis_entry());
  catalog.add(everzone_entry());
  catalog.add(conquests_entry());
  return catalog;
}

}  // namespace concord::server
