// Verifying a match's seed commitment: the server publishes
// seed_commitment = hex(SHA-256(seed bytes)) when the match starts and
// reveals seed_hex (the 32 seed bytes in hex) in MatchResult at the end.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace concord::client {

// Lowercase hex SHA-256 of the bytes encoded by `hex`; nullopt if `hex` is not
// an even-length hex string.
std::optional<std::string> sha256_of_hex(std::string_view hex);

// True if sha256(seed bytes) equals the commitment (hex compared
// case-insensitively).
bool seed_matches_commitment(std::string_view seed_hex, std::string_view commitment_hex);

}  // namespace concord::client
