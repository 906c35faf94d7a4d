#include "client/seq_checker.hpp"

namespace concord::client {

std::optional<std::string> SeqChecker::accept(std::uint64_t seq) {
  const std::uint64_t previous = last_.load();
  if (seq == 0) return "server message without seq (seq 0)";
  if (seq <= previous) {
    return "seq not strictly increasing: " + std::to_string(seq) + " after " + std::to_string(previous);
  }
  last_.store(seq);
  return std::nullopt;
}

}  // namespace concord::client
