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
  std::lock_guard lock(mutex_);
  rooms_[id] = room;
  Metrics::instance().rooms = static_cast<std::int64_t>(rooms_.size());
  return room;
}

std::shared_ptr<Room> Lobby::find(const std::string& id) const {
  std::lock_guard lock(mutex_);
  auto it = rooms_.find(id);
  return it == rooms_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Room>> Lobby::list(const std::string& game) const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& [id, room] : rooms_) {
    if (game.empty() || room->game_id() == game) out.push_back(room);
  }
  return out;
}

std::vector<std::shared_ptr<Room>> Lobby::rooms_of(std::int64_t player_id) const {
  std::vector<std::shared_ptr<Room>> out;
  for (const auto& room : list("")) {
    const auto summary = room->summary();
    const auto& seated = summary.seated_players;
    if (std::find(seated.begin(), seated.end(), player_id) != seated.end()) out.push_back(room);
  }
  return out;
}

int Lobby::open_rooms_of(std::int64_t player_id) const {
  int count = 0;
  for (const auto& room : list("")) {
    const auto summary = room->summary();
    if (summary.closed || summary.info.status() == v1::FINISHED) continue;
    const auto& seated = summary.seated_players;
    const bool seated_here = std::find(seated.begin(), seated.end(), player_id) != seated.end();
    if (seated_here || summary.creator == player_id) ++count;
  }
  return count;
}

void Lobby::remove(const std::string& id) {
  std::lock_guard lock(mutex_);
  rooms_.erase(id);
  Metrics::instance().rooms = static_cast<std::int64_t>(rooms_.size());
}

}  // namespace concord::server
