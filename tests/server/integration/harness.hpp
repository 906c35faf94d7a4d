// Integration-test harness: a fresh database, a real concord-test-server
// process, and real WebSocket clients (the shared client library).
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "client/client.hpp"
#include "server_process.hpp"

namespace concord::testing {

namespace v1 = concord::v1;
using concord::client::Client;
using concord::client::ClientError;

class ServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  // Extra flags for the server (call before SetUp via the constructor of a subclass).
  virtual std::vector<std::string> server_args() const { return {}; }
  virtual std::string server_binary() const { return ServerProcess::test_server_binary(); }

  // Connects and says hello.
  std::unique_ptr<Client> connect();
  // Connects, registers `name` (password "password-<name>") and logs in.
  std::unique_ptr<Client> player(const std::string& name);
  // Saves the standard High Card Duel deck for the client; returns its id.
  std::int64_t save_standard_deck(Client& client);
  // a creates a two-seat High Card Duel room; a and b take seats 1 and 2 with
  // the standard deck and ready up, which starts the match. Returns the room id.
  std::string start_duel(Client& a, Client& b);
  // Replaces every journaled state hash by zeros (a journal the rebuild does
  // not match); returns the rows changed.
  std::size_t zero_journaled_hashes();
  // The same in a room created from `spec` (its game, seats and options).
  std::string start_duel(Client& a, Client& b, const v1::CreateRoom& spec);
  // The same in a two-seat High Card Duel room with these (room) options.
  std::string start_duel(Client& a, Client& b, const std::map<std::string, std::string>& options);

  // The first column of the first row of `sql` in the test's database (a count, say).
  std::int64_t count(const std::string& sql) const;

  std::string database_;
  std::unique_ptr<ServerProcess> server_;
};

// The error code a call throws, or "" if it does not throw.
template <typename F>
std::string error_code_of(F&& f) {
  try {
    f();
  } catch (const ClientError& e) {
    return e.code();
  }
  return {};
}

// Answers the update's prompt with random legal answers until one is accepted
// (the engine may refuse a well-formed answer on a rule). Returns the
// accepted command index, or 0 if the update has no prompt for this client.
std::uint64_t answer_randomly(Client& client, const v1::MatchUpdate& update, std::uint64_t salt);

// Two seated clients play the match of `room` with random answers until it
// ends or `max_commands` are accepted. Returns the last update seen by seat 0.
v1::MatchUpdate play_until(Client& a, Client& b, const std::string& room, std::uint64_t stop_at_index,
                           std::uint64_t salt);

// The same for any number of seated clients (seat order). Returns the last
// update seen by the first. Waiting takes updates out of a client's pushes:
// with `taken`, those are appended per seat (the rest stay for drain_updates),
// so that a test can check every update a seat received.
v1::MatchUpdate play_until(const std::vector<Client*>& seats, const std::string& room,
                           std::uint64_t stop_at_index, std::uint64_t salt,
                           std::vector<std::vector<v1::MatchUpdate>>* taken = nullptr);

// Every MatchUpdate the client has received for `room`, oldest first (takes
// pushes until none arrives for 300 ms).
std::vector<v1::MatchUpdate> drain_updates(Client& client, const std::string& room);

// The game's view message of an update (a test failure if it is another type).
template <typename View>
View unpack_view(const v1::MatchUpdate& update) {
  View view;
  EXPECT_TRUE(update.view().UnpackTo(&view)) << update.view().type_url();
  return view;
}

// Saves `deck` for the client; returns its id.
std::int64_t save_deck(Client& client, const v1::Deck& deck);

// The starter deck `name` of `game`, from the server's game list.
v1::Deck starter_deck(Client& client, const std::string& game, const std::string& name);

}  // namespace concord::testing
