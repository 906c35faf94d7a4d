// Connecting, and applying the embedded schema migrations.
#include "concord/persistence/database.hpp"

#include <spdlog/spdlog.h>

#include "concord/persistence/migrations.hpp"

namespace concord::persistence {

namespace {

// Key of the session-level advisory lock serializing migrate() across processes.
constexpr long long kMigrationLockKey = 0x436f6e636f7264;  // "Concord"

constexpr const char* kCreateVersionTable =
    "CREATE TABLE IF NOT EXISTS schema_version ("
    " version integer PRIMARY KEY,"
    " name text NOT NULL,"
    " applied_at timestamptz NOT NULL DEFAULT now())";

// Holds the migration advisory lock for its lifetime.
class MigrationLock {
 public:
  explicit MigrationLock(pqxx::connection& conn) : conn_(conn) {
    pqxx::nontransaction txn(conn_);
    txn.exec_params("SELECT pg_advisory_lock($1)", kMigrationLockKey);
  }
  ~MigrationLock() {
    try {
      pqxx::nontransaction txn(conn_);
      txn.exec_params("SELECT pg_advisory_unlock($1)", kMigrationLockKey);
    } catch (const std::exception& e) {
      // A broken session releases its advisory locks by itself.
      spdlog::warn("migrate: could not release advisory lock: {}", e.what());
    }
  }
  MigrationLock(const MigrationLock&) = delete;
  MigrationLock& operator=(const MigrationLock&) = delete;

 private:
  pqxx::connection& conn_;
};

void create_version_table(pqxx::connection& conn) {
  pqxx::work txn(conn);
  txn.exec0(kCreateVersionTable);
  txn.commit();
}

int recorded_version(pqxx::transaction_base& txn) {
  const auto exists = txn.exec1("SELECT to_regclass('schema_version') IS NOT NULL");
  if (!exists[0].as<bool>()) return 0;
  return txn.exec1("SELECT coalesce(max(version), 0) FROM schema_version")[0].as<int>();
}

void apply(pqxx::connection& conn, const Migration& migration) {
  pqxx::work txn(conn, "migration");
  txn.exec(migration.sql);
  txn.exec_params("INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, now())",
                  migration.number, migration.name);
  txn.commit();
}

}  // namespace

std::unique_ptr<pqxx::connection> connect(const DatabaseConfig& config) {
  return std::make_unique<pqxx::connection>(config.conninfo);
}

std::vector<std::string> migrate(pqxx::connection& conn) {
  MigrationLock lock(conn);
  create_version_table(conn);
  const int current = schema_version(conn);
  const auto& all = embedded_migrations();
  if (!all.empty() && current > all.back().number) {
    spdlog::warn("migrate: database schema version {} is newer than this build's {}", current,
                 all.back().number);
  }
  std::vector<std::string> applied;
  for (const Migration& migration : all) {
    if (migration.number <= current) continue;
    spdlog::info("migrate: applying {}", migration.name);
    apply(conn, migration);
    applied.push_back(migration.name);
  }
  return applied;
}

int schema_version(pqxx::connection& conn) {
  pqxx::read_transaction txn(conn);
  return recorded_version(txn);
}

}  // namespace concord::persistence
