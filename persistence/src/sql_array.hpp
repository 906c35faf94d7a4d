// Internal: PostgreSQL array literals, so that one prepared statement can
// take any number of rows as parallel arrays (unnest($1::bigint[], ...)).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace concord::persistence::detail {

// {"a","b\"c"}: every element quoted, '"' and '\' escaped. Cast it in SQL
// ($1::text[], $1::bigint[], ...).
std::string array_literal(const std::vector<std::string>& items);

// The same text built element by element, without a string per element
// (the journal writes four of these per batch).
class ArrayLiteral {
 public:
  void add(std::string_view item);
  void add(std::int64_t number);
  // The literal; the builder is empty again.
  std::string take();

 private:
  void open_element();
  std::string out_ = std::string(1, '{');
};

}  // namespace concord::persistence::detail
