// Password hashing off the database workers: a few threads with a bounded
// queue. Argon2id takes tens of milliseconds and 64 MiB per hash; run on the
// database workers it stalled every database request behind a registration
// storm. When the queue is full, try_post refuses and the caller answers
// UNAVAILABLE at once.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace concord::server {

class PasswordHasher {
 public:
  using Job = std::function<void()>;
  // `threads` hashing threads; at most `queue_limit` jobs wait beyond the
  // ones running. Computes the dummy hash (init_crypto() must have run).
  PasswordHasher(int threads, std::size_t queue_limit);
  ~PasswordHasher();  // runs the queued jobs, then joins
  PasswordHasher(const PasswordHasher&) = delete;
  PasswordHasher& operator=(const PasswordHasher&) = delete;

  // Thread-safe. False (job dropped) when the queue is full or stopping.
  // Jobs must not throw (what escapes is logged and dropped).
  bool try_post(Job job);

  // An Argon2id hash of a random password, with the same parameters as
  // hash_password(): verifying against it when a username does not exist
  // takes as long as a real check, so timing does not reveal accounts.
  const std::string& dummy_hash() const { return dummy_hash_; }

 private:
  void run();

  const std::size_t queue_limit_;
  const std::string dummy_hash_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace concord::server
