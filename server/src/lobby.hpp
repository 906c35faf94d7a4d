// The room directory: creates, finds, lists and removes rooms. Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "room.hpp"

namespace concord::server {

class Lobby {
 public:
  void set_context(AppContext* ctx) { ctx_ = ctx; }

  // Creates a room with a fresh id; the caller validated game, options, seats.
  std::shared_ptr<Room> create(const GameEntry& game, RoomSettings settings);
  // Adds a room with a known id (crash recovery).
  std::shared_ptr<Room> adopt(const GameEntry& game, const std::string& id, RoomSettings settings);
  std::shared_ptr<Room> find(const std::string& id) const;
  std::vector<std::shared_ptr<Room>> list(const std::string& game) const;  // "" = all
  // Rooms where the player holds a seat.
  std::vector<std::shared_ptr<Room>> rooms_of(std::int64_t player_id) const;
  // Open rooms the player holds a seat in or created (for max_rooms_per_player).
  int open_rooms_of(std::int64_t player_id) const;
  void remove(const std::string& id);

 private:
  AppContext* ctx_ = nullptr;
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Room>> rooms_;
};

}  // namespace concord::server
