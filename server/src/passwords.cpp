// Password hashing and tokens.
#include "passwords.hpp"

#include <sodium.h>

#include <stdexcept>
#include <vector>

#include "concord/rules/seed.hpp"

namespace concord::server {

void init_crypto() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium initialisation failed");
}

std::string hash_password(const std::string& password) {
  char out[crypto_pwhash_STRBYTES];
  if (crypto_pwhash_str_alg(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                            crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0) {
    throw std::runtime_error("password hashing ran out of memory");
  }
  return out;
}

bool verify_password(const std::string& encoded_hash, const std::string& password) {
  return crypto_pwhash_str_verify(encoded_hash.c_str(), password.data(), password.size()) == 0;
}

namespace {

constexpr std::size_t kRoomKeyBytes = 16;
constexpr std::size_t kRoomHashBytes = 32;

std::string to_hex(const unsigned char* bytes, std::size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes, size);
  hex.pop_back();
  return hex;
}

std::string keyed_hash_hex(const unsigned char* key, const std::string& password) {
  unsigned char out[kRoomHashBytes];
  crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(password.data()), password.size(),
                     key, kRoomKeyBytes);
  return to_hex(out, sizeof out);
}

}  // namespace

std::string room_password_hash(const std::string& password) {
  unsigned char key[kRoomKeyBytes];
  randombytes_buf(key, sizeof key);
  return "b2$" + to_hex(key, sizeof key) + "$" + keyed_hash_hex(key, password);
}

bool room_password_matches(const std::string& stored_hash, const std::string& password) {
  constexpr std::size_t kKeyHex = kRoomKeyBytes * 2;
  constexpr std::size_t kHashHex = kRoomHashBytes * 2;
  if (stored_hash.size() != 3 + kKeyHex + 1 + kHashHex || stored_hash.compare(0, 3, "b2$") != 0 ||
      stored_hash[3 + kKeyHex] != '$') {
    return false;
  }
  unsigned char key[kRoomKeyBytes];
  std::size_t length = 0;
  if (sodium_hex2bin(key, sizeof key, stored_hash.data() + 3, kKeyHex, nullptr, &length, nullptr) != 0 ||
      length != sizeof key) {
    return false;
  }
  const std::string expected = stored_hash.substr(3 + kKeyHex + 1);
  const std::string actual = keyed_hash_hex(key, password);
  return sodium_memcmp(expected.data(), actual.data(), kHashHex) == 0;
}

std::string random_hex(std::size_t bytes) {
  std::vector<unsigned char> raw(bytes);
  randombytes_buf(raw.data(), raw.size());
  std::string hex(bytes * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), raw.data(), raw.size());
  hex.pop_back();
  return hex;
}

std::string new_session_token() { return random_hex(32); }

std::string token_hash(const std::string& token) { return rules::sha256_hex(token); }

}  // namespace concord::server
