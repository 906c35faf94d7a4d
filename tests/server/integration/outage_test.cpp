// Database outages through the real server: the test stops its own
// PostgreSQL cluster for 10 s (and, in its own test, 60 s) in the middle of a
// match while both players keep sending answers and requests, starts it
// again and finishes the match. Every request is answered, nothing
// acknowledged is lost (the journaled log replays to the final state after a
// restart), the room never closes, and a match whose players ready up during
// the outage goes back to waiting (the players are told) and starts once they
// ready again. Prints the timeline of what the players saw.
#include <algorithm>
#include <future>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <pqxx/pqxx>
#include <sstream>
#include <thread>

#include "client/message_names.hpp"
#include "client/prompt_convert.hpp"
#include "concord/rules/bot.hpp"
#include "harness.hpp"
#include "private_cluster.hpp"

namespace concord::testing {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// What the players saw, in time order, relative to the start of the outage.
class Timeline {
 public:
  explicit Timeline(Clock::time_point zero) : zero_(zero) {}
  void add(Clock::time_point at, const std::string& what) {
    std::lock_guard lock(mutex_);
    events_.emplace_back(std::chrono::duration<double>(at - zero_).count(), what);
  }
  void print(const std::string& title) const {
    std::lock_guard lock(mutex_);
    auto events = events_;
    std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::cout << "--- " << title << " (t = seconds since PostgreSQL was stopped)\n";
    for (const auto& [t, what] : events) {
      std::cout << "  t=" << std::fixed << std::setprecision(2) << std::setw(6) << t << "  " << what << '\n';
    }
  }

 private:
  Clock::time_point zero_;
  mutable std::mutex mutex_;
  std::vector<std::pair<double, std::string>> events_;
};

struct Reply {
  bool answered = false;
  std::string what;                 // for failure messages
  std::uint64_t accepted_index = 0;  // AnswerAccepted
};

std::string describe(const v1::ServerMessage& reply) {
  if (reply.has_error()) return "Error " + reply.error().code() + " (" + reply.error().message() + ")";
  if (reply.has_answer_accepted()) {
    return "AnswerAccepted index " + std::to_string(reply.answer_accepted().command_index());
  }
  return client::body_name(reply);
}

// Sends `message` on its own thread and waits (long) for its one reply.
std::future<Reply> request_async(Timeline& timeline, const std::string& who, Client& client,
                                 v1::ClientMessage message) {
  return std::async(std::launch::async, [&timeline, who, &client, message = std::move(message)]() mutable {
    const std::string kind = client::body_name(message);
    const auto sent = Clock::now();
    Reply out;
    try {
      const auto reply = client.request(std::move(message), 150s);
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - sent).count();
      out = {true, who + " " + kind + " -> " + describe(reply), 0};
      if (reply.has_answer_accepted()) out.accepted_index = reply.answer_accepted().command_index();
      timeline.add(sent, out.what + " after " + std::to_string(ms) + " ms");
    } catch (const ClientError& e) {
      out = {false, who + " " + kind + " -> no reply: " + e.what(), 0};
      timeline.add(sent, out.what);
    }
    return out;
  });
}

v1::ClientMessage answer_to(const v1::MatchUpdate& update, std::uint64_t salt) {
  rules::Seed seed;
  seed.bytes[0] = static_cast<std::uint8_t>(salt);
  seed.bytes[1] = static_cast<std::uint8_t>(update.command_index());
  rules::Rng rng(seed);
  v1::ClientMessage message;
  auto* submit = message.mutable_submit_answer();
  submit->set_room_id(update.room_id());
  submit->set_command_index(update.command_index());
  *submit->mutable_answer() = client::to_wire(rules::random_answer(client::to_rules(update.prompt()), rng));
  return message;
}

v1::ClientMessage ping_message() {
  v1::ClientMessage message;
  message.mutable_ping()->set_nonce(1);
  return message;
}

v1::ClientMessage list_decks_message() {
  v1::ClientMessage message;
  message.mutable_list_decks();
  return message;
}

v1::ClientMessage ready_message(const std::string& room) {
  v1::ClientMessage message;
  message.mutable_set_ready()->set_room_id(room);
  message.mutable_set_ready()->set_ready(true);
  return message;
}

// The pushes a client received that are not match updates, described.
std::vector<v1::ServerMessage> other_pushes(Client& client) {
  std::vector<v1::ServerMessage> out;
  while (auto push = client.next_push(300ms)) {
    if (!push->has_match_update()) out.push_back(*push);
  }
  return out;
}

class DatabaseOutage : public ServerTest {
 protected:
  void SetUp() override {
    cluster_ = std::make_unique<PrivateCluster>(cluster_name());
    database_ = cluster_->fresh_database("concord_outage");
    server_ = std::make_unique<ServerProcess>(database_, std::vector<std::string>{"--rate", "1000", "--burst", "1000"});
    server_->start();
  }
  void TearDown() override {
    server_.reset();
    cluster_.reset();
  }

  void ride_out(std::chrono::seconds outage, std::chrono::milliseconds period);
  virtual std::string cluster_name() const = 0;

  std::unique_ptr<PrivateCluster> cluster_;
};

void DatabaseOutage::ride_out(std::chrono::seconds outage, std::chrono::milliseconds period) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto carol = player("carol");
  auto dave = player("dave");
  const auto room = start_duel(*alice, *bob);
  const auto waiting_room = carol->create_room("test_highcard", 2).room_id();
  carol->join_room(waiting_room, v1::PLAYER, save_standard_deck(*carol));
  dave->join_room(waiting_room, v1::PLAYER, save_standard_deck(*dave));
  carol->set_ready(waiting_room);
  const auto before = play_until(*alice, *bob, room, 4, 11);
  ASSERT_FALSE(before.finished());

  const auto zero = Clock::now();
  Timeline timeline(zero);
  cluster_->stop();
  timeline.add(Clock::now(), "PostgreSQL stopped");
  std::vector<std::future<Reply>> replies;
  bool readied = false;
  for (std::uint64_t round = 0; Clock::now() - zero < outage; ++round) {
    for (auto [who, client] : {std::pair{"alice", alice.get()}, std::pair{"bob", bob.get()}}) {
      auto latest = client->latest_match_update(room);
      if (latest && latest->has_prompt()) replies.push_back(request_async(timeline, who, *client, answer_to(*latest, round)));
      replies.push_back(request_async(timeline, who, *client, ping_message()));
      replies.push_back(request_async(timeline, who, *client, list_decks_message()));
    }
    if (!readied && Clock::now() - zero > 2s) {  // the second room's match would start now
      replies.push_back(request_async(timeline, "dave", *dave, ready_message(waiting_room)));
      readied = true;
    }
    auto health = server_->http_get("/healthz");
    std::replace(health.begin(), health.end(), '\n', ' ');
    const auto ready = server_->http_get("/readyz");  // "" unless 200
    timeline.add(Clock::now(), "GET /healthz: " + health + "| GET /readyz: " + (ready.empty() ? "not 200" : ready));
    std::this_thread::sleep_for(period);
  }
  cluster_->start();
  timeline.add(Clock::now(), "PostgreSQL started again");
  while (server_->http_get("/readyz") != "ready") std::this_thread::sleep_for(100ms);
  timeline.add(Clock::now(), "GET /readyz: ready");

  std::uint64_t acknowledged = before.command_index();
  for (auto& future : replies) {
    const Reply reply = future.get();
    EXPECT_TRUE(reply.answered) << reply.what;
    acknowledged = std::max(acknowledged, reply.accepted_index);
  }
  ASSERT_TRUE(readied);

  // The match that could not start: back to waiting, both told; readying again starts it.
  for (Client* client : {carol.get(), dave.get()}) {
    bool told = false;
    for (const auto& push : other_pushes(*client)) {
      told = told || (push.has_error() && push.error().code() == "UNAVAILABLE");
      if (push.has_error()) timeline.add(Clock::now(), "(read now, received after dave's set_ready) push: " + describe(push));
    }
    EXPECT_TRUE(told) << "a player of the room whose match could not start was not told";
  }
  carol->set_ready(waiting_room);
  dave->set_ready(waiting_room);
  EXPECT_FALSE(carol->wait_for_match_update(waiting_room).finished());
  timeline.add(Clock::now(), "carol and dave readied again: their match started");

  // The interrupted match goes on and ends; its room never closed.
  const auto last = play_until(*alice, *bob, room, UINT64_MAX, 12);
  timeline.add(Clock::now(), "alice and bob finished their match at command " + std::to_string(last.command_index()));
  timeline.print("database outage of " + std::to_string(outage.count()) + " s");
  ASSERT_TRUE(last.finished());
  EXPECT_GE(last.command_index(), acknowledged) << "an acknowledged command was lost";
  for (Client* client : {alice.get(), bob.get()}) {
    for (const auto& push : other_pushes(*client)) EXPECT_FALSE(push.has_room_closed()) << describe(push);
    EXPECT_TRUE(client->is_open());
  }

  // Every acknowledged command is in the journal: with the match's end
  // forgotten, a restarted server replays the log, checks the journaled
  // state hash, and shows the same final state.
  const auto token = alice->token();
  alice.reset();
  ASSERT_EQ(server_->stop(), 0);
  {
    pqxx::connection conn(database_);
    pqxx::work tx(conn);
    tx.exec_params("UPDATE matches SET status = 'running', result_text = '' WHERE room_id = $1", room);
    tx.commit();
  }
  server_->start();
  auto again = connect();
  ASSERT_EQ(again->resume(token, 0).rooms_size(), 1) << "the journaled log did not replay";
  const auto replayed = again->wait_for_match_update(room);
  EXPECT_TRUE(replayed.finished());
  EXPECT_EQ(replayed.command_index(), last.command_index());
  EXPECT_EQ(replayed.result().winners_size(), last.result().winners_size());
}

class ShortOutage : public DatabaseOutage {
  std::string cluster_name() const override { return "outage10"; }
};
class LongOutage : public DatabaseOutage {
  std::string cluster_name() const override { return "outage60"; }
};

TEST_F(ShortOutage, RoomsRideOutTenSecondsWithoutPostgres) { ride_out(10s, 500ms); }

TEST_F(LongOutage, RoomsRideOutSixtySecondsWithoutPostgres) { ride_out(60s, 2000ms); }

}  // namespace
}  // namespace concord::testing
