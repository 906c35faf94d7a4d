// The application's MessageHandler: per-connection state (hello, identity)
// and routing of every ClientMessage to accounts, decks, lobby and rooms.
#pragma once

#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include <boost/asio/steady_timer.hpp>
#include <pqxx/pqxx>

#include "app_context.hpp"
#include "concord/server/link.hpp"
#include "lobby.hpp"
#include "tournament_reader.hpp"

namespace concord::server {

class Dispatcher : public MessageHandler {
 public:
  // Starts the periodic session check (config.session_check_s; 0 = off).
  explicit Dispatcher(AppContext& ctx);

  void on_open(const std::shared_ptr<ClientLink>& link) override;
  void on_message(const std::shared_ptr<ClientLink>& link, const v1::ClientMessage& message) override;
  void on_close(const std::shared_ptr<ClientLink>& link) override;

 private:
  // tests/fuzz/dispatch_world.cpp: logs a connection in as a successful
  // Login/Resume would (logged_in), for a fuzzer that has no database.
  friend struct DispatcherTestAccess;

  using LinkPtr = std::shared_ptr<ClientLink>;
  // Sends one reply; for account requests it also ends the request first.
  using Reply = std::function<void(const v1::ServerMessage&)>;
  struct Connection {
    std::weak_ptr<ClientLink> link;
    bool hello = false;
    bool account_busy = false;  // a Register/Login/Resume/Logout is being handled
    std::optional<PlayerRef> player;
    std::string token_hash;
    std::set<std::string> rooms;  // rooms this connection joined (seat or spectator)
  };

  // dispatcher.cpp
  void route(const LinkPtr& link, const v1::ClientMessage& message, const PlayerRef& player);
  void on_hello(const LinkPtr& link, const v1::ClientMessage& message);
  std::optional<Connection> connection(const LinkPtr& link) const;
  // What every message needs of its connection: a copy of these two fields
  // only (connection() copies the token and the set of joined rooms too,
  // which was about 1% of the server's CPU at 100 busy matches).
  struct Session {
    bool hello = false;
    std::optional<PlayerRef> player;
  };
  std::optional<Session> session(const LinkPtr& link) const;
  void set_player(const LinkPtr& link, std::optional<PlayerRef> player, std::string token_hash);
  void remember_room(const LinkPtr& link, const std::string& room_id, bool joined);
  // Runs `job` on a database worker. A thrown exception replies with the code
  // classify_db_error gives (INVALID_REQUEST, UNAVAILABLE or INTERNAL).
  void db_job(const LinkPtr& link, std::uint64_t request_id, std::function<void(pqxx::connection&)> job);
  void db_job(Reply reply, std::uint64_t request_id, std::function<void(pqxx::connection&)> job);

  // dispatcher_accounts.cpp
  static bool is_account_request(v1::ClientMessage::BodyCase body);
  // Marks the connection busy with an account request; false if it already is.
  bool begin_account_request(const LinkPtr& link);
  Reply account_reply(const LinkPtr& link);  // ends the account request, then sends
  void route_account(const LinkPtr& link, const v1::ClientMessage& message);
  // Runs `job` on the password hasher; UNAVAILABLE at once when its queue is full.
  void hash_job(const Reply& reply, std::uint64_t request_id, std::function<void()> job);
  void on_register(const Reply& reply, std::uint64_t request_id, const v1::Register& request);
  void on_login(const LinkPtr& link, const Reply& reply, std::uint64_t request_id, const v1::Login& request);
  void check_password(const LinkPtr& link, const Reply& reply, std::uint64_t request_id, const v1::Login& request,
                      std::optional<persistence::PlayerRecord> player);
  void on_resume(const LinkPtr& link, const Reply& reply, std::uint64_t request_id, const v1::Resume& request);
  void on_logout(const LinkPtr& link, const Reply& reply, std::uint64_t request_id);
  void logged_in(const LinkPtr& link, const Reply& reply, std::uint64_t request_id, PlayerRef player,
                 const std::string& token, bool reattach);
  void detach_from_rooms(const LinkPtr& link);

  // dispatcher_sessions.cpp: revocation reaches every connection of a token.
  // Logs out every connection holding `token_hash` except `keep` and tells it
  // with a SESSION_REVOKED push.
  void revoke_connections(const std::string& token_hash, const LinkPtr& keep);
  void schedule_session_check();
  void check_sessions();

  // dispatcher_decks.cpp
  void on_save_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::SaveDeck& request);
  void on_list_decks(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::ListDecks& request);
  void on_get_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::GetDeck& request);
  void on_delete_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::DeleteDeck& request);

  // dispatcher_tournaments.cpp: the requests that change tournaments (the
  // director does the work; reads are dispatcher_tournament_reads.cpp).
  static bool is_tournament_change(v1::ClientMessage::BodyCase body);
  void route_tournament_change(const LinkPtr& link, const v1::ClientMessage& message, const PlayerRef& player);
  void on_grant_organizer(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& admin,
                          const v1::GrantOrganizer& request);
  void on_create_tournament(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player,
                            const v1::CreateTournament& request);
  void on_remove_entrant(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player,
                         const v1::RemoveEntrant& request);
  void on_register_entrant(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player,
                           const v1::RegisterEntrant& request);

  // dispatcher_rooms.cpp
  void on_list_games(const LinkPtr& link, std::uint64_t request_id);
  void on_create_room(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::CreateRoom& request);
  void on_list_rooms(const LinkPtr& link, std::uint64_t request_id, const v1::ListRooms& request);
  void on_join_room(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::JoinRoom& request);
  void join_with_deck(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::JoinRoom& request,
                      const std::shared_ptr<Room>& room);
  std::shared_ptr<Room> room_or_error(const LinkPtr& link, std::uint64_t request_id, const std::string& room_id);

  // dispatcher_judging.cpp
  static bool is_judging_request(v1::ClientMessage::BodyCase body);
  void route_judging(const LinkPtr& link, const v1::ClientMessage& message, const PlayerRef& player);
  void route_room_judging(const LinkPtr& link, const v1::ClientMessage& message, const PlayerRef& player);
  void on_set_judge(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& admin, const std::string& username,
                    bool grant);
  void on_add_room_judge(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& creator,
                         const v1::AddRoomJudge& request);
  void on_allow_spectator(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& creator,
                          const v1::AllowSpectator& request);
  void on_extend_time(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge,
                      const v1::ExtendTime& request);
  void on_rollback(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge,
                   const v1::RollbackMatch& request);
  void on_issue_penalty(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge,
                        const v1::IssuePenalty& request);
  void on_override_result(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge,
                          const v1::OverrideResult& request);
  bool may_judge(const PlayerRef& player, const std::string& room_id) const;
  bool judges_any_room(const PlayerRef& player) const;
  void push_to_judges(const std::string& room_id, const v1::ServerMessage& message, const LinkPtr& except);
  void push_to_player(std::int64_t player_id, const v1::ServerMessage& message, const LinkPtr& except);
  void on_call_judge(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& player, const v1::CallJudge& request);
  void on_list_calls(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge);
  void on_take_call(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge, std::int64_t call_id);
  void on_resolve_call(const LinkPtr& link, std::uint64_t request_id, const PlayerRef& judge,
                       const v1::ResolveCall& request);

  // dispatcher_tournament_reads.cpp: the tournament reads (from the database).
  void on_list_tournaments(const LinkPtr& link, std::uint64_t request_id);
  void on_get_tournament(const LinkPtr& link, std::uint64_t request_id, const v1::GetTournament& request);
  void on_get_pairings(const LinkPtr& link, std::uint64_t request_id, const v1::GetPairings& request);
  void on_get_standings(const LinkPtr& link, std::uint64_t request_id, const v1::GetStandings& request);
  void on_get_rating(const LinkPtr& link, std::uint64_t request_id, const v1::GetRating& request);

  AppContext& ctx_;
  mutable std::mutex mutex_;
  // By link id; looked up for every message (a hash table: the tree's
  // lookup among a few hundred connections showed in the profile).
  std::unordered_map<std::uint64_t, Connection> connections_;
  boost::asio::steady_timer session_timer_;
  TournamentReader tournament_reads_{ctx_};
};

}  // namespace concord::server
