// UTF-8 checks and character-boundary cuts.
#include "text_limits.hpp"

#include <cstdint>

namespace concord::server {

namespace {

// Length of the character starting at text[i], or 0 if it is not valid UTF-8.
std::size_t char_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) n = 2;
  else if (lead == 0xE0) n = 3, lo = 0xA0;
  else if (lead == 0xED) n = 3, hi = 0x9F;  // no surrogates
  else if (lead >= 0xE1 && lead <= 0xEF) n = 3;
  else if (lead == 0xF0) n = 4, lo = 0x90;
  else if (lead == 0xF4) n = 4, hi = 0x8F;  // nothing above U+10FFFF
  else if (lead >= 0xF1 && lead <= 0xF3) n = 4;
  else return 0;
  if (i + n > text.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  }
  return n;
}

std::uint32_t code_point(std::string_view text, std::size_t i, std::size_t n) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(text[k])); };
  if (n == 1) return byte(i);
  std::uint32_t cp = byte(i) & (0xFFu >> (n + 1));
  for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (byte(i + k) & 0x3Fu);
  return cp;
}

bool is_control(std::uint32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

}  // namespace

bool valid_utf8(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto n = char_length(text, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::size_t utf8_length(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++count) {
    const auto n = char_length(text, i);
    i += n == 0 ? 1 : n;
  }
  return count;
}

std::string utf8_prefix(std::string_view text, std::size_t max_chars, std::size_t max_bytes) {
  std::size_t end = 0;
  for (std::size_t chars = 0; end < text.size() && chars < max_chars; ++chars) {
    const auto n = char_length(text, end);
    if (n == 0 || end + n > max_bytes) break;
    end += n;
  }
  return std::string(text.substr(0, end));
}

bool printable_text(std::string_view text, std::size_t min_chars, std::size_t max_chars) {
  std::size_t chars = 0;
  for (std::size_t i = 0; i < text.size(); ++chars) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7F) {  // printable ASCII, one byte: most ids and names
      ++i;
      continue;
    }
    const auto n = char_length(text, i);
    if (n == 0 || is_control(code_point(text, i, n))) return false;
    i += n;
  }
  return chars >= min_chars && chars <= max_chars;
}

}  // namespace concord::server
