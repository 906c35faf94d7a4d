#include "fuzz_input.hpp"

#include <algorithm>

namespace concord::fuzz {

std::uint8_t FuzzInput::byte() { return empty() ? 0 : data_[pos_++]; }

std::uint64_t FuzzInput::u64() {
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= static_cast<std::uint64_t>(byte()) << (8 * i);
  return value;
}

std::uint64_t FuzzInput::below(std::uint64_t bound) {
  if (bound <= 1) return 0;
  const std::uint64_t raw = bound <= 256 ? byte() : u64();
  return raw % bound;
}

std::int64_t FuzzInput::between(std::int64_t lo, std::int64_t hi) {
  const auto span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  if (span == UINT64_MAX) return static_cast<std::int64_t>(u64());
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) + below(span + 1));
}

std::string FuzzInput::text(std::size_t max) { return std::string(take(std::min<std::size_t>(byte(), max))); }

std::string_view FuzzInput::take(std::size_t n) {
  const std::size_t length = std::min(n, remaining());
  std::string_view out(reinterpret_cast<const char*>(data_ + pos_), length);
  pos_ += length;
  return out;
}

std::string_view FuzzInput::rest() {
  if (empty()) return {};
  std::string_view out(reinterpret_cast<const char*>(data_ + pos_), size_ - pos_);
  pos_ = size_;
  return out;
}

rules::Seed FuzzInput::seed() {
  const std::uint64_t raw = u64();
  rules::Seed seed;
  seed.bytes = rules::sha256(std::string_view(reinterpret_cast<const char*>(&raw), sizeof raw));
  return seed;
}

}  // namespace concord::fuzz
