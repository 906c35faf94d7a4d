// Shared fixture for persistence tests: a fresh, migrated database per test.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <pqxx/pqxx>

#include "concord/persistence/database.hpp"
#include "concord/persistence/repositories.hpp"
#include "concord/testpg.hpp"

namespace concord::persistence::test {

class DbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    database_ = testpg::database_name_for_current_test();
    config_.conninfo = testpg::fresh_database(database_);
    conn_ = connect(config_);
    migrate(*conn_);
  }

  // A failed test keeps its database for inspection (the next run replaces it).
  void TearDown() override {
    conn_.reset();
    if (!HasFailure()) testpg::drop_database(database_);
  }

  std::int64_t make_player(const std::string& name) {
    auto id = PlayerRepository(*conn_).create(name, "hash-of-" + name);
    if (!id) throw std::runtime_error("player " + name + " exists");
    return *id;
  }

  // A running match with one seat per player (seat numbers from 0).
  std::int64_t make_match(const std::string& room_id, const std::vector<std::int64_t>& players) {
    MatchRecord match;
    match.room_id = room_id;
    match.game = "everzone";
    match.room_name = "room " + room_id;
    match.options_text = "turns=10";
    match.seed_hex = "00ff";
    match.seed_commitment = "c0ffee";
    for (std::size_t i = 0; i < players.size(); ++i) {
      match.seats.push_back({static_cast<int>(i), players[i], "p" + std::to_string(players[i]),
                             "deck " + std::to_string(i)});
    }
    return MatchRepository(*conn_).create(match);
  }

  // One value from a SQL query on the test's own connection.
  template <typename T>
  T query_value(const std::string& sql) {
    pqxx::nontransaction txn(*conn_);
    return txn.exec1(sql)[0].as<T>();
  }

  // Makes the test database refuse new connections and ends the open ones
  // (but the test's own conn_): to the journal and the worker pool it looks
  // like a database that went away. cut_connections(false) brings it back.
  void cut_connections(bool cut) {
    pqxx::connection admin(testpg::admin_conninfo());
    pqxx::nontransaction txn(admin);
    txn.exec("ALTER DATABASE " + database_ + " ALLOW_CONNECTIONS " + (cut ? "false" : "true"));
    if (!cut) return;
    const int own = conn_ ? conn_->backendpid() : 0;
    txn.exec_params("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = $1 AND pid <> $2",
                    database_, own);
  }

  std::string database_;
  DatabaseConfig config_;
  std::unique_ptr<pqxx::connection> conn_;
};

// Counts events from other threads; wait_for(n) blocks until n were seen.
class Counter {
 public:
  void add() {
    std::lock_guard lock(mutex_);
    ++count_;
    cv_.notify_all();
  }
  bool wait_for(std::size_t n, std::chrono::seconds timeout = std::chrono::seconds(30)) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [&] { return count_ >= n; });
  }
  std::size_t count() {
    std::lock_guard lock(mutex_);
    return count_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::size_t count_ = 0;
};

}  // namespace concord::persistence::test
