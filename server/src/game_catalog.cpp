// The games this process hosts.
#include "concord/server/game_catalog.hpp"

namespace concord::server {

bool GameCatalog::add(GameEntry entry) {
  const auto& def = entry.definition;
  if (def.id.empty() || !def.create || !entry.adapter) return false;
  if (def.min_seats < 1 || def.max_seats < def.min_seats) return false;
  if (def.needs_deck && !def.validate_deck) return false;
  return games_.emplace(def.id, std::move(entry)).second;
}

const GameEntry* GameCatalog::find(const std::string& id) const {
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : &it->second;
}

std::vector<const GameEntry*> GameCatalog::all() const {
  std::vector<const GameEntry*> out;
  for (const auto& [id, entry] : games_) out.push_back(&entry);
  return out;
}

}  // namespace concord::server
