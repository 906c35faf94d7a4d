// StateHasher: a tagged, fixed-width byte encoding of the fields a game feeds,
// hashed with SHA-256. Tags keep e.g. add(int64 1) and add(uint64 1) apart;
// strings are length-prefixed so "ab"+"c" differs from "a"+"bc".
#include "concord/rules/hash.hpp"

#include "concord/rules/seed.hpp"

namespace concord::rules {

namespace {

void append_le64(std::string& out, std::uint64_t v) {
  char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = static_cast<char>((v >> (8 * i)) & 0xff);
  out.append(bytes, sizeof bytes);
}

}  // namespace

StateHasher& StateHasher::add(std::int64_t v) {
  buffer_.push_back('i');
  append_le64(buffer_, static_cast<std::uint64_t>(v));
  return *this;
}

StateHasher& StateHasher::add(std::uint64_t v) {
  buffer_.push_back('u');
  append_le64(buffer_, v);
  return *this;
}

StateHasher& StateHasher::add(std::string_view s) {
  buffer_.push_back('s');
  append_le64(buffer_, s.size());
  buffer_.append(s);
  return *this;
}

std::string StateHasher::hex() const { return sha256_hex(buffer_); }

}  // namespace concord::rules
