// NetworkServer: the listener plus the state its sessions share.
#include "concord/server/network.hpp"

#include <atomic>
#include <stdexcept>
#include <string>
#include <utility>

#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/system/system_error.hpp>
#include <spdlog/spdlog.h>

#include "listener.hpp"
#include "net_context.hpp"

namespace concord::server {

namespace {

std::unique_ptr<boost::asio::ssl::context> make_tls_context(const Config& config) {
  namespace ssl = boost::asio::ssl;
  if (config.tls_cert.empty() && config.tls_key.empty()) return nullptr;
  if (config.tls_cert.empty() || config.tls_key.empty()) {
    throw std::runtime_error("TLS needs both a certificate and a private key");
  }
  auto tls = std::make_unique<ssl::context>(ssl::context::tls_server);
  tls->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                   ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1 | ssl::context::single_dh_use);
  try {
    tls->use_certificate_chain_file(config.tls_cert);
    tls->use_private_key_file(config.tls_key, ssl::context::pem);
  } catch (const boost::system::system_error& e) {
    throw std::runtime_error("cannot load TLS certificate '" + config.tls_cert + "' / key '" + config.tls_key +
                             "': " + e.what());
  }
  return tls;
}

}  // namespace

struct NetworkServer::Impl {
  explicit Impl(boost::asio::io_context& io) : ioc(io), drain_timer(io) {}
  void wait_drained(std::chrono::steady_clock::time_point deadline, std::function<void()> done);

  boost::asio::io_context& ioc;
  std::shared_ptr<net::NetContext> context;
  std::shared_ptr<net::Listener> listener;
  std::atomic<bool> stopped{false};
  boost::asio::steady_timer drain_timer;
};

// Polls: the sessions end on their own strands, each after its close handshake.
void NetworkServer::Impl::wait_drained(std::chrono::steady_clock::time_point deadline, std::function<void()> done) {
  if (context->registry.size() == 0 || std::chrono::steady_clock::now() >= deadline) {
    if (context->registry.size() != 0) {
      spdlog::warn("net: {} connection(s) still closing at the shutdown deadline", context->registry.size());
    }
    return done();
  }
  drain_timer.expires_after(std::chrono::milliseconds(10));
  drain_timer.async_wait([this, deadline, done = std::move(done)](const boost::system::error_code&) mutable {
    wait_drained(deadline, std::move(done));
  });
}

NetworkServer::NetworkServer(boost::asio::io_context& ioc, const Config& config,
                             std::shared_ptr<MessageHandler> handler, std::shared_ptr<HttpJsonSource> json)
    : impl_(std::make_unique<Impl>(ioc)) {
  if (!handler) throw std::invalid_argument("NetworkServer needs a MessageHandler");
  auto context = std::make_shared<net::NetContext>();
  context->config = config;
  context->handler = std::move(handler);
  context->json = std::move(json);
  context->tls = make_tls_context(config);
  impl_->context = context;
  impl_->listener = std::make_shared<net::Listener>(ioc, context);
  impl_->listener->run();
  spdlog::info("net: listening on {}:{} ({})", config.address, impl_->listener->port(),
               context->tls ? "TLS" : "plain");
}

NetworkServer::~NetworkServer() {
  stop();
}

unsigned short NetworkServer::port() const {
  return impl_->listener->port();
}

void NetworkServer::stop() {
  if (impl_->stopped.exchange(true)) return;
  impl_->listener->stop();
  impl_->context->registry.shutdown_all();
}

void NetworkServer::shutdown(std::chrono::milliseconds deadline, std::function<void()> done) {
  stop();
  boost::asio::post(impl_->drain_timer.get_executor(),
                    [impl = impl_.get(), until = std::chrono::steady_clock::now() + deadline,
                     done = std::move(done)]() mutable { impl->wait_drained(until, std::move(done)); });
}

std::size_t NetworkServer::live_connections() const {
  return impl_->context->registry.size();
}

}  // namespace concord::server
