// Connecting (implementation of migrations follows in this file).
#include "concord/persistence/database.hpp"

namespace concord::persistence {

std::unique_ptr<pqxx::connection> connect(const DatabaseConfig& config) {
  return std::make_unique<pqxx::connection>(config.conninfo);
}

}  // namespace concord::persistence
