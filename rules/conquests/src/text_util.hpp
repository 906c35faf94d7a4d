// Small text helpers of the data and position parsers.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

namespace concord::conquests::detail {

inline std::vector<std::string> split_words(std::string_view s, char sep = ' ') {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == sep || s[i] == '\t' || s[i] == '\r')) ++i;
    std::size_t j = i;
    while (j < s.size() && s[j] != sep && s[j] != '\t' && s[j] != '\r') ++j;
    if (j > i) out.emplace_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

inline bool to_int(std::string_view s, int& v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc{} && p == s.data() + s.size();
}

// Calls f(line_number, words) for every non-empty, non-comment line; stops at
// the first error f returns (non-empty) and prefixes it with "line N: ".
template <typename F>
std::string for_each_line(std::string_view text, F&& f) {
  int line = 0;
  while (!text.empty()) {
    ++line;
    const auto end = text.find('\n');
    const auto words = split_words(text.substr(0, end));
    if (!words.empty() && words[0][0] != '#') {
      std::string error = f(line, words);
      if (!error.empty()) return "line " + std::to_string(line) + ": " + error;
    }
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return {};
}

// The words from index `from` joined by single spaces.
inline std::string join_from(const std::vector<std::string>& w, std::size_t from) {
  std::string out;
  for (std::size_t i = from; i < w.size(); ++i) out += (i > from ? " " : "") + w[i];
  return out;
}

}  // namespace concord::conquests::detail
