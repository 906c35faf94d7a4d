// Reads a libFuzzer input as a stream of decisions. Past the end every read
// returns zeros, so any input (also the empty one) is a complete script.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "concord/rules/seed.hpp"

namespace concord::fuzz {

class FuzzInput {
 public:
  FuzzInput(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  bool empty() const { return pos_ >= size_; }
  std::size_t remaining() const { return empty() ? 0 : size_ - pos_; }

  std::uint8_t byte();
  std::uint64_t u64();                        // 8 bytes, little-endian
  std::uint64_t below(std::uint64_t bound);   // in [0, bound); bound > 0
  std::int64_t between(std::int64_t lo, std::int64_t hi);  // inclusive, lo <= hi
  // Up to `max` bytes: a length byte, then that many bytes.
  std::string text(std::size_t max);
  // The next `n` bytes (fewer at the end).
  std::string_view take(std::size_t n);
  // Everything left.
  std::string_view rest();
  // A 256-bit seed from the next 8 bytes (SHA-256 of them, so any input seeds well).
  rules::Seed seed();

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

}  // namespace concord::fuzz
