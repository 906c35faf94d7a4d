// StateHasher: builds a state_hash() from a match's fields in a fixed order.
// Games feed every piece of state (including hidden state and RNG state) in a
// deterministic order; the result is a lowercase hex SHA-256.
// The bytes hashed are a tagged, fixed-width encoding ('i'/'u' + 8 bytes
// little-endian, 's' + 8-byte length + the bytes), streamed through SHA-256
// 1 KiB at a time: no buffer of the whole state is built (a room hashes the
// state after every accepted command).
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::rules {

class StateHasher {
 public:
  StateHasher();
  StateHasher& add(std::int64_t v) { return put('i', static_cast<std::uint64_t>(v)); }
  StateHasher& add(std::uint64_t v) { return put('u', v); }
  StateHasher& add(int v) { return add(static_cast<std::int64_t>(v)); }
  StateHasher& add(bool v) { return add(static_cast<std::int64_t>(v ? 1 : 0)); }
  StateHasher& add(std::string_view s);  // length-prefixed
  std::string hex() const;               // SHA-256 of everything added

 private:
  StateHasher& put(char tag, std::uint64_t v) {
    if (fill_ + 9 > buffer_.size()) compress();
    buffer_[fill_] = static_cast<std::uint8_t>(tag);
    for (std::size_t i = 0; i < 8; ++i) buffer_[fill_ + 1 + i] = static_cast<std::uint8_t>(v >> (8 * i));
    fill_ += 9;
    return *this;
  }
  void compress();  // hashes the whole blocks of buffer_ and keeps the rest

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 1024> buffer_;
  std::size_t fill_ = 0;
  std::uint64_t compressed_ = 0;  // bytes already in state_
};

// A StateHasher resumed after the first part of a state's encoding, when that
// part depends only on a few lists that rarely change (EverZone: which card
// and which owner each instance has, fixed for the whole match). The part is
// fed once per distinct key and the hasher copied from then on; the hash is
// the same as feeding it every time. A copy of the cache starts empty.
class StateHasherPrefix {
 public:
  StateHasherPrefix() = default;
  StateHasherPrefix(const StateHasherPrefix&) {}
  StateHasherPrefix& operator=(const StateHasherPrefix&) { return *this; }

  // A hasher that has absorbed what `feed` adds; `feed` must add only what
  // `key` (the lists it reads) determines.
  template <typename Feed>
  StateHasher resume(std::initializer_list<const std::vector<int>*> key, Feed&& feed) const {
    std::lock_guard lock(mutex_);
    if (!hasher_ || !same_key(key)) {
      key_.clear();
      for (const auto* list : key) key_.push_back(*list);
      StateHasher h;
      feed(h);
      hasher_ = h;
    }
    return *hasher_;
  }

 private:
  bool same_key(std::initializer_list<const std::vector<int>*> key) const {
    if (key.size() != key_.size()) return false;
    std::size_t i = 0;
    for (const auto* list : key) {
      if (*list != key_[i++]) return false;
    }
    return true;
  }

  mutable std::mutex mutex_;
  mutable std::vector<std::vector<int>> key_;
  mutable std::optional<StateHasher> hasher_;
};

}  // namespace concord::rules
