// Password hashing (Argon2id via libsodium) and session tokens.
#pragma once

#include <string>

namespace concord::server {

// Must be called once before any other function here (sodium_init).
void init_crypto();

// Argon2id encoded hash (crypto_pwhash_str_alg, interactive limits).
std::string hash_password(const std::string& password);
bool verify_password(const std::string& encoded_hash, const std::string& password);

// Room passwords are checked on every join, on a room's strand, so they use a
// fast salted hash (keyed BLAKE2b with a random 16-byte key stored beside it):
// "b2$<key hex>$<hash hex>". Stored with the match; never the plaintext.
std::string room_password_hash(const std::string& password);
bool room_password_matches(const std::string& stored_hash, const std::string& password);

// 32 random bytes as 64 hex chars; stored only as token_hash().
std::string new_session_token();
std::string token_hash(const std::string& token);

// Random lowercase hex string of `bytes` random bytes.
std::string random_hex(std::size_t bytes);

}  // namespace concord::server
