// Internal connection helpers (see connection_util.hpp).
#include "connection_util.hpp"

namespace concord::persistence::detail {

std::unique_ptr<pqxx::connection> connect_named(const DatabaseConfig& config, const std::string& application_name,
                                                Plans plans) {
  auto conn = connect(config);
  pqxx::nontransaction txn(*conn);
  txn.exec_params("SELECT set_config('application_name', $1, false)", application_name);
  if (plans == Plans::generic_by_key) {
    txn.exec(
        "SET plan_cache_mode = force_generic_plan; SET enable_hashjoin = off; SET enable_mergejoin = off;"
        " SET enable_seqscan = off");
  }
  return conn;
}

bool connection_lost(const pqxx::connection* conn) { return conn == nullptr || !conn->is_open(); }

}  // namespace concord::persistence::detail
