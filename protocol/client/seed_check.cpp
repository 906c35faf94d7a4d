#include "client/seed_check.hpp"

#include <openssl/sha.h>

#include <algorithm>
#include <cctype>

namespace concord::client {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> decode_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string bytes;
  bytes.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    const int high = hex_value(hex[i]);
    const int low = hex_value(hex[i + 1]);
    if (high < 0 || low < 0) return std::nullopt;
    bytes.push_back(static_cast<char>(high * 16 + low));
  }
  return bytes;
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

std::optional<std::string> sha256_of_hex(std::string_view hex) {
  const auto bytes = decode_hex(hex);
  if (!bytes) return std::nullopt;
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(bytes->data()), bytes->size(), digest);
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char byte : digest) {
    out.push_back(kDigits[byte >> 4]);
    out.push_back(kDigits[byte & 0x0f]);
  }
  return out;
}

bool seed_matches_commitment(std::string_view seed_hex, std::string_view commitment_hex) {
  if (seed_hex.empty()) return false;
  const auto digest = sha256_of_hex(seed_hex);
  return digest && *digest == lower(commitment_hex);
}

}  // namespace concord::client
