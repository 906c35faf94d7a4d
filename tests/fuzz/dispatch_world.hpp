// A concord server without a network or a database, for the dispatch fuzzer:
// the shipped games, a Lobby, a Dispatcher (journal off, database
// unreachable: unreachable_db.hpp) and links that record what is sent to them.
// Everything runs on the caller's thread; settle() runs the work the server
// queued (room strands, database callbacks) until none is left.
#pragma once

#include <array>
#include <string_view>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "concord/persistence/journal.hpp"
#include "concord/server/config.hpp"
#include "concord/server/game_catalog.hpp"
#include "concord/server/link.hpp"
#include "dispatcher.hpp"
#include "lobby.hpp"
#include "capabilities.hpp"
#include "login_throttle.hpp"

namespace concord::fuzz {

// A client connection as the application sees it: every message sent to it
// is decoded (it must be a valid ServerMessage) and kept.
class RecordingLink : public server::ClientLink {
 public:
  explicit RecordingLink(std::uint64_t id) : id_(id) {}
  void send(const v1::ServerMessage& message) override;
  void send_shared(std::shared_ptr<const std::string> body) override;
  void close(const std::string& reason) override;
  std::uint64_t id() const override { return id_; }
  std::string remote_address() const override { return "203.0.113.7"; }

  std::vector<v1::ServerMessage> received;
  bool closed = false;

 private:
  std::uint64_t id_;
};

class DispatchWorld {
 public:
  static constexpr int kLinks = 3;

  DispatchWorld();
  ~DispatchWorld();

  // The link in `slot`, opened (on_open) if the slot is empty.
  std::shared_ptr<RecordingLink> link(int slot);
  // on_close for the slot's link; the slot is empty afterwards.
  void close(int slot);
  // The slot's link, or null if the slot is empty.
  std::shared_ptr<RecordingLink> peek(int slot) const { return links_[static_cast<std::size_t>(slot)]; }
  // Delivers a Login (or with `resume` a Resume) of player 0, 1 or 2 on the
  // slot's link; if the dispatcher hands it to the database, the fuzzer
  // answers it as a successful login does (Dispatcher::logged_in).
  void log_in(int slot, std::uint64_t request_id, int player, bool resume);
  server::Dispatcher& dispatcher() { return *dispatcher_; }
  // Room ids are random: a frame names the k-th room created so far as
  // "#k" (k modulo the count). Rewrites such a room_id in `message`.
  void resolve_room_id(v1::ClientMessage& message);
  // Runs queued handlers and database callbacks until there are none.
  void settle();

 private:
  server::Config config_;
  boost::asio::io_context ioc_;
  persistence::WorkerPool db_;
  server::Lobby lobby_;
  server::LoginThrottle throttle_;
  server::Capabilities capabilities_;
  server::AppContext ctx_;
  std::shared_ptr<server::Dispatcher> dispatcher_;
  std::array<std::shared_ptr<RecordingLink>, kLinks> links_;
  std::vector<std::string> room_ids_;  // in creation order
  std::uint64_t next_link_id_ = 1;
};

}  // namespace concord::fuzz
