// Capabilities: admins and server-wide judges.
#include "capabilities.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace concord::server {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

std::set<std::string> usernames(const std::string& list) {
  std::set<std::string> out;
  std::stringstream in(list);
  std::string name;
  while (std::getline(in, name, ',')) {
    name.erase(std::remove_if(name.begin(), name.end(), [](unsigned char c) { return std::isspace(c); }), name.end());
    if (!name.empty()) out.insert(lower(name));
  }
  return out;
}

}  // namespace

Capabilities::Capabilities(const std::string& admins, const std::string& judges, const std::string& organizers)
    : admins_(usernames(admins)), judges_(usernames(judges)), organizers_(usernames(organizers)) {}

bool Capabilities::is_admin(const PlayerRef& player) const {
  return player.id != 0 && admins_.count(lower(player.username)) > 0;
}

bool Capability::held_by(const PlayerRef& player) const {
  if (player.id == 0) return false;
  if (flag_.count(lower(player.username)) > 0) return true;
  std::lock_guard lock(mutex_);
  return granted_.count(player.id) > 0;
}

void Capability::load(std::set<std::int64_t> player_ids) {
  std::lock_guard lock(mutex_);
  granted_ = std::move(player_ids);
}

void Capability::grant(std::int64_t player_id) {
  std::lock_guard lock(mutex_);
  granted_.insert(player_id);
}

void Capability::revoke(std::int64_t player_id) {
  std::lock_guard lock(mutex_);
  granted_.erase(player_id);
}

}  // namespace concord::server
