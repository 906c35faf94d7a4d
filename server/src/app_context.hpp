// Services shared by the application layer (dispatcher, accounts, decks, lobby, rooms).
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "concord/persistence/journal.hpp"
#include "concord/server/config.hpp"
#include "concord/server/game_catalog.hpp"
#include "login_throttle.hpp"
#include "password_hasher.hpp"

namespace concord::server {

class Capabilities;
class Lobby;

struct PlayerRef {
  std::int64_t id = 0;
  std::string username;
  bool operator==(const PlayerRef&) const = default;
};

struct AppContext {
  boost::asio::io_context& ioc;
  const Config& config;
  const GameCatalog& games;
  persistence::WorkerPool& db;
  persistence::Journal* journal;  // null when journaling is off
  Lobby& lobby;
  LoginThrottle& throttle;
  PasswordHasher& hasher;
  Capabilities& capabilities;  // admins and judges (capabilities.hpp)
};

}  // namespace concord::server
