#include "sql_array.hpp"

namespace concord::persistence::detail {

std::string array_literal(const std::vector<std::string>& items) {
  std::size_t size = 2;
  for (const std::string& item : items) size += item.size() + 3;
  std::string out;
  out.reserve(size);
  out += '{';
  for (const std::string& item : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (const char c : item) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  out += '}';
  return out;
}

}  // namespace concord::persistence::detail
