// The room's settings blob (matches.settings_blob): "key=value" lines that
// keep what the matches table has no column for, so that recovery restores
// it: the room's own judges and its room options.
#include <spdlog/spdlog.h>

#include <sstream>

#include "room.hpp"

namespace concord::server {

namespace {

constexpr const char* kRoomOptionPrefix = "room.";

std::string id_list(const std::set<std::int64_t>& ids) {
  std::string out;
  for (const auto id : ids) {
    if (!out.empty()) out += ',';
    out += std::to_string(id);
  }
  return out;
}

void read_ids(const std::string& text, std::set<std::int64_t>& out) {
  std::istringstream ids(text);
  std::string id;
  while (std::getline(ids, id, ',')) {
    try {
      out.insert(std::stoll(id));
    } catch (const std::exception&) {
      spdlog::warn("room settings: ignoring account id '{}'", id);
    }
  }
}

bool starts_with(const std::string& line, const std::string& prefix) { return line.rfind(prefix, 0) == 0; }

}  // namespace

std::string settings_blob(const RoomSettings& settings) {
  std::string out;
  if (!settings.room_judges.empty()) out += "judges=" + id_list(settings.room_judges) + "\n";
  if (!settings.allowed_spectators.empty()) out += "spectators=" + id_list(settings.allowed_spectators) + "\n";
  for (const auto& [name, value] : settings.room_options) out += kRoomOptionPrefix + name + "=" + value + "\n";
  if (!settings.tag.empty()) out += "tag=" + settings.tag + "\n";
  return out;
}

void read_settings_blob(const std::string& blob, RoomSettings& settings) {
  std::istringstream lines(blob);
  std::string line;
  while (std::getline(lines, line)) {
    if (starts_with(line, "judges=")) {
      read_ids(line.substr(7), settings.room_judges);
    } else if (starts_with(line, "spectators=")) {
      read_ids(line.substr(11), settings.allowed_spectators);
    } else if (starts_with(line, "tag=")) {
      settings.tag = line.substr(4);
    } else if (starts_with(line, kRoomOptionPrefix)) {
      const auto equals = line.find('=');
      if (equals == std::string::npos) continue;
      const auto name = line.substr(5, equals - 5);
      settings.room_options[name] = line.substr(equals + 1);
    }
  }
}

}  // namespace concord::server
