// StateHasher: a tagged byte encoding of the fields a game feeds,
// hashed as it is fed (XXH64, or SHA-256 for hashes journaled before); the
// version decides the function and the rendering (hash.hpp). Tags
// keep e.g. add(int64 1) and add(uint64 1) apart; strings are length-prefixed
// so "ab"+"c" differs from "a"+"bc".
#include "concord/rules/hash.hpp"

#include <algorithm>
#include <cstring>

#include "concord/rules/seed.hpp"
#include "sha256_blocks.hpp"
#include "xxh64.hpp"

namespace concord::rules {

namespace {

// The prefix of a hash's text from Fields on: "v<version>:".
std::string_view prefix_of(StateHashVersion version) {
  switch (version) {
    case StateHashVersion::Sha256:
    case StateHashVersion::Xxh64: return {};
    case StateHashVersion::Fields: return "v3:";
    case StateHashVersion::CardHashes: return "v4:";
    case StateHashVersion::PackedLists: return "v5:";
  }
  return {};
}

}  // namespace

std::optional<StateHashVersion> state_hash_version(std::string_view hash) {
  if (hash.size() == 64) return StateHashVersion::Sha256;
  if (hash.size() == 16) return StateHashVersion::Xxh64;
  for (const auto version : {StateHashVersion::Fields, StateHashVersion::CardHashes, StateHashVersion::PackedLists}) {
    const std::string_view prefix = prefix_of(version);
    if (hash.size() == prefix.size() + 16 && hash.starts_with(prefix)) return version;
  }
  return std::nullopt;
}

std::uint64_t xxh64(std::string_view bytes) {
  return xxh::digest(xxh::initial_lanes(), reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                     bytes.size());
}

StateHasher::StateHasher(StateHashVersion version)
    : version_(version), state_(sha256_initial_state()), lanes_(xxh::initial_lanes()) {}

// Blocks of 64 bytes: SHA-256's, and two of XXH64's 32-byte stripes.
void StateHasher::compress() {
  const std::size_t blocks = fill_ / 64;
  if (version_ == StateHashVersion::Sha256) {
    sha256_blocks()(state_, buffer_.data(), blocks);
  } else {
    xxh::absorb(lanes_, buffer_.data(), blocks * 2);
  }
  compressed_ += blocks * 64;
  const std::size_t rest = fill_ - blocks * 64;
  std::memmove(buffer_.data(), buffer_.data() + blocks * 64, rest);
  fill_ = rest;
}

StateHasher& StateHasher::add_long(std::string_view s) {
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
  if (version_ == StateHashVersion::Sha256) {
    return digest_hex(sha256_finish(sha256_blocks(), state_, buffer_.data(), fill_, compressed_));
  }
  const auto h = xxh::digest(lanes_, buffer_.data(), fill_, compressed_ + fill_);
  // The 16 digits a byte (two digits) at a time, into a buffer copied once.
  static constexpr auto pairs = [] {
    std::array<char, 512> table{};
    constexpr char digits[] = "0123456789abcdef";
    for (std::size_t b = 0; b < 256; ++b) table[2 * b] = digits[b >> 4], table[2 * b + 1] = digits[b & 0xF];
    return table;
  }();
  const std::string_view prefix = prefix_of(version_);
  char text[3 + 16];
  std::copy(prefix.begin(), prefix.end(), text);
  for (std::size_t i = 0; i < 8; ++i) {
    const std::size_t b = (h >> (56 - 8 * i)) & 0xFF;
    text[prefix.size() + 2 * i] = pairs[2 * b];
    text[prefix.size() + 2 * i + 1] = pairs[2 * b + 1];
  }
  return std::string(text, prefix.size() + 16);
}

}  // namespace concord::rules
