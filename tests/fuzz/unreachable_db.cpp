// persistence::WorkerPool without a database (see unreachable_db.hpp).
#include "unreachable_db.hpp"

#include <deque>
#include <mutex>

#include "concord/persistence/journal.hpp"

namespace {

std::mutex g_mutex;
std::deque<concord::persistence::WorkerPool::Unavailable> g_unavailable;

}  // namespace

namespace concord::persistence {

WorkerPool::WorkerPool(DatabaseConfig config, int) : config_(std::move(config)) {}

WorkerPool::~WorkerPool() = default;

void WorkerPool::post(Job, Unavailable on_unavailable) {
  std::lock_guard lock(g_mutex);
  g_unavailable.push_back(std::move(on_unavailable));
}

std::size_t WorkerPool::queued() const {
  std::lock_guard lock(g_mutex);
  return g_unavailable.size();
}

}  // namespace concord::persistence

namespace concord::fuzz {

std::size_t answer_unreachable_jobs() {
  std::size_t ran = 0;
  for (;;) {
    persistence::WorkerPool::Unavailable next;
    {
      std::lock_guard lock(g_mutex);
      if (g_unavailable.empty()) return ran;
      next = std::move(g_unavailable.front());
      g_unavailable.pop_front();
    }
    ++ran;
    if (next) next();
  }
}

bool take_last_job() {
  std::lock_guard lock(g_mutex);
  if (g_unavailable.empty()) return false;
  g_unavailable.pop_back();
  return true;
}

}  // namespace concord::fuzz
