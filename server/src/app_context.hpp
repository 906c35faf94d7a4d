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
class TournamentDirector;

struct PlayerRef {
  std::int64_t id = 0;
  std::string username;
  bool operator==(const PlayerRef&) const = default;
};

// Told when a tagged room's match has ended and its end is durable (the
// tournament director: which event's game it was is in the tag).
class MatchEndListener {
 public:
  virtual ~MatchEndListener() = default;
  virtual void match_ended(const std::string& room_id, const std::string& tag, std::int64_t match_id,
                           const rules::MatchResult& result) = 0;
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
  MatchEndListener* match_end;  // null: nobody listens
  TournamentDirector* tournaments;  // null: no tournaments (the fuzzer's world)
};

}  // namespace concord::server
