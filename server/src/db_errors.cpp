// classify_db_error: libpqxx exception types to client error codes.
#include "db_errors.hpp"

#include <pqxx/pqxx>

namespace concord::server {

DbFailure classify_db_error(const std::exception& error) {
  if (dynamic_cast<const pqxx::broken_connection*>(&error) || dynamic_cast<const pqxx::in_doubt_error*>(&error)) {
    return {"UNAVAILABLE", "the database is unavailable; try again", true};
  }
  if (dynamic_cast<const pqxx::transaction_rollback*>(&error) ||
      dynamic_cast<const pqxx::insufficient_resources*>(&error)) {
    return {"UNAVAILABLE", "the database is busy; try again", false};
  }
  if (dynamic_cast<const pqxx::data_exception*>(&error) ||
      dynamic_cast<const pqxx::integrity_constraint_violation*>(&error)) {
    const auto& sql = static_cast<const pqxx::sql_error&>(error);
    return {"INVALID_REQUEST", "the database refused a value of the request (SQLSTATE " + sql.sqlstate() + ")", false};
  }
  // A failure with no SQLSTATE the client could have caused: a server bug.
  // The connection may be in any state: start afresh.
  return {"INTERNAL", "internal error", true};
}

}  // namespace concord::server
