// WorkerPool: threads that each own a database connection and run jobs.
#include "concord/persistence/journal.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "connection_util.hpp"

namespace concord::persistence {

namespace {

constexpr int kConnectAttempts = 3;
constexpr std::chrono::milliseconds kConnectBackoff{100};

// A live connection, reusing `conn` if it still works. Throws if the database
// stays unreachable for kConnectAttempts attempts.
pqxx::connection& ensure_connected(std::unique_ptr<pqxx::connection>& conn,
                                   const DatabaseConfig& config) {
  for (int attempt = 1; detail::connection_lost(conn.get()); ++attempt) {
    try {
      conn = detail::connect_named(config, "concord-worker");
    } catch (const std::exception& e) {
      conn.reset();
      if (attempt >= kConnectAttempts) throw;
      spdlog::warn("worker pool: connect failed ({}), retrying", e.what());
      std::this_thread::sleep_for(kConnectBackoff * attempt);
    }
  }
  return *conn;
}

// The connection for a job, or null (after calling on_unavailable) if the
// database stays unreachable.
pqxx::connection* connection_for_job(std::unique_ptr<pqxx::connection>& conn, const DatabaseConfig& config,
                                     const WorkerPool::Unavailable& on_unavailable) {
  try {
    return &ensure_connected(conn, config);
  } catch (const std::exception& e) {
    spdlog::error("worker pool: database unreachable, job not run: {}", e.what());
    if (on_unavailable) on_unavailable();
    return nullptr;
  }
}

void run_job(const WorkerPool::Job& job, const WorkerPool::Unavailable& on_unavailable,
             std::unique_ptr<pqxx::connection>& conn, const DatabaseConfig& config) {
  pqxx::connection* live = connection_for_job(conn, config, on_unavailable);
  if (!live) return;
  try {
    job(*live);
  } catch (const std::exception& e) {
    spdlog::error("worker pool: job failed, resetting its connection: {}", e.what());
    conn.reset();
  } catch (...) {
    spdlog::error("worker pool: job threw a non-standard exception, resetting its connection");
    conn.reset();
  }
}

}  // namespace

WorkerPool::WorkerPool(DatabaseConfig config, int threads) : config_(std::move(config)) {
  const int count = std::max(1, threads);
  threads_.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) threads_.emplace_back([this] { run(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& thread : threads_) thread.join();
}

void WorkerPool::post(Job job, Unavailable on_unavailable) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back({std::move(job), std::move(on_unavailable)});
  }
  cv_.notify_one();
}

std::size_t WorkerPool::queued() const {
  std::lock_guard lock(mutex_);
  return jobs_.size();
}

void WorkerPool::run() {
  std::unique_ptr<pqxx::connection> conn;  // connected lazily, on the first job
  for (;;) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, and every queued job has run
    Queued next = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    run_job(next.job, next.on_unavailable, conn, config_);
  }
}

}  // namespace concord::persistence
