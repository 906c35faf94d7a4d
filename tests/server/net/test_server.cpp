#include "test_server.hpp"

namespace concord::server::testing {

Config test_config() {
  Config config;
  config.address = "127.0.0.1";
  config.port = 0;
  config.threads = 2;
  config.handshake_timeout_s = 2;
  config.idle_timeout_s = 30;
  return config;
}

void RecordingHandler::set_hook(Hook hook) {
  std::lock_guard lock(mutex_);
  hook_ = std::move(hook);
}

void RecordingHandler::reply_pong(const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
  if (!message.has_ping()) return;
  concord::v1::ServerMessage reply;
  reply.set_request_id(message.request_id());
  reply.mutable_pong()->set_nonce(message.ping().nonce());
  link->send(reply);
}

void RecordingHandler::on_open(const std::shared_ptr<ClientLink>& link) {
  std::lock_guard lock(mutex_);
  ++opens_;
  links_.push_back(link);
  changed_.notify_all();
}

void RecordingHandler::on_message(const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) {
  Hook hook;
  {
    std::lock_guard lock(mutex_);
    ++messages_;
    hook = hook_;
    changed_.notify_all();
  }
  if (hook) hook(link, message);
  else reply_pong(link, message);
}

void RecordingHandler::on_close(const std::shared_ptr<ClientLink>& link) {
  std::lock_guard lock(mutex_);
  ++closes_[link->id()];
  changed_.notify_all();
}

int RecordingHandler::opens() const {
  std::lock_guard lock(mutex_);
  return opens_;
}

int RecordingHandler::messages() const {
  std::lock_guard lock(mutex_);
  return messages_;
}

int RecordingHandler::closes() const {
  std::lock_guard lock(mutex_);
  int total = 0;
  for (const auto& [id, count] : closes_) total += count;
  return total;
}

std::map<std::uint64_t, int> RecordingHandler::closes_by_link() const {
  std::lock_guard lock(mutex_);
  return closes_;
}

std::vector<std::shared_ptr<ClientLink>> RecordingHandler::links() const {
  std::lock_guard lock(mutex_);
  std::vector<std::shared_ptr<ClientLink>> live;
  for (const auto& weak : links_) {
    if (auto link = weak.lock()) live.push_back(std::move(link));
  }
  return live;
}

bool RecordingHandler::wait_until(const std::function<bool()>& pred, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!pred()) {  // pred() may call the accessors, so it runs unlocked
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, std::chrono::milliseconds(10));
  }
  return true;
}

TestServer::TestServer(Config config, std::shared_ptr<RecordingHandler> handler)
    : config_(std::move(config)), handler_(std::move(handler)), work_(boost::asio::make_work_guard(ioc_)) {
  server_ = std::make_unique<NetworkServer>(ioc_, config_, handler_);
  for (int i = 0; i < config_.threads; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

TestServer::~TestServer() {
  server_->stop();
  // Let the sessions finish closing (on_close for each) before stopping the threads.
  handler_->wait_until([this] { return handler_->closes() >= handler_->opens(); });
  work_.reset();
  ioc_.stop();
  for (auto& thread : threads_) thread.join();
  server_.reset();
}

}  // namespace concord::server::testing
