// The client over a real WebSocket against a scripted in-process server.
#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "client/client.hpp"
#include "fake_server.hpp"

namespace concord::client {
namespace {

using std::chrono::milliseconds;
using testing::FakeServer;
using testing::FakeSession;

std::unique_ptr<Client> connect_to(const FakeServer& server, milliseconds timeout = milliseconds(5000)) {
  ClientOptions options;
  options.timeout = timeout;
  return Client::connect("127.0.0.1", server.port(), options);
}

void answer_hello(FakeSession& session) {
  const auto hello = session.read();
  if (!hello.has_hello() || hello.hello().min_version() != 1 || hello.hello().max_version() != 2) {
    throw std::runtime_error("expected Hello{1,2}");
  }
  session.reply(hello, testing::welcome_message());
}

v1::ServerMessage pong(std::uint64_t nonce) {
  v1::ServerMessage message;
  message.mutable_pong()->set_nonce(nonce);
  return message;
}

v1::ServerMessage match_update(const std::string& room, std::uint64_t index) {
  v1::ServerMessage message;
  message.mutable_match_update()->set_room_id(room);
  message.mutable_match_update()->set_command_index(index);
  return message;
}

TEST(ClientLoopback, HelloRepliesAndPushesAreRoutedAndSeqTracked) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    const auto ping = s.read();
    v1::ServerMessage room;
    room.mutable_room()->set_room_id("r1");
    s.push(room);  // a push before the reply
    s.reply(ping, pong(ping.ping().nonce()));
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  const auto welcome = client->hello();
  EXPECT_EQ(welcome.server_name(), "fake");
  EXPECT_EQ(client->ping(77).nonce(), 77u);
  const auto push = client->next_push(milliseconds(1000));
  ASSERT_TRUE(push);
  EXPECT_EQ(push->room().room_id(), "r1");
  EXPECT_EQ(client->last_seq(), 3u);
  EXPECT_FALSE(client->next_push(milliseconds(10)).has_value());
  client.reset();
  EXPECT_EQ(server.join(), "");
}

TEST(ClientLoopback, RepliesInAnyOrderReachTheirRequests) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    const auto first = s.read();
    const auto second = s.read();
    s.reply(second, pong(second.ping().nonce()));
    s.reply(first, pong(first.ping().nonce()));
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  client->hello();
  auto a = std::async(std::launch::async, [&] { return client->ping(1).nonce(); });
  auto b = std::async(std::launch::async, [&] { return client->ping(2).nonce(); });
  EXPECT_EQ(a.get(), 1u);
  EXPECT_EQ(b.get(), 2u);
}

TEST(ClientLoopback, ErrorReplyBecomesAServerClientError) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    const auto login = s.read();
    v1::ServerMessage error;
    error.mutable_error()->set_code("BAD_CREDENTIALS");
    error.mutable_error()->set_message("unknown username or wrong password");
    error.mutable_error()->set_request_id(login.request_id());
    s.reply(login, error);
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  client->hello();
  try {
    client->login("alice", "wrong-password");
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.kind(), ClientError::Kind::Server);
    EXPECT_EQ(e.code(), "BAD_CREDENTIALS");
    EXPECT_EQ(e.message(), "unknown username or wrong password");
  }
  EXPECT_TRUE(client->token().empty());
}

TEST(ClientLoopback, LoginStoresTheTokenAndSendsTheCredentials) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    const auto login = s.read();
    if (login.login().username() != "alice" || login.login().password() != "secret-pw") {
      throw std::runtime_error("wrong credentials sent");
    }
    v1::ServerMessage reply;
    reply.mutable_logged_in()->set_token("tok");
    reply.mutable_logged_in()->set_username("alice");
    s.reply(login, reply);
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  client->hello();
  EXPECT_EQ(client->login("alice", "secret-pw").username(), "alice");
  EXPECT_EQ(client->token(), "tok");
  client.reset();
  EXPECT_EQ(server.join(), "");
}

TEST(ClientLoopback, ARepeatedSeqIsAProtocolErrorAndTheClientCloses1002) {
  std::promise<std::optional<int>> client_close;
  FakeServer server([&](FakeSession& s) {
    answer_hello(s);
    const auto ping = s.read();
    v1::ServerMessage again = pong(1);
    again.set_seq(1);  // the welcome already used seq 1
    again.set_request_id(ping.request_id());
    s.send(again);
    client_close.set_value(s.wait_for_client_close());
  });
  auto client = connect_to(server);
  client->hello();
  try {
    client->ping(1);
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "PROTOCOL_ERROR");
    EXPECT_NE(e.message().find("seq not strictly increasing: 1 after 1"), std::string::npos) << e.message();
  }
  EXPECT_EQ(client_close.get_future().get(), 1002);
}

TEST(ClientLoopback, ServerCloseCodeAndReasonAreReported) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    s.read_raw();  // the oversized frame
    s.close(1009, "message too big");
  });
  auto client = connect_to(server);
  client->hello();
  client->send_raw(std::string(4096, 'x'));
  const auto info = client->wait_closed(milliseconds(5000));
  ASSERT_TRUE(info);
  EXPECT_EQ(info->code, 1009);
  EXPECT_EQ(info->reason, "message too big");
  EXPECT_FALSE(client->is_open());
  EXPECT_THROW(client->next_push(milliseconds(1000)), ClientError);
  try {
    client->ping();
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "CLOSED");
  }
}

TEST(ClientLoopback, PendingRequestFailsWhenTheServerCloses) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    s.read();
    s.close(1001, "going away");
  });
  auto client = connect_to(server);
  client->hello();
  try {
    client->ping();
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.kind(), ClientError::Kind::Closed);
    EXPECT_NE(e.message().find("1001"), std::string::npos) << e.message();
  }
}

TEST(ClientLoopback, NoReplyTimesOutAndTheLateReplyIsDropped) {
  std::promise<void> timed_out;
  FakeServer server([&](FakeSession& s) {
    answer_hello(s);
    const auto ping = s.read();
    timed_out.get_future().wait();
    s.reply(ping, pong(ping.ping().nonce()));
    s.wait_for_client_close();
  });
  auto client = connect_to(server, milliseconds(100));
  client->hello();
  try {
    client->ping(5);
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "TIMEOUT");
  }
  timed_out.set_value();
  for (int i = 0; i < 100 && client->late_replies() == 0; ++i) std::this_thread::sleep_for(milliseconds(10));
  EXPECT_EQ(client->late_replies(), 1u);
  EXPECT_FALSE(client->next_push(milliseconds(10)).has_value()) << "a late reply is not a push";
}

TEST(ClientLoopback, WaitForMatchUpdateKeepsOtherPushesInOrder) {
  FakeServer server([](FakeSession& s) {
    answer_hello(s);
    v1::ServerMessage room;
    room.mutable_room()->set_room_id("a");
    s.push(room);
    s.push(match_update("b", 1));
    s.push(match_update("a", 1));
    s.push(match_update("a", 2));
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  client->hello();
  const auto update = client->wait_for_match_update(
      "a", [](const v1::MatchUpdate& u) { return u.command_index() >= 2; }, milliseconds(2000));
  EXPECT_EQ(update.command_index(), 2u);
  EXPECT_EQ(client->latest_match_update("a")->command_index(), 2u);
  EXPECT_EQ(client->latest_match_update()->room_id(), "a");
  EXPECT_TRUE(client->next_push(milliseconds(0))->has_room());
  EXPECT_EQ(client->next_push(milliseconds(0))->match_update().room_id(), "b");
  EXPECT_EQ(client->next_push(milliseconds(0))->match_update().command_index(), 1u);
  EXPECT_THROW(client->wait_for_match_update("a", {}, milliseconds(20)), ClientError);
}

TEST(ClientLoopback, TextFramesCanBeSentRaw) {
  std::promise<bool> was_binary;
  FakeServer server([&](FakeSession& s) {
    bool binary = true;
    s.read_raw(&binary);
    was_binary.set_value(binary);
    s.wait_for_client_close();
  });
  auto client = connect_to(server);
  client->send_raw("{\"hello\":{}}", false);
  EXPECT_FALSE(was_binary.get_future().get());
}

TEST(ClientLoopback, ClientCloseSendsItsCode) {
  std::promise<std::optional<int>> code;
  FakeServer server([&](FakeSession& s) { code.set_value(s.wait_for_client_close()); });
  auto client = connect_to(server);
  client->close(1000, "bye");
  EXPECT_EQ(code.get_future().get(), 1000);
  const auto info = client->wait_closed(milliseconds(5000));
  ASSERT_TRUE(info);
  EXPECT_EQ(info->code, 1000);
}

TEST(ClientLoopback, ConnectFailureIsAClientError) {
  unsigned short port = 0;
  {
    FakeServer probe([](FakeSession&) {});
    port = probe.port();
    auto client = Client::connect("127.0.0.1", port);  // lets the probe finish
  }
  try {
    Client::connect("127.0.0.1", port);
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "CONNECT_FAILED");
    EXPECT_EQ(e.kind(), ClientError::Kind::Connect);
  }
}

}  // namespace
}  // namespace concord::client
