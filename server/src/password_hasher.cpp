// PasswordHasher: a bounded pool for Argon2id work.
#include "password_hasher.hpp"

#include <algorithm>
#include <exception>

#include <spdlog/spdlog.h>

#include "passwords.hpp"

namespace concord::server {

PasswordHasher::PasswordHasher(int threads, std::size_t queue_limit)
    : queue_limit_(queue_limit), dummy_hash_(hash_password(random_hex(16))) {
  const int count = std::max(1, threads);
  threads_.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) threads_.emplace_back([this] { run(); });
}

PasswordHasher::~PasswordHasher() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& thread : threads_) thread.join();
}

bool PasswordHasher::try_post(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || jobs_.size() >= queue_limit_) return false;
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
  return true;
}

void PasswordHasher::run() {
  for (;;) {
    std::unique_lock lock(mutex_);
    cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
    if (jobs_.empty()) return;  // stopping, and every queued job has run
    Job job = std::move(jobs_.front());
    jobs_.pop_front();
    lock.unlock();
    try {
      job();
    } catch (const std::exception& e) {
      spdlog::error("password hasher: a job threw: {}", e.what());
    } catch (...) {
      spdlog::error("password hasher: a job threw a non-standard exception");
    }
  }
}

}  // namespace concord::server
