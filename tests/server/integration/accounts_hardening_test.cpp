// Accounts under abuse, through a real server: revocation reaching every
// connection, one account request at a time, the bounded password hasher,
// unknown usernames hashed like real ones, database refusals classified.
#include <pqxx/pqxx>

#include <map>
#include <vector>

#include "harness.hpp"
#include "raw_ws.hpp"

namespace concord::testing {
namespace {

constexpr auto kPushWait = std::chrono::seconds(15);

// The next push that is an Error with `code`; nullopt if none comes.
std::optional<v1::Error> wait_for_error_push(Client& client, const std::string& code) {
  const auto deadline = std::chrono::steady_clock::now() + kPushWait;
  while (std::chrono::steady_clock::now() < deadline) {
    auto push = client.next_push(std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now()));
    if (push && push->has_error() && push->error().code() == code) return push->error();
  }
  return std::nullopt;
}

v1::ClientMessage login_message(std::uint64_t id, const std::string& name, const std::string& password) {
  auto m = with_id(id);
  m.mutable_login()->set_username(name);
  m.mutable_login()->set_password(password);
  return m;
}

v1::ClientMessage register_message(std::uint64_t id, const std::string& name) {
  auto m = with_id(id);
  m.mutable_register_()->set_username(name);
  m.mutable_register_()->set_password("password-" + name);
  return m;
}

// Reads one reply per id in `ids` (any order): their error codes ("" = not an error).
std::map<std::uint64_t, std::string> reply_codes(RawWs& ws, std::size_t count) {
  std::map<std::uint64_t, std::string> codes;
  while (codes.size() < count) {
    const auto reply = ws.read();
    if (reply.request_id() != 0) codes[reply.request_id()] = reply.has_error() ? reply.error().code() : "";
  }
  return codes;
}

class AccountsHardening : public ServerTest {};

TEST_F(AccountsHardening, LogoutReachesEveryConnectionOfTheToken) {
  auto first = player("alice");
  auto second = connect();
  second->resume(first->token(), 0);
  auto third = connect();
  third->resume(first->token(), 0);
  first->logout();
  for (auto* other : {second.get(), third.get()}) {
    EXPECT_TRUE(wait_for_error_push(*other, "SESSION_REVOKED"));
    EXPECT_EQ(error_code_of([&] { other->list_decks(); }), "NOT_AUTHENTICATED");
  }
}

TEST_F(AccountsHardening, PipelinedLoginsOnOneConnectionLogInOnce) {
  player("bob");
  RawWs ws(server_->port());
  ws.hello();
  ws.send(login_message(10, "bob", "password-bob"));
  ws.send(login_message(11, "bob", "password-bob"));
  ws.send(register_message(12, "bobby"));
  auto resume = with_id(13);
  resume.mutable_resume()->set_token(std::string(64, 'a'));
  ws.send(resume);
  const auto codes = reply_codes(ws, 4);
  EXPECT_EQ(codes.at(10), "");
  EXPECT_EQ(codes.at(11), "ACCOUNT_REQUEST_PENDING");
  EXPECT_EQ(codes.at(12), "ACCOUNT_REQUEST_PENDING");
  EXPECT_EQ(codes.at(13), "ACCOUNT_REQUEST_PENDING");
  ws.send(login_message(14, "bob", "password-bob"));  // once it is done: logged in already
  EXPECT_EQ(ws.read_reply(14).error().code(), "ALREADY_AUTHENTICATED");
}

// Every value a client can send is checked before the database now, so the
// test gives the database a rule of its own (a CHECK constraint the server
// does not know): a value it refuses is a data error caused by the request,
// answered INVALID_REQUEST, not an outage (UNAVAILABLE), and the connection's
// next database request is served as usual.
TEST_F(AccountsHardening, DatabaseRefusalsAreTheClientsErrorNotAnOutage) {
  {
    pqxx::connection conn(database_);
    pqxx::work txn(conn);
    txn.exec("ALTER TABLE decks ADD CONSTRAINT no_forbidden_names CHECK (name <> 'forbidden')");
    txn.commit();
  }
  auto client = player("carol");
  v1::Deck deck;
  const auto games = client->list_games();
  for (const auto& game : games.games()) {
    if (game.id() == "everzone") deck = game.starter_decks(0);
  }
  deck.set_name("forbidden");
  EXPECT_EQ(error_code_of([&] { client->save_deck(deck); }), "INVALID_REQUEST");
  EXPECT_NO_THROW(client->list_decks());
  deck.set_name("allowed");
  EXPECT_NO_THROW(client->save_deck(deck));
}

class DeletedAccounts : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--session-check-seconds", "1"}; }
};

TEST_F(DeletedAccounts, ADeletedAccountsConnectionsAreLoggedOut) {
  auto client = player("dave");
  auto other = connect();
  other->resume(client->token(), 0);
  {
    pqxx::connection conn(database_);
    pqxx::work txn(conn);
    txn.exec("DELETE FROM players WHERE username = 'dave'");
    txn.commit();
  }
  for (auto* c : {client.get(), other.get()}) {
    EXPECT_TRUE(wait_for_error_push(*c, "SESSION_REVOKED"));
    EXPECT_EQ(error_code_of([&] { c->list_decks(); }), "NOT_AUTHENTICATED");
  }
}

// One hashing thread and a queue of one: a storm is shed at once with
// UNAVAILABLE, each request gets its one reply, and database requests of
// other players go on being answered meanwhile.
class TinyHasher : public ServerTest {
 protected:
  std::vector<std::string> server_args() const override { return {"--hash-workers", "1", "--hash-queue", "1"}; }
};

TEST_F(TinyHasher, ARegistrationStormIsShedAndTheDatabaseStaysResponsive) {
  auto bystander = player("erin");
  constexpr int kStorm = 16;
  std::vector<std::unique_ptr<RawWs>> storm;
  for (int i = 0; i < kStorm; ++i) {
    storm.push_back(std::make_unique<RawWs>(server_->port()));
    storm.back()->hello();
  }
  for (int i = 0; i < kStorm; ++i) storm[i]->send(register_message(100, "storm" + std::to_string(i)));
  EXPECT_NO_THROW(bystander->list_decks());
  int ok = 0, unavailable = 0;
  for (auto& ws : storm) {
    const auto code = ws->read_reply(100);
    if (!code.has_error()) ++ok;
    if (code.has_error() && code.error().code() == "UNAVAILABLE") ++unavailable;
  }
  EXPECT_GE(ok, 1);
  EXPECT_GE(unavailable, 1);
  EXPECT_EQ(ok + unavailable, kStorm);
}

TEST_F(TinyHasher, UnknownUsernamesAreHashedLikeKnownOnes) {
  // Were unknown names answered without hashing, none of these could find
  // the hasher full.
  constexpr int kLogins = 16;
  std::vector<std::unique_ptr<RawWs>> clients;
  for (int i = 0; i < kLogins; ++i) {
    clients.push_back(std::make_unique<RawWs>(server_->port()));
    clients.back()->hello();
  }
  for (int i = 0; i < kLogins; ++i) clients[i]->send(login_message(7, "ghost" + std::to_string(i), "whatever-password"));
  int bad_credentials = 0, unavailable = 0;
  for (auto& ws : clients) {
    const auto code = ws->read_reply(7).error().code();
    bad_credentials += code == "BAD_CREDENTIALS";
    unavailable += code == "UNAVAILABLE";
  }
  EXPECT_GE(unavailable, 1);
  EXPECT_EQ(bad_credentials + unavailable, kLogins);
}

}  // namespace
}  // namespace concord::testing
