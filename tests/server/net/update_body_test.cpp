// The bytes of a MatchUpdate frame (server/src/update_body.hpp): one
// match_update field, whatever parts it was put together from.
#include <gtest/gtest.h>

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include "concord/v1/concord.pb.h"
#include "update_body.hpp"

namespace concord::server {
namespace {

using google::protobuf::internal::WireFormatLite;

int match_update_fields(const std::string& body) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(body.data()),
                                            static_cast<int>(body.size()));
  int count = 0;
  while (const std::uint32_t tag = in.ReadTag()) {
    if (WireFormatLite::GetTagFieldNumber(tag) == 40) ++count;
    if (!WireFormatLite::SkipField(&in, tag)) return -1;
  }
  return count;
}

v1::MatchUpdate header() {
  v1::MatchUpdate update;
  update.set_room_id("r1");
  update.set_command_index(300);  // a two-byte varint
  update.mutable_prompt()->set_kind("move");
  update.set_prompt_id(7);
  return update;
}

v1::MatchUpdate view_part() {
  v1::MatchUpdate update;
  update.mutable_view_delta()->set_base_index(299);
  update.mutable_view_delta()->set_ops(std::string(200, 'x'));  // the update passes 128 bytes
  update.set_view_checksum(0xdeadbeef);
  return update;
}

TEST(UpdateBody, PartsBecomeOneMatchUpdateEqualToTheirMerge) {
  const std::string body = match_update_body(0, {header().SerializeAsString(), view_part().SerializeAsString()});
  EXPECT_EQ(match_update_fields(body), 1);
  v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(body));
  v1::ServerMessage merged;
  *merged.mutable_match_update() = header();
  merged.mutable_match_update()->MergeFrom(view_part());
  EXPECT_EQ(parsed.SerializeAsString(), merged.SerializeAsString());
  EXPECT_EQ(parsed.request_id(), 0u);
}

TEST(UpdateBody, ARequestIdGoesInTheEnvelope) {
  const std::string body = match_update_body(1234567, {header().SerializeAsString()});
  v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(body));
  EXPECT_EQ(parsed.request_id(), 1234567u);
  EXPECT_EQ(parsed.match_update().room_id(), "r1");
  EXPECT_EQ(match_update_fields(body), 1);
}

TEST(UpdateBody, TheMoversReplyIsTheSameUpdateWithItsRequestIdAndAccepted) {
  const std::string body = match_update_body(0, {header().SerializeAsString(), view_part().SerializeAsString()});
  const std::string reply = acknowledged_update(body, 99);
  EXPECT_EQ(match_update_fields(reply), 1);
  v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(reply));
  EXPECT_EQ(parsed.request_id(), 99u);
  EXPECT_TRUE(parsed.match_update().accepted());
  v1::ServerMessage original;
  ASSERT_TRUE(original.ParseFromString(body));
  parsed.mutable_match_update()->clear_accepted();
  parsed.clear_request_id();
  EXPECT_EQ(parsed.SerializeAsString(), original.SerializeAsString());
}

// A body read in place must be exactly one match_update: a request id
// before it, or bytes after it, take the merging path, with the same reply.
TEST(UpdateBody, TheReplyIsTheSameWhateverElseTheBodyHolds) {
  const std::string fields = match_update_body(0, {header().SerializeAsString(), view_part().SerializeAsString()});
  const std::string with_id = match_update_body(7, {header().SerializeAsString(), view_part().SerializeAsString()});
  v1::ServerMessage trailing;
  trailing.mutable_match_update()->set_command_index(42);
  for (const std::string& body : {with_id, fields + trailing.SerializeAsString()}) {
    v1::ServerMessage expected;
    ASSERT_TRUE(expected.ParseFromString(body));
    expected.set_request_id(99);
    expected.mutable_match_update()->set_accepted(true);
    v1::ServerMessage parsed;
    ASSERT_TRUE(parsed.ParseFromString(acknowledged_update(body, 99)));
    EXPECT_EQ(parsed.SerializeAsString(), expected.SerializeAsString());
  }
}

TEST(UpdateBody, AReplyToABodyInPartsHoldsTheirMerge) {
  v1::ServerMessage first;
  *first.mutable_match_update() = header();
  v1::ServerMessage second;
  *second.mutable_match_update() = view_part();
  const std::string reply = acknowledged_update(first.SerializeAsString() + second.SerializeAsString(), 5);
  EXPECT_EQ(match_update_fields(reply), 1);
  v1::ServerMessage parsed;
  ASSERT_TRUE(parsed.ParseFromString(reply));
  EXPECT_EQ(parsed.match_update().room_id(), "r1");
  EXPECT_EQ(parsed.match_update().view_checksum(), 0xdeadbeefu);
  EXPECT_TRUE(parsed.match_update().accepted());
}

// Room::update_header: each event serialized once, appended after the other
// header fields for every viewer who may see it.
TEST(UpdateBody, EventsAppendedAfterTheHeaderParseAsTheUpdateWithThoseEventsInOrder) {
  std::vector<v1::GameEvent> events(3);
  for (std::size_t i = 0; i < events.size(); ++i) {
    events[i].set_kind("kind" + std::to_string(i));
    events[i].set_text(std::string(150, static_cast<char>('a' + i)));  // a two-byte length
    events[i].mutable_detail()->set_type_url("type.googleapis.com/x");
  }
  std::string bytes = header().SerializeAsString();
  for (std::size_t i : {0u, 2u}) {  // event 1 is hidden from this viewer
    append_message_field(bytes, v1::MatchUpdate::kEventsFieldNumber, events[i].SerializeAsString());
  }
  v1::MatchUpdate parsed;
  ASSERT_TRUE(parsed.ParseFromString(bytes));
  v1::MatchUpdate expected = header();
  *expected.add_events() = events[0];
  *expected.add_events() = events[2];
  EXPECT_EQ(parsed.SerializeAsString(), expected.SerializeAsString());
  const std::string body = match_update_body(0, {bytes, view_part().SerializeAsString()});
  v1::ServerMessage message;
  ASSERT_TRUE(message.ParseFromString(body));
  ASSERT_EQ(message.match_update().events_size(), 2);
  EXPECT_EQ(message.match_update().events(1).kind(), "kind2");
  EXPECT_EQ(message.match_update().view_checksum(), 0xdeadbeefu);
}

// The shared fields written by hand are the bytes protobuf writes for the
// same MatchUpdate, whichever optional parts an update has.
TEST(UpdateBody, SharedFieldsAreProtobufsBytes) {
  v1::MatchResult result;
  result.add_winners(1);
  result.set_reason("counter reached 100");
  v1::ClockState clocks;
  clocks.set_mode("chess");
  clocks.add_seats();
  clocks.set_stopped(true);
  for (int variant = 0; variant < 16; ++variant) {
    const bool with_result = variant & 1, with_clocks = variant & 2, awaiting = variant & 4, zero_index = variant & 8;
    v1::MatchUpdate expected;
    SharedUpdateFields fields;
    expected.set_room_id("r-42");
    fields.room_id = "r-42";
    expected.set_game("everzone");
    fields.game = "everzone";
    expected.set_command_index(zero_index ? 0 : 300);
    fields.command_index = zero_index ? 0 : 300;
    const std::string commitment(64, 'a');
    expected.set_seed_commitment(commitment);
    fields.seed_commitment = commitment;
    std::vector<std::uint32_t> seats;
    if (awaiting) {
      for (std::uint32_t seat : {0u, 2u, 200u}) {  // 200: a two-byte varint
        expected.add_awaiting(seat);
        seats.push_back(seat);
      }
    }
    fields.awaiting = seats;
    if (with_result) {
      expected.set_finished(true);
      *expected.mutable_result() = result;
      fields.result = result.SerializeAsString();
    }
    if (with_clocks) {
      *expected.mutable_clocks() = clocks;
      fields.clocks = clocks.SerializeAsString();
    }
    EXPECT_EQ(serialize_shared_fields(fields), expected.SerializeAsString()) << "variant " << variant;
    std::string over("left from the last command, longer than the fields");
    serialize_shared_fields(fields, over);
    EXPECT_EQ(over, expected.SerializeAsString()) << "written over, variant " << variant;
  }
}

}  // namespace
}  // namespace concord::server
