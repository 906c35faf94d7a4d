// Checks that ServerMessage.seq is strictly increasing per connection,
// starting at 1. Thread-safe.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

namespace concord::client {

class SeqChecker {
 public:
  // Records `seq` and returns nullopt, or returns a description of the
  // violation (seq 0, or not greater than the previous one) and records nothing.
  std::optional<std::string> accept(std::uint64_t seq);
  // The last accepted seq (0 before the first message).
  std::uint64_t last() const { return last_.load(); }

 private:
  std::atomic<std::uint64_t> last_{0};
};

}  // namespace concord::client
