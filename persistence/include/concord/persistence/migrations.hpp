// SQL migrations embedded at build time from persistence/migrations/NNNN_name.sql.
#pragma once

#include <string>
#include <vector>

namespace concord::persistence {

struct Migration {
  int number;
  std::string name;  // file name without .sql
  std::string sql;
};

const std::vector<Migration>& embedded_migrations();  // sorted by number

}  // namespace concord::persistence
