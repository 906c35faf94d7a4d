// Internal: PostgreSQL array literals, so that one prepared statement can
// take any number of rows as parallel arrays (unnest($1::bigint[], ...)).
#pragma once

#include <string>
#include <vector>

namespace concord::persistence::detail {

// {"a","b\"c"}: every element quoted, '"' and '\' escaped. Cast it in SQL
// ($1::text[], $1::bigint[], ...).
std::string array_literal(const std::vector<std::string>& items);

}  // namespace concord::persistence::detail
