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
#include <string>
#include <string_view>

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

}  // namespace concord::rules
