// Password hashing (Argon2id via libsodium) and session tokens.
#pragma once

#include <string>

namespace concord::server {

// Must be called once before any other function here (sodium_init).
void init_crypto();

// Argon2id encoded hash (crypto_pwhash_str_alg, interactive limits).
std::string hash_password(const std::string& password);
bool verify_password(const std::string& encoded_hash, const std::string& password);

// 32 random bytes as 64 hex chars; stored only as token_hash().
std::string new_session_token();
std::string token_hash(const std::string& token);

// Random lowercase hex string of `bytes` random bytes.
std::string random_hex(std::size_t bytes);

}  // namespace concord::server
