// Text fields sent by clients: UTF-8 validity, length in characters, control
// characters, and cutting on character boundaries.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace concord::server {

// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
bool valid_utf8(std::string_view text);

// Number of code points of valid UTF-8 text.
std::size_t utf8_length(std::string_view text);

// The longest prefix of valid UTF-8 `text` holding at most `max_chars` code
// points and at most `max_bytes` bytes, never ending inside a character.
std::string utf8_prefix(std::string_view text, std::size_t max_chars, std::size_t max_bytes = std::string::npos);

// Valid UTF-8 of `min_chars` to `max_chars` code points with no control
// characters (C0, DEL, C1).
bool printable_text(std::string_view text, std::size_t min_chars, std::size_t max_chars);

}  // namespace concord::server
