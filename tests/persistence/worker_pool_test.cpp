// WorkerPool: jobs run on the workers' own connections.
#include <atomic>
#include <future>
#include <thread>

#include "concord/persistence/journal.hpp"
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using namespace std::chrono_literals;

class WorkerPoolTest : public DbTest {
 protected:
  // Runs `fn` on the pool and returns its result.
  template <typename Fn>
  auto run_on(WorkerPool& pool, Fn fn) {
    using Result = decltype(fn(std::declval<pqxx::connection&>()));
    auto promise = std::make_shared<std::promise<Result>>();
    auto future = promise->get_future();
    pool.post([promise, fn](pqxx::connection& conn) { promise->set_value(fn(conn)); });
    if (future.wait_for(30s) != std::future_status::ready) throw std::runtime_error("timeout");
    return future.get();
  }

  static int backend_pid(pqxx::connection& conn) {
    pqxx::nontransaction txn(conn);
    return txn.exec1("SELECT pg_backend_pid()")[0].as<int>();
  }
};

TEST_F(WorkerPoolTest, JobsRunOnTheWorkersOwnConnection) {
  WorkerPool pool(config_, 2);
  const int mine = backend_pid(*conn_);
  const int theirs = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  EXPECT_NE(theirs, mine);
  const auto app = run_on(pool, [](pqxx::connection& c) {
    pqxx::nontransaction txn(c);
    return txn.exec1("SHOW application_name")[0].as<std::string>();
  });
  EXPECT_EQ(app, "concord-worker");
  EXPECT_EQ(run_on(pool, [](pqxx::connection& c) { return std::string(c.dbname()); }),
            std::string(conn_->dbname()));
}

TEST_F(WorkerPoolTest, JobsCanUseRepositories) {
  WorkerPool pool(config_, 2);
  const auto id =
      run_on(pool, [](pqxx::connection& c) { return *PlayerRepository(c).create("w", "h"); });
  EXPECT_EQ(PlayerRepository(*conn_).find_by_id(id)->username, "w");
}

TEST_F(WorkerPoolTest, AWorkerKeepsItsConnectionBetweenJobs) {
  WorkerPool pool(config_, 1);
  const int first = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  const int second = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  EXPECT_EQ(first, second);
}

TEST_F(WorkerPoolTest, AThrowingJobResetsTheConnection) {
  WorkerPool pool(config_, 1);
  const int before = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  pool.post([](pqxx::connection&) { throw std::runtime_error("job failed on purpose"); });
  const int after = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  EXPECT_NE(before, after);
}

TEST_F(WorkerPoolTest, AKilledConnectionIsReplaced) {
  WorkerPool pool(config_, 1);
  const int before = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  ASSERT_TRUE(query_value<bool>("SELECT pg_terminate_backend(" + std::to_string(before) + ")"));
  // The next job finds the dead connection (and throws), the one after gets a new one.
  pool.post([](pqxx::connection& c) { backend_pid(c); });
  const int after = run_on(pool, [](pqxx::connection& c) { return backend_pid(c); });
  EXPECT_NE(before, after);
}

TEST_F(WorkerPoolTest, QueuedCountsWaitingJobs) {
  WorkerPool pool(config_, 1);
  std::promise<void> release;
  auto gate = release.get_future().share();
  std::promise<void> started;
  pool.post([&, gate](pqxx::connection&) {
    started.set_value();
    gate.wait();
  });
  started.get_future().wait();
  for (int i = 0; i < 3; ++i) pool.post([](pqxx::connection&) {});
  EXPECT_EQ(pool.queued(), 3u);
  release.set_value();
}

TEST_F(WorkerPoolTest, DestructionFinishesQueuedJobs) {
  std::atomic<int> ran{0};
  {
    WorkerPool pool(config_, 2);
    for (int i = 0; i < 50; ++i) {
      pool.post([&](pqxx::connection& c) {
        pqxx::nontransaction txn(c);
        txn.exec1("SELECT 1");
        ++ran;
      });
    }
  }
  EXPECT_EQ(ran.load(), 50);
}

TEST_F(WorkerPoolTest, AnUnreachableDatabaseReportsUnavailableInsteadOfRunningTheJob) {
  WorkerPool pool({"host=127.0.0.1 port=1 dbname=none user=none connect_timeout=2"}, 1);
  std::promise<void> told;
  std::atomic<bool> ran{false};
  pool.post([&](pqxx::connection&) { ran = true; }, [&] { told.set_value(); });
  ASSERT_EQ(told.get_future().wait_for(30s), std::future_status::ready);
  EXPECT_FALSE(ran.load());
}

// While the database is unreachable, jobs are answered at once (not run)
// and reachability() says so; once it is back, the pool reconnects by
// itself (also with no job to run) and jobs run again.
TEST_F(WorkerPoolTest, AnOutageAnswersJobsUnavailableAndThePoolReconnectsAfterIt) {
  WorkerPool pool(config_, 2);
  EXPECT_EQ(run_on(pool, [](pqxx::connection& c) { return backend_pid(c) > 0; }), true);
  cut_connections(true);
  std::atomic<int> ran{0};
  Counter unavailable;
  for (int i = 0; i < 20; ++i) {
    pool.post([&](pqxx::connection& c) {
      pqxx::nontransaction txn(c);
      txn.exec1("SELECT 1");
      ++ran;
    }, [&] { unavailable.add(); });
  }
  // A worker's old connection breaks on its first job (which reports its own
  // failure and is not counted here); every other job is answered unavailable.
  ASSERT_TRUE(unavailable.wait_for(18));
  EXPECT_EQ(ran.load(), 0);
  EXPECT_FALSE(pool.reachability().reachable);
  cut_connections(false);
  for (int i = 0; i < 100 && !pool.reachability().reachable; ++i) std::this_thread::sleep_for(100ms);
  EXPECT_TRUE(pool.reachability().reachable) << "idle workers reconnect by themselves";
  EXPECT_EQ(run_on(pool, [](pqxx::connection& c) { return backend_pid(c) > 0; }), true);
}

}  // namespace
}  // namespace concord::persistence::test
