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
