#include "outbound_queue.hpp"

#include <gtest/gtest.h>

#include "net_wire.hpp"

namespace concord::server::net {
namespace {

OutboundFrame frame(std::size_t body_bytes) {
  return OutboundFrame{"", std::make_shared<const std::string>(body_bytes, 'x')};
}

TEST(OutboundQueueTest, BoundedByCount) {
  OutboundQueue queue(2, 1000);
  EXPECT_TRUE(queue.push(frame(1)));
  EXPECT_TRUE(queue.push(frame(1)));
  EXPECT_FALSE(queue.push(frame(1)));
  EXPECT_EQ(queue.size(), 2u);
  queue.pop();
  EXPECT_TRUE(queue.push(frame(1)));
}

TEST(OutboundQueueTest, BoundedByBytes) {
  OutboundQueue queue(100, 10);
  EXPECT_TRUE(queue.push(frame(6)));
  EXPECT_FALSE(queue.push(frame(5)));
  EXPECT_TRUE(queue.push(frame(4)));
  EXPECT_EQ(queue.bytes(), 10u);
  queue.pop();
  EXPECT_EQ(queue.bytes(), 4u);
}

TEST(OutboundQueueTest, OneOversizedFrameFitsAnEmptyQueue) {
  OutboundQueue queue(10, 10);
  EXPECT_TRUE(queue.push(frame(50)));
  EXPECT_FALSE(queue.push(frame(1)));
}

TEST(OutboundQueueTest, DropPendingKeepsTheFrameInFlight) {
  OutboundQueue queue(10, 1000);
  queue.push(frame(1));
  queue.push(frame(2));
  queue.push(frame(3));
  queue.drop_pending();
  EXPECT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue.bytes(), 1u);
  EXPECT_EQ(queue.front().body->size(), 1u);
}

TEST(WireTest, SeqPrefixMergesIntoTheBody) {
  concord::v1::ServerMessage message;
  message.set_seq(999);  // replaced by the session's seq
  message.set_request_id(42);
  message.mutable_pong()->set_nonce(7);
  const auto body = serialize_body(message);
  concord::v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(seq_prefix(5) + *body));
  EXPECT_EQ(parsed.seq(), 5u);
  EXPECT_EQ(parsed.request_id(), 42u);
  EXPECT_EQ(parsed.pong().nonce(), 7u);
  EXPECT_EQ(message.seq(), 999u);  // the caller's message is untouched
}

TEST(WireTest, SeqPrefixIsWhatProtobufSerializes) {
  for (const std::uint64_t seq : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{127}, std::uint64_t{128},
                                  std::uint64_t{300}, std::uint64_t{1} << 35, ~std::uint64_t{0}}) {
    concord::v1::ServerMessage header;
    header.set_seq(seq);
    EXPECT_EQ(seq_prefix(seq), header.SerializeAsString()) << seq;
  }
}

TEST(WireTest, ErrorBodyCarriesCodeAndRequestId) {
  concord::v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(*error_body("BAD_FRAME", "why", 9)));
  EXPECT_EQ(parsed.error().code(), "BAD_FRAME");
  EXPECT_EQ(parsed.error().message(), "why");
  EXPECT_EQ(parsed.error().request_id(), 9u);
  EXPECT_EQ(parsed.request_id(), 9u);
}

}  // namespace
}  // namespace concord::server::net
