// Test support for tests that need a real PostgreSQL (see testpg.hpp).
#include "concord/testpg.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <stdexcept>

#include <gtest/gtest.h>
#include <pqxx/pqxx>

namespace concord::testpg {

namespace {

constexpr std::size_t kMaxName = 63;

bool name_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::islower(u) != 0 || std::isdigit(u) != 0 || c == '_';
}

void check_name(const std::string& name) {
  const bool valid = !name.empty() && name.size() <= kMaxName &&
                     std::isdigit(static_cast<unsigned char>(name[0])) == 0 &&
                     std::all_of(name.begin(), name.end(), name_char);
  if (!valid) throw std::invalid_argument("testpg: bad database name '" + name + "'");
}

std::string sanitize(const std::string& text) {
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    out += std::isalnum(u) != 0 ? static_cast<char>(std::tolower(u)) : '_';
  }
  return out;
}

}  // namespace

std::string admin_conninfo() {
  const char* value = std::getenv("CONCORD_TEST_DATABASE");
  if (value == nullptr || *value == '\0') {
    throw std::runtime_error(
        "CONCORD_TEST_DATABASE is not set. Database tests need a real PostgreSQL: run them "
        "through ctest (which starts deploy/dev/postgres.sh), or run "
        "`deploy/dev/postgres.sh start` and export "
        "CONCORD_TEST_DATABASE='host=127.0.0.1 port=55432 dbname=concord user=concord'");
  }
  const std::string conninfo = value;
  if (conninfo.rfind("postgres://", 0) == 0 || conninfo.rfind("postgresql://", 0) == 0) {
    throw std::runtime_error("CONCORD_TEST_DATABASE must be a key=value conninfo, not a URI");
  }
  return conninfo;
}

std::string fresh_database(const std::string& name) {
  check_name(name);
  const std::string admin = admin_conninfo();
  pqxx::connection conn(admin);
  pqxx::nontransaction txn(conn);
  txn.exec0("DROP DATABASE IF EXISTS " + txn.quote_name(name) + " WITH (FORCE)");
  txn.exec0("CREATE DATABASE " + txn.quote_name(name));
  // In a key=value conninfo the last occurrence of a keyword wins.
  return admin + " dbname=" + name;
}

void drop_database(const std::string& name) {
  check_name(name);
  pqxx::connection conn(admin_conninfo());
  pqxx::nontransaction txn(conn);
  txn.exec0("DROP DATABASE IF EXISTS " + txn.quote_name(name) + " WITH (FORCE)");
}

std::string database_name_for_current_test() {
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  if (info == nullptr) throw std::logic_error("testpg: no gtest test is running");
  std::string name =
      "concord_t_" + sanitize(info->test_suite_name()) + "_" + sanitize(info->name());
  if (name.size() > kMaxName) {
    const auto hash = std::hash<std::string>{}(name) % 1000000;
    name = name.substr(0, kMaxName - 7) + "_" + std::to_string(hash);
  }
  return name;
}

}  // namespace concord::testpg

// LeakSanitizer reads this (when the binary is built with ASan/LSan). libpqxx
// 6.4 leaks the PGresult of a query that fails because the server closed the
// connection: connection_base::exec() hands PQexec's result to make_result(),
// which first calls encoding_id(); that throws broken_connection ("Could not
// obtain client encoding: not connected.") before anything owns the result.
// Tests kill backends on purpose, so they reach it.
extern "C" const char* __lsan_default_suppressions() { return "leak:PQmakeEmptyPGresult\n"; }
