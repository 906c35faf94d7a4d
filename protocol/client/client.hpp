// A synchronous Concord client over WebSocket. Replies are matched to
// requests by request_id; server pushes (request_id 0: RoomInfo,
// MatchUpdate, RoomClosed, unsolicited Error) queue up in an inbox read with
// next_push() / wait_for_match_update(). Frames are read by a background I/O
// thread; the public methods may be called from any one thread at a time (or
// several threads for request(): each waits for its own reply).
//
// Failures throw ClientError: kind Server for an Error reply (code = the
// server's code), Timeout, Closed (with close_info()), Protocol (a malformed
// frame or a seq that does not increase: the client then closes with 1002).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "client/client_error.hpp"
#include "client/client_options.hpp"
#include "client/connection.hpp"
#include "client/inbox.hpp"
#include "client/match_cache.hpp"
#include "client/request_tracker.hpp"
#include "client/seq_checker.hpp"
#include "concord/v1/concord.pb.h"

namespace concord::client {

class Client {
 public:
  using Millis = std::chrono::milliseconds;
  using UpdatePredicate = std::function<bool(const v1::MatchUpdate&)>;

  // Opens ws://host:port/ws (wss:// with options.tls). Throws
  // ClientError(CONNECT_FAILED). Does not send Hello: call hello().
  static std::unique_ptr<Client> connect(const std::string& host, unsigned short port, ClientOptions options = {});
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  // --- session -------------------------------------------------------------
  // Speaks protocol 1.1 (version 2) unless told otherwise.
  v1::Welcome hello(std::uint32_t min_version = 1, std::uint32_t max_version = 2);
  // Creates the account. Returns the LoggedIn reply if the server logs the
  // new account in directly (token stored), nullopt if it answers Ok.
  std::optional<v1::LoggedIn> register_player(const std::string& username, const std::string& password);
  v1::LoggedIn login(const std::string& username, const std::string& password);  // stores the token
  v1::LoggedIn resume(const std::string& token, std::uint64_t last_seq);         // stores the token
  void logout();                                                                 // clears the token
  v1::Pong ping(std::uint64_t nonce = 0);

  // --- generic request/reply -------------------------------------------------
  // Assigns a fresh request_id, sends, waits for the reply carrying it (an
  // Error reply is returned, not thrown). Throws Timeout / Closed / Protocol.
  v1::ServerMessage request(v1::ClientMessage message, std::optional<Millis> timeout = std::nullopt);
  // request() that throws ClientError::from_server on an Error reply.
  v1::ServerMessage call(v1::ClientMessage message, std::optional<Millis> timeout = std::nullopt);
  // Sends without waiting (request_id as given).
  void send(const v1::ClientMessage& message);
  // Sends arbitrary bytes as one frame (tests: malformed and oversized frames).
  void send_raw(std::string bytes, bool binary = true);

  // --- pushes ----------------------------------------------------------------
  // The oldest queued push, waiting up to `timeout`; nullopt on timeout.
  // Throws ClientError(CLOSED) once the connection has closed and every push
  // received before the close has been taken.
  std::optional<v1::ServerMessage> next_push(Millis timeout);
  // Takes pushes until a MatchUpdate of `room` (any room if empty) satisfying
  // `predicate` (any if empty) arrives and returns it; other pushes stay
  // queued in order. Throws ClientError(TIMEOUT) after `timeout`. The
  // predicate runs with the inbox locked: it must not call this Client.
  v1::MatchUpdate wait_for_match_update(const std::string& room, const UpdatePredicate& predicate = {},
                                        std::optional<Millis> timeout = std::nullopt);
  // The newest MatchUpdate received for `room` (any room if empty), whether
  // or not it has been taken from the inbox yet.
  std::optional<v1::MatchUpdate> latest_match_update(const std::string& room = {}) const;
  void discard_pushes();
  std::size_t pending_pushes() const { return inbox_.size(); }

  // --- decks -----------------------------------------------------------------
  std::int64_t save_deck(const v1::Deck& deck);
  v1::DeckList list_decks(const std::string& game = {});
  v1::DeckDetail get_deck(std::int64_t deck_id);
  void delete_deck(std::int64_t deck_id);

  // --- lobby and rooms -----------------------------------------------------
  v1::GameList list_games();
  v1::RoomList list_rooms(const std::string& game = {});
  v1::RoomInfo create_room(const v1::CreateRoom& spec);
  v1::RoomInfo create_room(const std::string& game, std::uint32_t seats = 0);
  v1::RoomInfo join_room(const v1::JoinRoom& spec);
  v1::RoomInfo join_room(const std::string& room, v1::Role role = v1::PLAYER, std::int64_t deck_id = 0,
                         const std::string& password = {});
  void leave_room(const std::string& room);
  v1::RoomInfo set_ready(const std::string& room, bool ready = true);

  // --- matches -----------------------------------------------------------------
  // Answers the prompt of `update` (its room, command_index and prompt_id).
  // In 1.1 the reply is the mover's MatchUpdate; it is also queued as a push
  // (wait_for_match_update sees it), and returned here as an AnswerAccepted.
  v1::AnswerAccepted submit_answer(const v1::MatchUpdate& update, const v1::Answer& answer);
  // The same with an explicit command_index (1.0); in 1.1 it answers the
  // prompt of the newest MatchUpdate received for `room`.
  v1::AnswerAccepted submit_answer(const std::string& room, std::uint64_t command_index, const v1::Answer& answer);
  void concede(const std::string& room);

  // --- state -------------------------------------------------------------------
  std::uint64_t last_seq() const { return seq_.last(); }
  std::string token() const;
  std::optional<v1::Welcome> welcome() const;
  bool is_open() const { return connection_ && connection_->is_open(); }
  // How the connection ended; nullopt while open.
  std::optional<CloseInfo> close_info() const;
  // Waits until the connection has ended; nullopt on timeout.
  std::optional<CloseInfo> wait_closed(Millis timeout) const;
  // Starts a WebSocket close; the server's echo ends the connection.
  void close(int code = 1000, const std::string& reason = {});
  std::uint64_t late_replies() const { return tracker_.late_replies(); }
  // MatchUpdates that arrived as a delta (1.1) and were applied to a kept view.
  std::uint64_t deltas_applied() const { return deltas_applied_.load(); }

 private:
  explicit Client(ClientOptions options);
  void on_frame(std::string&& bytes, bool binary);
  void on_close(const CloseInfo& info);
  void fail_protocol(const std::string& why);
  void route(v1::ServerMessage message);
  void whole_view(v1::MatchUpdate& update);  // applies 1.1 deltas (client.cpp)
  Millis timeout_or_default(std::optional<Millis> timeout) const;

  ClientOptions options_;
  RequestTracker tracker_;
  Inbox inbox_;
  SeqChecker seq_;
  MatchCache matches_;
  mutable std::mutex mutex_;
  mutable std::condition_variable closed_cv_;
  std::string token_;
  std::optional<v1::Welcome> welcome_;
  std::optional<CloseInfo> close_info_;
  std::atomic<Connection*> live_{nullptr};
  std::atomic<std::uint64_t> deltas_applied_{0};  // for the reader thread; null once closing down
  std::unique_ptr<Connection> connection_;  // last: destroyed (and its thread joined) first
};

}  // namespace concord::client
