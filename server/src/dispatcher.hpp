// The application's MessageHandler: per-connection state (hello, identity)
// and routing of every ClientMessage to accounts, decks, lobby and rooms.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

#include <pqxx/pqxx>

#include "app_context.hpp"
#include "concord/server/link.hpp"
#include "lobby.hpp"

namespace concord::server {

class Dispatcher : public MessageHandler {
 public:
  explicit Dispatcher(AppContext& ctx) : ctx_(ctx) {}

  void on_open(const std::shared_ptr<ClientLink>& link) override;
  void on_message(const std::shared_ptr<ClientLink>& link, v1::ClientMessage message) override;
  void on_close(const std::shared_ptr<ClientLink>& link) override;

 private:
  // tests/fuzz/dispatch_world.cpp: logs a connection in as a successful
  // Login/Resume would (logged_in), for a fuzzer that has no database.
  friend struct DispatcherTestAccess;

  using LinkPtr = std::shared_ptr<ClientLink>;
  struct Connection {
    bool hello = false;
    std::optional<PlayerRef> player;
    std::string token_hash;
    std::set<std::string> rooms;  // rooms this connection joined (seat or spectator)
  };

  // dispatcher.cpp
  void route(const LinkPtr& link, const v1::ClientMessage& message, const PlayerRef& player);
  void on_hello(const LinkPtr& link, const v1::ClientMessage& message);
  std::optional<Connection> connection(const LinkPtr& link) const;
  void set_player(const LinkPtr& link, std::optional<PlayerRef> player, std::string token_hash);
  void remember_room(const LinkPtr& link, const std::string& room_id, bool joined);
  // Runs `job` on a database worker; a thrown exception replies UNAVAILABLE.
  void db_job(const LinkPtr& link, std::uint64_t request_id, std::function<void(pqxx::connection&)> job);

  // dispatcher_accounts.cpp
  void on_register(const LinkPtr& link, std::uint64_t request_id, const v1::Register& request);
  void on_login(const LinkPtr& link, std::uint64_t request_id, const v1::Login& request);
  void on_resume(const LinkPtr& link, std::uint64_t request_id, const v1::Resume& request);
  void on_logout(const LinkPtr& link, std::uint64_t request_id);
  void logged_in(const LinkPtr& link, std::uint64_t request_id, PlayerRef player, const std::string& token,
                 bool reattach);
  void detach_from_rooms(const LinkPtr& link);

  // dispatcher_decks.cpp
  void on_save_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::SaveDeck& request);
  void on_list_decks(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::ListDecks& request);
  void on_get_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::GetDeck& request);
  void on_delete_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::DeleteDeck& request);

  // dispatcher_rooms.cpp
  void on_list_games(const LinkPtr& link, std::uint64_t request_id);
  void on_create_room(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::CreateRoom& request);
  void on_list_rooms(const LinkPtr& link, std::uint64_t request_id, const v1::ListRooms& request);
  void on_join_room(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::JoinRoom& request);
  void join_with_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::JoinRoom& request,
                      const std::shared_ptr<Room>& room);
  std::shared_ptr<Room> room_or_error(const LinkPtr& link, std::uint64_t request_id, const std::string& room_id);

  AppContext& ctx_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, Connection> connections_;
};

}  // namespace concord::server
