// Accounts through a real server: register, login, logout, resume, limits.
#include "harness.hpp"

namespace concord::testing {
namespace {

class Accounts : public ServerTest {};

TEST_F(Accounts, RegisterLoginLogoutThenTheTokenIsDead) {
  auto client = connect();
  client->register_player("alice", "correct horse");
  const auto logged_in = client->login("alice", "correct horse");
  EXPECT_EQ(logged_in.username(), "alice");
  EXPECT_EQ(logged_in.token().size(), 64u);
  EXPECT_NO_THROW(client->list_decks());
  client->logout();
  EXPECT_EQ(error_code_of([&] { client->list_decks(); }), "NOT_AUTHENTICATED");
  auto other = connect();
  EXPECT_EQ(error_code_of([&] { other->resume(logged_in.token(), 0); }), "INVALID_TOKEN");
}

TEST_F(Accounts, ResumeWithTokenOnANewConnection) {
  auto first = player("bob");
  const auto token = first->token();
  auto second = connect();
  const auto resumed = second->resume(token, first->last_seq());
  EXPECT_EQ(resumed.username(), "bob");
  EXPECT_NO_THROW(second->list_decks());
}

TEST_F(Accounts, WrongPasswordIsRefused) {
  auto client = connect();
  client->register_player("carol", "carol-password");
  EXPECT_EQ(error_code_of([&] { client->login("carol", "not-her-password"); }), "BAD_CREDENTIALS");
  EXPECT_EQ(error_code_of([&] { client->login("nobody", "whatever-password"); }), "BAD_CREDENTIALS");
  EXPECT_EQ(client->login("carol", "carol-password").username(), "carol");
}

TEST_F(Accounts, RegistrationIsValidated) {
  auto client = connect();
  EXPECT_EQ(error_code_of([&] { client->register_player("x", "long enough"); }), "INVALID_USERNAME");
  EXPECT_EQ(error_code_of([&] { client->register_player("bad name!", "long enough"); }), "INVALID_USERNAME");
  EXPECT_EQ(error_code_of([&] { client->register_player("dave", "short"); }), "WEAK_PASSWORD");
  client->register_player("dave", "long enough");
  EXPECT_EQ(error_code_of([&] { client->register_player("DAVE", "long enough"); }), "USERNAME_TAKEN");
}

TEST_F(Accounts, RepeatedFailedLoginsAreRateLimited) {
  auto client = connect();
  client->register_player("erin", "erin-password");
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(error_code_of([&] { client->login("erin", "wrong-password"); }), "BAD_CREDENTIALS");
  }
  EXPECT_EQ(error_code_of([&] { client->login("erin", "erin-password"); }), "LOGIN_RATE_LIMITED");
}

TEST_F(Accounts, HelloComesFirstAndVersionsAreNegotiated) {
  auto raw = Client::connect("127.0.0.1", server_->port());
  EXPECT_EQ(error_code_of([&] { raw->list_games(); }), "HELLO_REQUIRED");
  EXPECT_EQ(error_code_of([&] { raw->hello(3, 4); }), "UNSUPPORTED_VERSION");
  EXPECT_EQ(raw->hello(1, 5).version(), 2u);  // 1.1 is the highest in common
  EXPECT_EQ(error_code_of([&] { raw->list_decks(); }), "NOT_AUTHENTICATED");
  auto old = Client::connect("127.0.0.1", server_->port());
  EXPECT_EQ(old->hello(1, 1).version(), 1u);  // a 1.0 client keeps 1.0
}

}  // namespace
}  // namespace concord::testing
