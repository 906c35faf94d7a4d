#include "client/inbox.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace concord::client {
namespace {

using std::chrono::milliseconds;

v1::ServerMessage update(const std::string& room, std::uint64_t index) {
  v1::ServerMessage message;
  message.mutable_match_update()->set_room_id(room);
  message.mutable_match_update()->set_command_index(index);
  return message;
}

v1::ServerMessage room_info(const std::string& room) {
  v1::ServerMessage message;
  message.mutable_room()->set_room_id(room);
  return message;
}

TEST(Inbox, PopsInArrivalOrderAndTimesOutWhenEmpty) {
  Inbox inbox;
  inbox.push(update("a", 1));
  inbox.push(room_info("a"));
  EXPECT_TRUE(inbox.pop(milliseconds(0))->has_match_update());
  EXPECT_TRUE(inbox.pop(milliseconds(0))->has_room());
  EXPECT_FALSE(inbox.pop(milliseconds(10)).has_value());
}

TEST(Inbox, PredicateTakesTheFirstMatchAndLeavesTheRestInOrder) {
  Inbox inbox;
  inbox.push(room_info("a"));
  inbox.push(update("b", 1));
  inbox.push(update("a", 2));
  inbox.push(room_info("b"));
  const auto taken = inbox.pop(milliseconds(0), [](const v1::ServerMessage& m) {
    return m.has_match_update() && m.match_update().room_id() == "a";
  });
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->match_update().command_index(), 2u);
  EXPECT_EQ(inbox.pop(milliseconds(0))->room().room_id(), "a");
  EXPECT_EQ(inbox.pop(milliseconds(0))->match_update().room_id(), "b");
  EXPECT_EQ(inbox.pop(milliseconds(0))->room().room_id(), "b");
}

TEST(Inbox, WaitsForAMatchingPushFromAnotherThread) {
  Inbox inbox;
  std::thread reader([&] {
    inbox.push(room_info("x"));
    std::this_thread::sleep_for(milliseconds(20));
    inbox.push(update("x", 5));
  });
  const auto got = inbox.pop(milliseconds(5000), [](const v1::ServerMessage& m) { return m.has_match_update(); });
  reader.join();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->match_update().command_index(), 5u);
  EXPECT_EQ(inbox.size(), 1u);
}

TEST(Inbox, AfterCloseQueuedPushesComeFirstThenTheCloseReason) {
  Inbox inbox;
  inbox.push(update("a", 1));
  inbox.close(ClientError(ClientError::Kind::Closed, "CLOSED", "connection closed: 1009"));
  EXPECT_TRUE(inbox.pop(milliseconds(0)).has_value());
  try {
    inbox.pop(milliseconds(1000));
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "CLOSED");
  }
}

TEST(Inbox, CloseWakesAWaiter) {
  Inbox inbox;
  std::thread closer([&] {
    std::this_thread::sleep_for(milliseconds(20));
    inbox.close(ClientError(ClientError::Kind::Closed, "CLOSED", "bye"));
  });
  EXPECT_THROW(inbox.pop(milliseconds(5000)), ClientError);
  closer.join();
}

TEST(Inbox, DropsTheOldestBeyondCapacity) {
  Inbox inbox(2);
  inbox.push(update("a", 1));
  inbox.push(update("a", 2));
  inbox.push(update("a", 3));
  EXPECT_EQ(inbox.dropped(), 1u);
  EXPECT_EQ(inbox.pop(milliseconds(0))->match_update().command_index(), 2u);
}

}  // namespace
}  // namespace concord::client
