// Test support for tests that need a real PostgreSQL.
//
// The admin connection string comes from the environment variable
// CONCORD_TEST_DATABASE (CTest sets it for tests that declare
// FIXTURES_REQUIRED postgres; see tests/support/pg/CMakeLists.txt). Its role
// must be allowed to create databases. When it is unset these functions throw
// std::runtime_error with a message saying so: the test fails, never skips.
#pragma once

#include <string>

namespace concord::testpg {

// The admin conninfo from CONCORD_TEST_DATABASE (throws if unset or empty).
std::string admin_conninfo();

// Drops database `name` (terminating its sessions) if it exists, creates it
// empty, and returns a conninfo for it. `name`: [a-z0-9_], at most 63 chars.
std::string fresh_database(const std::string& name);

// Drops database `name` if it exists, terminating its sessions.
void drop_database(const std::string& name);

// A database name derived from the running gtest test ("concord_t_<suite>_<test>",
// sanitized and shortened to fit), unique per test case.
std::string database_name_for_current_test();

}  // namespace concord::testpg
