#include "sql_array.hpp"

#include <charconv>

namespace concord::persistence::detail {

std::string array_literal(const std::vector<std::string>& items) {
  ArrayLiteral literal;
  for (const std::string& item : items) literal.add(item);
  return literal.take();
}

void ArrayLiteral::open_element() {
  if (out_.size() > 1) out_ += ',';
  out_ += '"';
}

// The runs between the characters to escape appended whole.
void ArrayLiteral::add(std::string_view item) {
  out_.reserve(out_.size() + item.size() + 3);
  open_element();
  std::size_t from = 0;
  for (std::size_t i = 0; i < item.size(); ++i) {
    if (item[i] != '"' && item[i] != '\\') continue;
    out_.append(item.data() + from, i - from);
    out_ += '\\';
    from = i;
  }
  out_.append(item.data() + from, item.size() - from);
  out_ += '"';
}

void ArrayLiteral::add(std::int64_t number) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  open_element();
  out_.append(digits, static_cast<std::size_t>(end - digits));
  out_ += '"';
}

std::string ArrayLiteral::take() {
  out_ += '}';
  std::string literal = std::move(out_);
  out_.clear();  // moved from: valid, emptied before it starts again
  out_ += '{';
  return literal;
}

}  // namespace concord::persistence::detail
