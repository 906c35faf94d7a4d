#include "dispatch_world.hpp"

#include <algorithm>

#include "concord/server/shipped_games.hpp"
#include "engine_checks.hpp"
#include "password_hasher.hpp"
#include "passwords.hpp"
#include "unreachable_db.hpp"

namespace concord::server {

// Declared a friend by Dispatcher (dispatcher.hpp).
struct DispatcherTestAccess {
  static void logged_in(Dispatcher& dispatcher, const std::shared_ptr<ClientLink>& link, std::uint64_t request_id,
                        PlayerRef player, bool reattach) {
    const std::string token = "token-of-" + player.username;
    dispatcher.logged_in(link, dispatcher.account_reply(link), request_id, std::move(player), token, reattach);
  }
};

}  // namespace concord::server

namespace concord::fuzz {

namespace {

const server::GameCatalog& catalog() {
  static const server::GameCatalog games = [] {
    server::init_crypto();
    return server::shipped_games();
  }();
  return games;
}

// Takes no job: Register (which hashes first) is answered UNAVAILABLE, as a
// saturated hashing pool is. Login reaches the database queue first, where
// log_in() intercepts it. One per process: it computes a dummy Argon2id hash.
server::PasswordHasher& refusing_hasher() {
  static server::PasswordHasher hasher(1, 0);
  return hasher;
}

void record(std::vector<v1::ServerMessage>& out, const std::string& bytes) {
  v1::ServerMessage message;
  require(message.ParseFromString(bytes), "the server sent bytes that are not a ServerMessage");
  out.push_back(std::move(message));
}

const char* const kPlayers[] = {"alice", "bob", "carol"};

}  // namespace

void RecordingLink::send(const v1::ServerMessage& message) { record(received, message.SerializeAsString()); }

void RecordingLink::send_shared(std::shared_ptr<const std::string> body) {
  if (body) record(received, *body);
}

void RecordingLink::close(const std::string&) { closed = true; }

DispatchWorld::DispatchWorld()
    : db_(persistence::DatabaseConfig{"host=unreachable.invalid"}, 1),
      throttle_(config_.login_failures_per_minute),
      capabilities_("", ""),
      ctx_{ioc_, config_, catalog(), db_, nullptr, lobby_, throttle_, refusing_hasher(), capabilities_, nullptr, nullptr} {
  lobby_.set_context(&ctx_);
  dispatcher_ = std::make_shared<server::Dispatcher>(ctx_);
}

DispatchWorld::~DispatchWorld() {
  for (int slot = 0; slot < kLinks; ++slot) close(slot);
  settle();
}

std::shared_ptr<RecordingLink> DispatchWorld::link(int slot) {
  auto& link = links_[static_cast<std::size_t>(slot)];
  if (!link) {
    link = std::make_shared<RecordingLink>(next_link_id_++);
    dispatcher_->on_open(link);
  }
  return link;
}

void DispatchWorld::close(int slot) {
  auto& link = links_[static_cast<std::size_t>(slot)];
  if (!link) return;
  dispatcher_->on_close(link);
  link.reset();
}

void DispatchWorld::log_in(int slot, std::uint64_t request_id, int player, bool resume) {
  server::PlayerRef ref{player + 1, kPlayers[player % 3]};
  v1::ClientMessage message;
  message.set_request_id(request_id);
  if (resume) {
    message.mutable_resume()->set_token("token-of-" + ref.username);
  } else {
    message.mutable_login()->set_username(ref.username);
    message.mutable_login()->set_password("correct horse");
  }
  const auto before = db_.queued();
  dispatcher_->on_message(link(slot), std::move(message));
  if (db_.queued() > before && take_last_job()) {
    server::DispatcherTestAccess::logged_in(*dispatcher_, link(slot), request_id, std::move(ref), resume);
  }
}

void DispatchWorld::resolve_room_id(v1::ClientMessage& message) {
  for (const auto& room : lobby_.list("")) {
    if (std::find(room_ids_.begin(), room_ids_.end(), room->id()) == room_ids_.end()) room_ids_.push_back(room->id());
  }
  std::string* id = nullptr;
  switch (message.body_case()) {
    case v1::ClientMessage::kJoinRoom: id = message.mutable_join_room()->mutable_room_id(); break;
    case v1::ClientMessage::kLeaveRoom: id = message.mutable_leave_room()->mutable_room_id(); break;
    case v1::ClientMessage::kSetReady: id = message.mutable_set_ready()->mutable_room_id(); break;
    case v1::ClientMessage::kSubmitAnswer: id = message.mutable_submit_answer()->mutable_room_id(); break;
    case v1::ClientMessage::kConcede: id = message.mutable_concede()->mutable_room_id(); break;
    default: return;
  }
  if (room_ids_.empty() || id->size() < 2 || (*id)[0] != '#') return;
  *id = room_ids_[static_cast<unsigned char>((*id)[1]) % room_ids_.size()];
}

void DispatchWorld::settle() {
  for (;;) {
    ioc_.restart();
    const auto handlers = ioc_.poll();
    const auto jobs = answer_unreachable_jobs();
    if (handlers == 0 && jobs == 0) return;
  }
}

}  // namespace concord::fuzz
