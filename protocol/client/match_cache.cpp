#include "client/match_cache.hpp"

namespace concord::client {

void MatchCache::store(const v1::MatchUpdate& update) {
  std::lock_guard lock(mutex_);
  by_room_[update.room_id()] = update;
  last_room_ = update.room_id();
}

std::optional<v1::MatchUpdate> MatchCache::latest(const std::string& room) const {
  std::lock_guard lock(mutex_);
  auto it = by_room_.find(room.empty() ? last_room_ : room);
  if (it == by_room_.end()) return std::nullopt;
  return it->second;
}

void MatchCache::forget(const std::string& room) {
  std::lock_guard lock(mutex_);
  by_room_.erase(room);
  if (last_room_ == room) last_room_.clear();
}

}  // namespace concord::client
