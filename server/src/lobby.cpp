// The room directory.
#include "lobby.hpp"

#include <algorithm>

#include "concord/server/metrics.hpp"
#include "passwords.hpp"

namespace concord::server {

std::shared_ptr<Room> Lobby::create(const GameEntry& game, RoomSettings settings) {
  for (;;) {
    auto id = "r" + random_hex(6);
    if (!find(id)) return adopt(game, id, std::move(settings));
  }
}

std::shared_ptr<Room> Lobby::adopt(const GameEntry& game, const std::string& id, RoomSettings settings) {
  auto room = std::make_shared<Room>(*ctx_, game, id, std::move(settings));
  {
    std::lock_guard lock(mutex_);
    rooms_[id] = room;
    Metrics::instance().rooms = static_cast<std::int64_t>(rooms_.size());
  }
  room->start_expiry();
  return room;
}

std::shared_ptr<Room> Lobby::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Room>> Lobby::list(const std::string& game) const {
  std::vector<std::pair<std::string, std::shared_ptr<Room>>> found;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, room] : rooms_) {
      if (game.empty() || room->game_id() == game) found.emplace_back(id, room);
    }
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::shared_ptr<Room>> out;
  out.reserve(found.size());
  for (auto& [id, room] : found) out.push_back(std::move(room));
  return out;
}

std::vector<std::shared_ptr<Room>> Lobby::rooms_in(const std::map<std::int64_t, std::set<std::string>>& index,
                                                   std::int64_t player_id) const {
  std::vector<std::shared_ptr<Room>> out;
  auto it = index.find(player_id);
  if (it == index.end()) return out;
  for (const auto& id : it->second) {
    auto room = rooms_.find(id);
    if (room != rooms_.end()) out.push_back(room->second);
  }
  return out;
}

std::vector<std::shared_ptr<Room>> Lobby::rooms_of(std::int64_t player_id) const {
  std::lock_guard lock(mutex_);
  return rooms_in(rooms_by_player_, player_id);
}

std::vector<std::shared_ptr<Room>> Lobby::rooms_watched_by(std::int64_t player_id) const {
  std::lock_guard lock(mutex_);
  return rooms_in(watched_by_player_, player_id);
}

int Lobby::open_rooms_of(std::int64_t player_id) const {
  std::lock_guard lock(mutex_);
  auto it = open_count_.find(player_id);
  return it == open_count_.end() ? 0 : it->second;
}

void Lobby::note_members(const std::string& room_id, const std::vector<std::int64_t>& seated, std::int64_t creator,
                         bool open, const std::set<std::int64_t>& watchers) {
  std::lock_guard lock(mutex_);
  if (!open && rooms_.count(room_id) == 0) {  // closed and removed: nothing to keep
    forget_members(room_id);
    return;
  }
  Members members;
  members.seated.insert(seated.begin(), seated.end());
  if (open) {
    members.counted = members.seated;
    if (creator != 0) members.counted.insert(creator);
  }
  members.watchers = watchers;
  const auto known = members_.find(room_id);
  if (known != members_.end() && known->second == members) return;  // the indexes already say so
  forget_members(room_id);
  for (const auto player : members.counted) ++open_count_[player];
  for (const auto player : members.seated) rooms_by_player_[player].insert(room_id);
  for (const auto player : members.counted) rooms_by_player_[player].insert(room_id);
  for (const auto player : members.watchers) watched_by_player_[player].insert(room_id);
  members_[room_id] = std::move(members);
}

void Lobby::forget_members(const std::string& room_id) {
  auto it = members_.find(room_id);
  if (it == members_.end()) return;
  for (const auto player : it->second.counted) {
    if (--open_count_[player] <= 0) open_count_.erase(player);
  }
  auto drop = [&](std::map<std::int64_t, std::set<std::string>>& index, std::int64_t player) {
    auto rooms = index.find(player);
    if (rooms == index.end()) return;
    rooms->second.erase(room_id);
    if (rooms->second.empty()) index.erase(rooms);
  };
  for (const auto player : it->second.seated) drop(rooms_by_player_, player);
  for (const auto player : it->second.counted) drop(rooms_by_player_, player);
  for (const auto player : it->second.watchers) drop(watched_by_player_, player);
  members_.erase(it);
}

void Lobby::remove(const std::string& id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(id);
  forget_members(id);
  Metrics::instance().rooms = static_cast<std::int64_t>(rooms_.size());
}

}  // namespace concord::server
