// Connection settings and schema migrations.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <pqxx/pqxx>

namespace concord::persistence {

// libpq connection string, e.g. "host=127.0.0.1 port=55432 dbname=concord user=concord".
struct DatabaseConfig {
  std::string conninfo;
};

std::unique_ptr<pqxx::connection> connect(const DatabaseConfig& config);

// Applies every migration in persistence/migrations (compiled into the
// library) whose number is above the recorded schema version, each in its own
// transaction, recording it in schema_version. Safe to call concurrently from
// several processes (takes an advisory lock). Returns the applied names.
std::vector<std::string> migrate(pqxx::connection& conn);

// The highest applied migration number (0 if none).
int schema_version(pqxx::connection& conn);

}  // namespace concord::persistence
