// The bytes of a ServerMessage that carries one MatchUpdate, put together
// from parts serialized apart (the header every form of an update shares,
// then the view part of a viewer's form). Each frame holds the MatchUpdate
// as one field: protobuf's own parsers merge an embedded message that
// appears twice, but protobufjs and ts-proto (the usual JavaScript ones)
// keep only the last occurrence, which lost everything but the view.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace concord::server {

// ServerMessage{request_id, match_update: <the parts' fields>}. Each part is
// a serialized MatchUpdate; their concatenation is the update (a field set
// in two parts takes the later one's value, as in a merge).
std::string match_update_body(std::uint64_t request_id, std::initializer_list<std::string_view> parts);

// The MatchUpdate fields every viewer's update of one state shares (room,
// game, command index, seed commitment, the seats awaiting an answer, and
// when there are any the result and the clocks, given serialized), written
// as protobuf serializes them (field order, proto3 defaults left out): once
// per command, where building and serializing the message was ~3% of an
// EverZone command's instructions in games_bench.
struct SharedUpdateFields {
  std::string_view room_id, game;
  std::uint64_t command_index = 0;
  std::string_view seed_commitment;
  std::span<const std::uint32_t> awaiting;  // the caller's, in seat order
  std::optional<std::string> result;  // a serialized MatchResult; also sets finished
  std::optional<std::string> clocks;  // a serialized ClockState
};
std::string serialize_shared_fields(const SharedUpdateFields& fields);
// The same written over `out` (a room keeps it from one command to the next).
void serialize_shared_fields(const SharedUpdateFields& fields, std::string& out);

// Appends `message` (serialized) as the embedded-message field `field` of
// the message being written in `out`.
void append_message_field(std::string& out, int field, std::string_view message);

// The mover's own update as the reply to its command (protocol 1.1): `body`,
// a ServerMessage holding a MatchUpdate, with `request_id` and
// MatchUpdate.accepted = true.
std::string acknowledged_update(std::string_view body, std::uint64_t request_id);

}  // namespace concord::server
