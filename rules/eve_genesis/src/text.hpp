// Small text helpers for the position format and option ids.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::eve::text {

std::vector<std::string> words(std::string_view line);
std::optional<std::int64_t> parse_int(std::string_view s);
std::string trim(std::string_view s);
std::vector<std::string> split(const std::string& s, char sep);
// "key=value" -> {key, value}; nullopt if no '='.
std::optional<std::pair<std::string, std::string>> key_value(const std::string& word);

}  // namespace concord::eve::text
