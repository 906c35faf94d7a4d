// Internal helpers shared by the journal and the worker pool.
#pragma once

#include <memory>
#include <string>

#include <pqxx/pqxx>

#include "concord/persistence/database.hpp"

namespace concord::persistence::detail {

// connect() plus a session application_name, so that operators (and tests)
// can tell the journal's connection from the workers' in pg_stat_activity.
std::unique_ptr<pqxx::connection> connect_named(const DatabaseConfig& config,
                                                const std::string& application_name);

// True if `conn` is missing or no longer usable.
bool connection_lost(const pqxx::connection* conn);

}  // namespace concord::persistence::detail
