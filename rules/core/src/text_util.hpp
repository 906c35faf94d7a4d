// Internal text helpers shared by the canonical text formats of rules/core
// (decks, options, commands). Not part of the public contract.
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::rules::text {

inline bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

// Splits on '\n'; a trailing '\r' is dropped from each line. A final empty
// line after a trailing '\n' is not returned.
inline std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return out;
}

// Splits on runs of spaces/tabs.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// Strict decimal integer: optional '-', then digits only, no overflow.
inline std::optional<std::int64_t> parse_int(std::string_view s) {
  if (s.empty() || s.front() == '+') return std::nullopt;
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

inline bool has_space(std::string_view s) {
  for (char c : s) {
    if (is_space(c)) return true;
  }
  return false;
}

}  // namespace concord::rules::text
