// StateHasher: a tagged, fixed-width byte encoding of the fields a game feeds,
// hashed with SHA-256 as it is fed. Tags keep e.g. add(int64 1) and
// add(uint64 1) apart; strings are length-prefixed so "ab"+"c" differs from
// "a"+"bc".
#include "concord/rules/hash.hpp"

#include <algorithm>
#include <cstring>

#include "concord/rules/seed.hpp"
#include "sha256_blocks.hpp"

namespace concord::rules {

StateHasher::StateHasher() : state_(sha256_initial_state()) {}

void StateHasher::compress() {
  const std::size_t blocks = fill_ / 64;
  sha256_blocks()(state_, buffer_.data(), blocks);
  compressed_ += blocks * 64;
  const std::size_t rest = fill_ - blocks * 64;
  std::memmove(buffer_.data(), buffer_.data() + blocks * 64, rest);
  fill_ = rest;
}

StateHasher& StateHasher::add(std::string_view s) {
  put('s', s.size());
  while (!s.empty()) {
    if (fill_ == buffer_.size()) compress();
    const std::size_t n = std::min(s.size(), buffer_.size() - fill_);
    std::memcpy(buffer_.data() + fill_, s.data(), n);
    fill_ += n;
    s.remove_prefix(n);
  }
  return *this;
}

std::string StateHasher::hex() const {
  return digest_hex(sha256_finish(sha256_blocks(), state_, buffer_.data(), fill_, compressed_));
}

}  // namespace concord::rules
