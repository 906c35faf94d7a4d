// 256-bit match seeds and their SHA-256 commitment.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace concord::rules {

struct Seed {
  std::array<std::uint8_t, 32> bytes{};

  std::string hex() const;                                   // 64 lowercase hex chars
  static std::optional<Seed> from_hex(std::string_view hex);  // nullopt if malformed
  // The public commitment: lowercase hex SHA-256 of the 32 seed bytes.
  std::string commitment() const;
  bool operator==(const Seed&) const = default;
};

// Lowercase hex SHA-256 of arbitrary bytes (FIPS 180-4, implemented in rules/core).
std::string sha256_hex(std::string_view data);
std::array<std::uint8_t, 32> sha256(std::string_view data);
// The same digest by the portable block function, whatever the processor: the
// reference the hardware path (x86 SHA extensions) is tested against.
std::array<std::uint8_t, 32> sha256_portable(std::string_view data);
// "sha-ni" where the processor has the SHA extensions, else "portable".
std::string_view sha256_implementation();

}  // namespace concord::rules
