// PlayerRepository against a real database.
#include <atomic>
#include <thread>
#include <vector>

#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using PlayersTest = DbTest;

TEST_F(PlayersTest, CreateThenFind) {
  PlayerRepository players(*conn_);
  const auto id = players.create("Alice", "$argon2id$v=19$abc");
  ASSERT_TRUE(id.has_value());
  EXPECT_GT(*id, 0);

  const auto by_name = players.find_by_username("Alice");
  ASSERT_TRUE(by_name.has_value());
  EXPECT_EQ(by_name->id, *id);
  EXPECT_EQ(by_name->username, "Alice");
  EXPECT_EQ(by_name->password_hash, "$argon2id$v=19$abc");

  const auto by_id = players.find_by_id(*id);
  ASSERT_TRUE(by_id.has_value());
  EXPECT_EQ(by_id->username, "Alice");
}

TEST_F(PlayersTest, UsernamesAreUniqueCaseInsensitively) {
  PlayerRepository players(*conn_);
  ASSERT_TRUE(players.create("Alice", "h1").has_value());
  EXPECT_FALSE(players.create("Alice", "h2").has_value());
  EXPECT_FALSE(players.create("alice", "h2").has_value());
  EXPECT_FALSE(players.create("ALICE", "h2").has_value());
  EXPECT_TRUE(players.create("Bob", "h3").has_value());
  EXPECT_EQ(players.find_by_username("Alice")->password_hash, "h1");
}

TEST_F(PlayersTest, FindIsCaseInsensitiveAndKeepsTheSpelling) {
  PlayerRepository players(*conn_);
  const auto id = players.create("MiXeD", "h");
  const auto found = players.find_by_username("mixed");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->id, *id);
  EXPECT_EQ(found->username, "MiXeD");
}

TEST_F(PlayersTest, MissingPlayersAreNotFound) {
  PlayerRepository players(*conn_);
  EXPECT_FALSE(players.find_by_username("nobody").has_value());
  EXPECT_FALSE(players.find_by_id(424242).has_value());
}

TEST_F(PlayersTest, ParametersAreNotInterpretedAsSql) {
  PlayerRepository players(*conn_);
  const std::string evil = "x'); DROP TABLE players; --";
  ASSERT_TRUE(players.create(evil, "h").has_value());
  EXPECT_EQ(players.find_by_username(evil)->username, evil);
}

TEST_F(PlayersTest, ConcurrentRegistrationsOfOneNameLetOneWin) {
  constexpr int kThreads = 4;
  std::atomic<int> created{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < kThreads; ++i) {
    threads.emplace_back([&, i] {
      auto conn = connect(config_);
      if (PlayerRepository(*conn).create(i % 2 == 0 ? "Race" : "race", "h")) ++created;
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(created.load(), 1);
}

}  // namespace
}  // namespace concord::persistence::test
