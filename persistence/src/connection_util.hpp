// Internal helpers shared by the journal and the worker pool.
#pragma once

#include <memory>
#include <string>

#include <pqxx/pqxx>

#include "concord/persistence/database.hpp"

namespace concord::persistence::detail {

// How PostgreSQL plans the connection's prepared statements.
// `generic_by_key` plans each once: a statement taking its rows as arrays
// otherwise gets a new custom plan on every execution (PostgreSQL's generic
// plan of unknown array sizes never looks cheaper than the custom ones),
// which cost the journal's statement ~240 us of planning per batch, most of a
// batch of one. A plan made once is kept for the connection's life (until
// an ANALYZE of its tables), so it must not depend on how big the tables
// were when it was made: planned on a fresh database (or one whose matches
// had just been deleted), the UPDATE of ended matches became a hash join
// over a sequential scan of every match, and stayed one while the table
// grew (a quarter of the journal's backend CPU at 100 matches after 20 s).
// So these plans are nested loops of index probes (no hash or merge joins,
// no sequential scans where an index serves): the statements reach rows
// only by their keys.
enum class Plans { custom_when_cheaper, generic_by_key };

// connect() plus a session application_name, so that operators (and tests)
// can tell the journal's connection from the workers' in pg_stat_activity.
std::unique_ptr<pqxx::connection> connect_named(const DatabaseConfig& config, const std::string& application_name,
                                                Plans plans = Plans::custom_when_cheaper);

// True if `conn` is missing or no longer usable.
bool connection_lost(const pqxx::connection* conn);

}  // namespace concord::persistence::detail
