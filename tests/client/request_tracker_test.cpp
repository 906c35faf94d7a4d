#include "client/request_tracker.hpp"

#include <gtest/gtest.h>

#include <thread>

namespace concord::client {
namespace {

using std::chrono::milliseconds;

v1::ServerMessage reply(std::uint64_t id, std::uint64_t seq) {
  v1::ServerMessage message;
  message.set_request_id(id);
  message.set_seq(seq);
  message.mutable_ok();
  return message;
}

TEST(RequestTracker, AssignsIncreasingIdsFromOne) {
  RequestTracker tracker;
  EXPECT_EQ(tracker.open(), 1u);
  EXPECT_EQ(tracker.open(), 2u);
  EXPECT_EQ(tracker.open(), 3u);
  EXPECT_EQ(tracker.outstanding(), 3u);
}

TEST(RequestTracker, MatchesRepliesByIdInAnyOrder) {
  RequestTracker tracker;
  const auto first = tracker.open();
  const auto second = tracker.open();
  EXPECT_TRUE(tracker.deliver(second, reply(second, 1)));
  EXPECT_TRUE(tracker.deliver(first, reply(first, 2)));
  const auto a = tracker.wait(first, milliseconds(0));
  const auto b = tracker.wait(second, milliseconds(0));
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->seq(), 2u);
  EXPECT_EQ(b->seq(), 1u);
  EXPECT_EQ(tracker.outstanding(), 0u);
}

TEST(RequestTracker, DropsRepliesNobodyWaitsFor) {
  RequestTracker tracker;
  EXPECT_FALSE(tracker.deliver(42, reply(42, 1)));
  const auto id = tracker.open();
  EXPECT_TRUE(tracker.deliver(id, reply(id, 2)));
  EXPECT_FALSE(tracker.deliver(id, reply(id, 3))) << "a second reply to the same request";
  EXPECT_EQ(tracker.late_replies(), 2u);
}

TEST(RequestTracker, TimeoutForgetsTheIdSoALateReplyIsDropped) {
  RequestTracker tracker;
  const auto id = tracker.open();
  EXPECT_FALSE(tracker.wait(id, milliseconds(20)).has_value());
  EXPECT_EQ(tracker.outstanding(), 0u);
  EXPECT_FALSE(tracker.deliver(id, reply(id, 1)));
  EXPECT_EQ(tracker.late_replies(), 1u);
}

TEST(RequestTracker, WaiterWakesWhenTheReplyArrivesFromAnotherThread) {
  RequestTracker tracker;
  const auto id = tracker.open();
  std::thread reader([&] {
    std::this_thread::sleep_for(milliseconds(20));
    tracker.deliver(id, reply(id, 7));
  });
  const auto got = tracker.wait(id, milliseconds(5000));
  reader.join();
  ASSERT_TRUE(got);
  EXPECT_EQ(got->seq(), 7u);
}

TEST(RequestTracker, FailWakesWaitersWithTheError) {
  RequestTracker tracker;
  const auto id = tracker.open();
  std::thread closer([&] {
    std::this_thread::sleep_for(milliseconds(20));
    tracker.fail(ClientError(ClientError::Kind::Closed, "CLOSED", "connection closed: 1001"));
  });
  try {
    tracker.wait(id, milliseconds(5000));
    ADD_FAILURE() << "expected ClientError";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "CLOSED");
    EXPECT_EQ(e.kind(), ClientError::Kind::Closed);
  }
  closer.join();
  const auto later = tracker.open();
  EXPECT_THROW(tracker.wait(later, milliseconds(0)), ClientError) << "later requests fail at once";
}

TEST(RequestTracker, AReplyThatArrivedBeforeTheFailureIsStillReturned) {
  RequestTracker tracker;
  const auto id = tracker.open();
  tracker.deliver(id, reply(id, 1));
  tracker.fail(ClientError(ClientError::Kind::Closed, "CLOSED", "closed"));
  EXPECT_TRUE(tracker.wait(id, milliseconds(0)).has_value());
}

TEST(RequestTracker, CancelForgetsAnId) {
  RequestTracker tracker;
  const auto id = tracker.open();
  tracker.cancel(id);
  EXPECT_EQ(tracker.outstanding(), 0u);
  EXPECT_FALSE(tracker.deliver(id, reply(id, 1)));
}

TEST(RequestTracker, ManyConcurrentRequestsEachGetTheirOwnReply) {
  RequestTracker tracker;
  constexpr int kThreads = 8;
  std::vector<std::uint64_t> ids;
  for (int i = 0; i < kThreads; ++i) ids.push_back(tracker.open());
  std::vector<std::thread> waiters;
  std::vector<std::uint64_t> got(kThreads, 0);
  for (int i = 0; i < kThreads; ++i) {
    waiters.emplace_back([&, i] { got[i] = tracker.wait(ids[i], milliseconds(5000))->seq(); });
  }
  for (int i = kThreads - 1; i >= 0; --i) tracker.deliver(ids[i], reply(ids[i], 100 + ids[i]));
  for (auto& waiter : waiters) waiter.join();
  for (int i = 0; i < kThreads; ++i) EXPECT_EQ(got[i], 100 + ids[i]);
}

}  // namespace
}  // namespace concord::client
