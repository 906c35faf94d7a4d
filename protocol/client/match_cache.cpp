#include "client/match_cache.hpp"

#include "delta/view_delta.hpp"

namespace concord::client {

ViewStatus MatchCache::store(const v1::MatchUpdate& update) {
  std::lock_guard lock(mutex_);
  if (update.has_view_delta()) return apply_delta(update);
  if (update.has_view_checksum() && protocol::view_checksum(update.view().value()) != update.view_checksum()) {
    return ViewStatus::NeedFullView;
  }
  by_room_[update.room_id()] = update;
  last_room_ = update.room_id();
  return ViewStatus::Stored;
}

// A delta applies to the kept view when that is the view of its base index.
ViewStatus MatchCache::apply_delta(const v1::MatchUpdate& update) {
  auto it = by_room_.find(update.room_id());
  if (it != by_room_.end() && it->second.command_index() >= update.command_index()) return ViewStatus::Stale;
  if (it == by_room_.end() || it->second.command_index() != update.view_delta().base_index()) {
    return ViewStatus::NeedFullView;
  }
  const auto& kept = it->second.view();
  auto bytes = protocol::apply_view_delta(kept.value(), update.view_delta().ops());
  if (!bytes || protocol::view_checksum(*bytes) != update.view_checksum()) return ViewStatus::NeedFullView;
  v1::MatchUpdate next = update;
  next.clear_view_delta();
  next.mutable_view()->set_type_url(kept.type_url());
  next.mutable_view()->set_value(std::move(*bytes));
  it->second = std::move(next);
  last_room_ = update.room_id();
  return ViewStatus::Applied;
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
