// Migrations: applied once, idempotent, safe to run concurrently.
#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "concord/persistence/database.hpp"
#include "concord/persistence/migrations.hpp"
#include "concord/testpg.hpp"

namespace concord::persistence {
namespace {

class MigrationsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    database_ = testpg::database_name_for_current_test();
    config_.conninfo = testpg::fresh_database(database_);
    conn_ = connect(config_);
  }
  void TearDown() override {
    conn_.reset();
    if (!HasFailure()) testpg::drop_database(database_);
  }
  std::string database_;
  DatabaseConfig config_;
  std::unique_ptr<pqxx::connection> conn_;
};

TEST(EmbeddedMigrations, AreNumberedAndSorted) {
  const auto& all = embedded_migrations();
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().number, 1);
  EXPECT_EQ(all.front().name, "0001_initial");
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LT(all[i - 1].number, all[i].number);
  for (const auto& m : all) EXPECT_FALSE(m.sql.empty()) << m.name;
}

TEST_F(MigrationsTest, FreshDatabaseHasVersionZero) { EXPECT_EQ(schema_version(*conn_), 0); }

TEST_F(MigrationsTest, AppliesEveryMigrationOnce) {
  const auto& all = embedded_migrations();
  const auto applied = migrate(*conn_);
  ASSERT_EQ(applied.size(), all.size());
  for (std::size_t i = 0; i < all.size(); ++i) EXPECT_EQ(applied[i], all[i].name);
  EXPECT_EQ(schema_version(*conn_), all.back().number);

  EXPECT_TRUE(migrate(*conn_).empty());  // idempotent
  EXPECT_EQ(schema_version(*conn_), all.back().number);

  pqxx::read_transaction txn(*conn_);
  const auto rows = txn.exec("SELECT version, name, applied_at FROM schema_version ORDER BY 1");
  ASSERT_EQ(rows.size(), all.size());
  EXPECT_EQ(rows[0][1].as<std::string>(), "0001_initial");
  EXPECT_FALSE(rows[0][2].is_null());
}

TEST_F(MigrationsTest, CreatesTheTables) {
  migrate(*conn_);
  pqxx::read_transaction txn(*conn_);
  for (const char* table : {"players", "sessions", "decks", "matches", "match_seats",
                            "match_commands", "match_command_batches", "schema_version"}) {
    const auto row = txn.exec_params1("SELECT to_regclass($1) IS NOT NULL", table);
    EXPECT_TRUE(row[0].as<bool>()) << table;
  }
}

TEST_F(MigrationsTest, ConcurrentMigrationsApplyEachOnce) {
  constexpr int kProcesses = 4;
  std::atomic<std::size_t> applied{0};
  std::atomic<int> errors{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kProcesses; ++i) {
    threads.emplace_back([&] {
      try {
        auto conn = connect(config_);
        applied += migrate(*conn).size();
      } catch (const std::exception&) {
        ++errors;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(errors.load(), 0);
  EXPECT_EQ(applied.load(), embedded_migrations().size());
  EXPECT_EQ(schema_version(*conn_), embedded_migrations().back().number);
}

}  // namespace
}  // namespace concord::persistence
