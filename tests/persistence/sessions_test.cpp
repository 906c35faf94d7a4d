// SessionRepository against a real database.
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using SessionsTest = DbTest;

TEST_F(SessionsTest, CreateFindRevoke) {
  const auto alice = make_player("alice");
  SessionRepository sessions(*conn_);
  sessions.create("hash-1", alice);

  const auto found = sessions.find_player("hash-1");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(*found, alice);

  sessions.revoke("hash-1");
  EXPECT_FALSE(sessions.find_player("hash-1").has_value());
  EXPECT_NO_THROW(sessions.revoke("hash-1"));  // revoking twice is harmless
}

TEST_F(SessionsTest, UnknownTokensAreNotFound) {
  SessionRepository sessions(*conn_);
  EXPECT_FALSE(sessions.find_player("no-such-hash").has_value());
  EXPECT_NO_THROW(sessions.revoke("no-such-hash"));
}

TEST_F(SessionsTest, RevokingOneSessionKeepsTheOthers) {
  const auto alice = make_player("alice");
  SessionRepository sessions(*conn_);
  sessions.create("phone", alice);
  sessions.create("laptop", alice);
  sessions.revoke("phone");
  EXPECT_FALSE(sessions.find_player("phone").has_value());
  EXPECT_EQ(sessions.find_player("laptop"), alice);
}

TEST_F(SessionsTest, FindTouchesLastSeen) {
  const auto alice = make_player("alice");
  SessionRepository sessions(*conn_);
  sessions.create("hash-1", alice);
  {
    pqxx::work txn(*conn_);
    txn.exec0("UPDATE sessions SET last_seen = now() - interval '1 day'");
    txn.commit();
  }
  ASSERT_TRUE(sessions.find_player("hash-1").has_value());
  EXPECT_TRUE(query_value<bool>(
      "SELECT last_seen > now() - interval '1 hour' FROM sessions WHERE token_hash = 'hash-1'"));
}

TEST_F(SessionsTest, SessionsNeedAnExistingPlayer) {
  SessionRepository sessions(*conn_);
  EXPECT_THROW(sessions.create("hash-x", 999999), pqxx::foreign_key_violation);
}

}  // namespace
}  // namespace concord::persistence::test
