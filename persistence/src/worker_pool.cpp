// WorkerPool: threads that each own a database connection and run jobs.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "concord/persistence/journal.hpp"
#include "connection_util.hpp"

namespace concord::persistence {

namespace {

using Clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kFirstBackoff{100};
constexpr std::chrono::milliseconds kMaxBackoff{1000};

void tell_unavailable(const WorkerPool::Unavailable& on_unavailable) {
  if (!on_unavailable) return;
  try {
    on_unavailable();
  } catch (const std::exception& e) {
    spdlog::error("worker pool: on_unavailable threw: {}", e.what());
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
  Link link;  // connected lazily, on the first job
  for (;;) {
    std::unique_lock lock(mutex_);
    cv_.wait_for(lock, kMaxBackoff, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty() && stopping_) return;  // every queued job has run
    if (jobs_.empty()) {
      lock.unlock();
      // Idle: while the database is unreachable, try to reconnect when due,
      // so that reachability() tells when it is back without a request.
      if (!reachability_.get().reachable) ensure_connected(link);
      continue;
    }
    Queued next = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    run_job(next, link);
  }
}

void WorkerPool::run_job(const Queued& next, Link& link) {
  if (!ensure_connected(link)) {
    tell_unavailable(next.on_unavailable);
    return;
  }
  auto& conn = link.conn;
  try {
    next.job(*conn);
  } catch (const pqxx::broken_connection& e) {
    // Not yet an outage (one backend may have been ended): the next job
    // reconnects, and only a failed connection counts as unreachable.
    spdlog::error("worker pool: connection lost during a job: {}", e.what());
    conn.reset();
  } catch (const std::exception& e) {
    spdlog::error("worker pool: job failed, resetting its connection: {}", e.what());
    conn.reset();
  } catch (...) {
    spdlog::error("worker pool: job threw a non-standard exception, resetting its connection");
    conn.reset();
  }
}

// A live connection in `link`, or false if the database is unreachable (or
// was, and the next attempt is not due yet). A connection made before the
// last outage began is replaced: it would fail its next job.
bool WorkerPool::ensure_connected(Link& link) {
  if (link.outages != outages_.load()) link.conn.reset();
  if (!detail::connection_lost(link.conn.get())) return true;
  if (!connect_due()) return false;
  try {
    link.outages = outages_.load();
    link.conn = detail::connect_named(config_, "concord-worker");
    record(true);
    return true;
  } catch (const std::exception& e) {
    link.conn.reset();
    if (reachability_.get().reachable) spdlog::error("worker pool: cannot connect: {}", e.what());
    record(false);
    return false;
  }
}

bool WorkerPool::connect_due() {
  std::lock_guard lock(backoff_mutex_);
  return backoff_.count() == 0 || Clock::now() >= next_connect_;
}

// Tracks reachability and the back-off between connection attempts.
void WorkerPool::record(bool reachable) {
  {
    std::lock_guard lock(backoff_mutex_);
    backoff_ = reachable ? std::chrono::milliseconds(0)
                         : std::clamp(backoff_ * 2, kFirstBackoff, kMaxBackoff);
    next_connect_ = Clock::now() + backoff_;
  }
  const double change = reachability_.mark(reachable);
  if (change < 0) ++outages_;
  if (change < 0) spdlog::error("worker pool: database unreachable; requests get UNAVAILABLE until it is back");
  if (change > 0) spdlog::warn("worker pool: database reachable again after {:.1f} s", change);
}

}  // namespace concord::persistence
