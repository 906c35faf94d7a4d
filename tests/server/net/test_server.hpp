// A real NetworkServer on 127.0.0.1 with an ephemeral port, running on its
// own io_context threads, and a MessageHandler that records every call.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "concord/server/config.hpp"
#include "concord/server/link.hpp"
#include "concord/server/network.hpp"

namespace concord::server::testing {

// Small limits and timeouts suited to tests.
Config test_config();

class RecordingHandler : public MessageHandler {
 public:
  using Hook = std::function<void(const std::shared_ptr<ClientLink>&, const concord::v1::ClientMessage&)>;

  // Replaces the default behaviour (Ping -> Pong{nonce} with the request_id).
  void set_hook(Hook hook);

  void on_open(const std::shared_ptr<ClientLink>& link) override;
  void on_message(const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message) override;
  void on_close(const std::shared_ptr<ClientLink>& link) override;

  int opens() const;
  int messages() const;
  int closes() const;
  // on_close calls per link id.
  std::map<std::uint64_t, int> closes_by_link() const;
  // The links still alive, in on_open order.
  std::vector<std::shared_ptr<ClientLink>> links() const;
  // Waits until pred() holds (it may call the accessors); false on timeout.
  bool wait_until(const std::function<bool()>& pred, std::chrono::milliseconds timeout = std::chrono::seconds(5));

  static void reply_pong(const std::shared_ptr<ClientLink>& link, const concord::v1::ClientMessage& message);

 private:
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Hook hook_;
  int opens_ = 0;
  int messages_ = 0;
  std::map<std::uint64_t, int> closes_;
  // Weak: a link owns the server context, which owns this handler.
  std::vector<std::weak_ptr<ClientLink>> links_;
};

class TestServer {
 public:
  explicit TestServer(Config config = test_config(),
                      std::shared_ptr<RecordingHandler> handler = std::make_shared<RecordingHandler>());
  ~TestServer();

  unsigned short port() const { return server_->port(); }
  RecordingHandler& handler() { return *handler_; }
  NetworkServer& server() { return *server_; }
  const Config& config() const { return config_; }

 private:
  Config config_;
  std::shared_ptr<RecordingHandler> handler_;
  boost::asio::io_context ioc_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::unique_ptr<NetworkServer> server_;
  std::vector<std::thread> threads_;
};

}  // namespace concord::server::testing
