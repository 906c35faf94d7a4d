// Who may judge, organize tournaments, and who may grant that (protocol/README.md section 11):
// admins by the server flag --admins, server-wide judges by the flag --judges
// and by the judges table (granted over the protocol). Thread-safe.
#pragma once

#include <cstdint>
#include <mutex>
#include <set>
#include <string>

#include "app_context.hpp"

namespace concord::server {

// One capability: usernames from a server flag plus the player ids granted
// over the protocol (stored in a table, loaded at start-up). Thread-safe.
class Capability {
 public:
  explicit Capability(std::set<std::string> flag_usernames) : flag_(std::move(flag_usernames)) {}
  bool held_by(const PlayerRef& player) const;
  void load(std::set<std::int64_t> player_ids);
  void grant(std::int64_t player_id);
  void revoke(std::int64_t player_id);

 private:
  const std::set<std::string> flag_;  // lower-case usernames
  mutable std::mutex mutex_;
  std::set<std::int64_t> granted_;
};

class Capabilities {
 public:
  // Comma-separated usernames (case-insensitive; blanks ignored).
  Capabilities(const std::string& admins, const std::string& judges, const std::string& organizers = "");

  bool is_admin(const PlayerRef& player) const;
  // The server-wide judge capability (a room's own judges are the room's).
  bool is_judge(const PlayerRef& player) const { return judges_.held_by(player); }

  void load_granted(std::set<std::int64_t> player_ids) { judges_.load(std::move(player_ids)); }  // the judges table
  void grant(std::int64_t player_id) { judges_.grant(player_id); }
  void revoke(std::int64_t player_id) { judges_.revoke(player_id); }

  // The organizer capability (tournaments): admins, the flag --organizers and
  // the organizers table (granted over the protocol).
  bool is_organizer(const PlayerRef& player) const { return is_admin(player) || organizers_.held_by(player); }
  void load_organizers(std::set<std::int64_t> player_ids) { organizers_.load(std::move(player_ids)); }
  void grant_organizer(std::int64_t player_id) { organizers_.grant(player_id); }
  void revoke_organizer(std::int64_t player_id) { organizers_.revoke(player_id); }

 private:
  const std::set<std::string> admins_;  // lower-case usernames
  Capability judges_;
  Capability organizers_;
};

}  // namespace concord::server
