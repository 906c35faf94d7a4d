// The room directory: creates, finds, lists and removes rooms. Thread-safe.
#pragma once

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
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
  std::vector<std::shared_ptr<Room>> list(const std::string& game) const;  // "" = all; by id
  // Rooms where the player holds a seat, and open rooms the player created.
  std::vector<std::shared_ptr<Room>> rooms_of(std::int64_t player_id) const;
  // Rooms the player joined as a spectator and has not left.
  std::vector<std::shared_ptr<Room>> rooms_watched_by(std::int64_t player_id) const;
  // Open rooms the player holds a seat in or created (for max_rooms_per_player).
  int open_rooms_of(std::int64_t player_id) const;
  void remove(const std::string& id);

  // Called by a room whenever its members change: who is seated, who created
  // it, and whether it still counts as open (not finished, not closed). Keeps
  // the per-player indexes, so nothing scans every room.
  void note_members(const std::string& room_id, const std::vector<std::int64_t>& seated, std::int64_t creator,
                    bool open, const std::set<std::int64_t>& watchers = {});

 private:
  struct Members {
    std::set<std::int64_t> seated;
    std::set<std::int64_t> counted;  // seated or creator, while open
    std::set<std::int64_t> watchers;
    bool operator==(const Members&) const = default;
  };
  std::vector<std::shared_ptr<Room>> rooms_in(const std::map<std::int64_t, std::set<std::string>>& index,
                                              std::int64_t player_id) const;  // mutex_ held
  void forget_members(const std::string& room_id);  // mutex_ held

  AppContext* ctx_ = nullptr;
  mutable std::mutex mutex_;
  // By id. Hashed: every command looks its room up here, among thousands
  // (a std::map's string comparisons were 2-3% of the server's CPU at 2,000
  // paced matches); list() sorts by id.
  std::unordered_map<std::string, std::shared_ptr<Room>> rooms_;
  std::map<std::string, Members> members_;
  std::map<std::int64_t, std::set<std::string>> rooms_by_player_;  // seated, or created while open
  std::map<std::int64_t, std::set<std::string>> watched_by_player_;
  std::map<std::int64_t, int> open_count_;
};

}  // namespace concord::server
