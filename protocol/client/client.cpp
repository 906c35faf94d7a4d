#include "client/client.hpp"

#include <utility>

#include "client/message_names.hpp"

namespace concord::client {

std::unique_ptr<Client> Client::connect(const std::string& host, unsigned short port, ClientOptions options) {
  std::unique_ptr<Client> client(new Client(options));
  Client* self = client.get();
  client->connection_ = Connection::open(
      host, port, options, [self](std::string&& bytes, bool binary) { self->on_frame(std::move(bytes), binary); },
      [self](const CloseInfo& info) { self->on_close(info); });
  client->live_ = client->connection_.get();
  return client;
}

Client::Client(ClientOptions options) : options_(std::move(options)) {}

Client::~Client() {
  live_ = nullptr;
  connection_.reset();
}

// --- reader thread -------------------------------------------------------------

void Client::on_frame(std::string&& bytes, bool binary) {
  if (!binary) return fail_protocol("the server sent a text frame");
  v1::ServerMessage message;
  if (!message.ParseFromString(bytes)) return fail_protocol("undecodable ServerMessage frame");
  if (auto violation = seq_.accept(message.seq())) return fail_protocol(*violation);
  route(std::move(message));
}

void Client::route(v1::ServerMessage message) {
  std::uint64_t id = message.request_id();
  if (id == 0 && message.has_error()) id = message.error().request_id();
  if (message.has_match_update()) {
    whole_view(*message.mutable_match_update());
    // 1.1: the mover's update is the reply to its answer and also a push.
    if (id != 0) inbox_.push(message);
  }
  if (id != 0) {
    tracker_.deliver(id, std::move(message));
    return;
  }
  inbox_.push(std::move(message));
}

// Protocol 1.1 view deltas: the update is kept (a delta applied to the kept
// view), and callers get it with the whole view, as a 1.0 update. A delta
// that does not apply (a missed update, a checksum mismatch) asks the server
// for a full view; its reply (request_id 0) arrives as a push.
void Client::whole_view(v1::MatchUpdate& update) {
  if (update.judge_view()) return;  // a judge's full view: always whole, never the base of a delta
  switch (matches_.store(update)) {
    case ViewStatus::Applied:
      if (update.has_view_delta()) deltas_applied_++;
      if (auto kept = matches_.latest(update.room_id())) {
        *update.mutable_view() = kept->view();
        update.clear_view_delta();
      }
      return;
    case ViewStatus::NeedFullView: {
      v1::ClientMessage ask;
      ask.mutable_request_view()->set_room_id(update.room_id());
      try {
        send(ask);
      } catch (const ClientError&) {
        // closed: nothing to ask any more
      }
      return;
    }
    default:
      return;
  }
}

void Client::fail_protocol(const std::string& why) {
  ClientError error(ClientError::Kind::Protocol, "PROTOCOL_ERROR", why);
  tracker_.fail(error);
  inbox_.close(error);
  if (Connection* connection = live_.load()) connection->close(1002, "protocol error");
}

void Client::on_close(const CloseInfo& info) {
  {
    std::lock_guard lock(mutex_);
    close_info_ = info;
  }
  closed_cv_.notify_all();
  ClientError error(ClientError::Kind::Closed, "CLOSED",
                    "connection closed: " + std::to_string(info.code) + (info.reason.empty() ? "" : " " + info.reason));
  tracker_.fail(error);
  inbox_.close(error);
}

// --- requests ------------------------------------------------------------------

Client::Millis Client::timeout_or_default(std::optional<Millis> timeout) const {
  return timeout.value_or(options_.timeout);
}

void Client::send(const v1::ClientMessage& message) { send_raw(message.SerializeAsString(), true); }

void Client::send_raw(std::string bytes, bool binary) {
  if (const auto info = close_info()) {
    throw ClientError(
        ClientError::Kind::Closed, "CLOSED",
        "connection closed: " + std::to_string(info->code) + (info->reason.empty() ? "" : " " + info->reason));
  }
  connection_->send(std::move(bytes), binary);
}

v1::ServerMessage Client::request(v1::ClientMessage message, std::optional<Millis> timeout) {
  const std::uint64_t id = tracker_.open();
  message.set_request_id(id);
  try {
    send(message);
  } catch (...) {
    tracker_.cancel(id);
    throw;
  }
  const Millis limit = timeout_or_default(timeout);
  auto reply = tracker_.wait(id, limit);
  if (!reply) {
    throw ClientError(ClientError::Kind::Timeout, "TIMEOUT",
                      "no reply to " + body_name(message) + " (request " + std::to_string(id) + ") within " +
                          std::to_string(limit.count()) + " ms");
  }
  return std::move(*reply);
}

v1::ServerMessage Client::call(v1::ClientMessage message, std::optional<Millis> timeout) {
  v1::ServerMessage reply = request(std::move(message), timeout);
  if (reply.has_error()) throw ClientError::from_server(reply.error());
  return reply;
}

// --- session -------------------------------------------------------------------

v1::Welcome Client::hello(std::uint32_t min_version, std::uint32_t max_version) {
  v1::ClientMessage message;
  auto* hello = message.mutable_hello();
  hello->set_min_version(min_version);
  hello->set_max_version(max_version);
  hello->set_client_name(options_.client_name);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kWelcome);
  std::lock_guard lock(mutex_);
  welcome_ = reply.welcome();
  return reply.welcome();
}

std::optional<v1::LoggedIn> Client::register_player(const std::string& username, const std::string& password) {
  v1::ClientMessage message;
  message.mutable_register_()->set_username(username);
  message.mutable_register_()->set_password(password);
  const v1::ServerMessage reply = call(std::move(message));
  if (!reply.has_logged_in()) return std::nullopt;
  std::lock_guard lock(mutex_);
  token_ = reply.logged_in().token();
  return reply.logged_in();
}

v1::LoggedIn Client::login(const std::string& username, const std::string& password) {
  v1::ClientMessage message;
  message.mutable_login()->set_username(username);
  message.mutable_login()->set_password(password);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kLoggedIn);
  std::lock_guard lock(mutex_);
  token_ = reply.logged_in().token();
  return reply.logged_in();
}

v1::LoggedIn Client::resume(const std::string& token, std::uint64_t last_seq) {
  v1::ClientMessage message;
  message.mutable_resume()->set_token(token);
  message.mutable_resume()->set_last_seq(last_seq);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kLoggedIn);
  std::lock_guard lock(mutex_);
  token_ = reply.logged_in().token().empty() ? token : reply.logged_in().token();
  return reply.logged_in();
}

void Client::logout() {
  v1::ClientMessage message;
  message.mutable_logout();
  call(std::move(message));
  std::lock_guard lock(mutex_);
  token_.clear();
}

v1::Pong Client::ping(std::uint64_t nonce) {
  v1::ClientMessage message;
  message.mutable_ping()->set_nonce(nonce);
  const v1::ServerMessage reply = request(std::move(message));
  expect_body(reply, v1::ServerMessage::kPong);
  return reply.pong();
}

// --- pushes --------------------------------------------------------------------

std::optional<v1::ServerMessage> Client::next_push(Millis timeout) { return inbox_.pop(timeout); }

v1::MatchUpdate Client::wait_for_match_update(const std::string& room, const UpdatePredicate& predicate,
                                              std::optional<Millis> timeout) {
  auto matches = [&](const v1::ServerMessage& message) {
    if (!message.has_match_update()) return false;
    const auto& update = message.match_update();
    return (room.empty() || update.room_id() == room) && (!predicate || predicate(update));
  };
  const Millis limit = timeout_or_default(timeout);
  auto message = inbox_.pop(limit, matches);
  if (!message) {
    throw ClientError(
        ClientError::Kind::Timeout, "TIMEOUT",
        "no matching MatchUpdate for room '" + room + "' within " + std::to_string(limit.count()) + " ms");
  }
  return message->match_update();
}

std::optional<v1::MatchUpdate> Client::latest_match_update(const std::string& room) const {
  return matches_.latest(room);
}

void Client::discard_pushes() { inbox_.clear(); }

// --- state ---------------------------------------------------------------------

std::string Client::token() const {
  std::lock_guard lock(mutex_);
  return token_;
}

std::optional<v1::Welcome> Client::welcome() const {
  std::lock_guard lock(mutex_);
  return welcome_;
}

std::optional<CloseInfo> Client::close_info() const {
  std::lock_guard lock(mutex_);
  return close_info_;
}

std::optional<CloseInfo> Client::wait_closed(Millis timeout) const {
  std::unique_lock lock(mutex_);
  closed_cv_.wait_for(lock, timeout, [&] { return close_info_.has_value(); });
  return close_info_;
}

void Client::close(int code, const std::string& reason) {
  if (connection_) connection_->close(code, reason);
}

}  // namespace concord::client
