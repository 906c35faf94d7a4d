#include "update_body.hpp"

#include "concord/v1/concord.pb.h"
#include "delta/wire_bytes.hpp"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

namespace concord::server {

namespace {

using google::protobuf::internal::WireFormatLite;

constexpr std::uint32_t kRequestIdField = v1::ServerMessage::kRequestIdFieldNumber;
constexpr std::uint32_t kMatchUpdateField = v1::ServerMessage::kMatchUpdateFieldNumber;
constexpr std::uint32_t kAcceptedField = v1::MatchUpdate::kAcceptedFieldNumber;

using protocol::wire::kLengthDelimited;
using protocol::wire::kVarint;
using protocol::wire::put_bytes;
using protocol::wire::put_tag;
using protocol::wire::put_varint;

std::string envelope(std::uint64_t request_id, std::initializer_list<std::string_view> parts, bool accepted) {
  std::size_t size = accepted ? 2 : 0;
  for (const auto part : parts) size += part.size();
  std::string out;
  out.reserve(size + 16);
  if (request_id != 0) {
    put_tag(out, kRequestIdField, kVarint);
    put_varint(out, request_id);
  }
  put_tag(out, kMatchUpdateField, kLengthDelimited);
  put_varint(out, size);
  for (const auto part : parts) out.append(part);
  if (accepted) {
    put_tag(out, kAcceptedField, kVarint);
    put_varint(out, 1);
  }
  return out;
}

// The MatchUpdate fields of a serialized ServerMessage: the contents of its
// match_update occurrences, in order (concatenated, they are their merge).
std::string update_fields_of(std::string_view body) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(body.data()),
                                            static_cast<int>(body.size()));
  std::string fields;
  while (const std::uint32_t tag = in.ReadTag()) {
    if (tag == WireFormatLite::MakeTag(kMatchUpdateField, WireFormatLite::WIRETYPE_LENGTH_DELIMITED)) {
      std::uint32_t size = 0;
      std::string part;
      if (!in.ReadVarint32(&size) || !in.ReadString(&part, static_cast<int>(size))) break;
      fields += part;
    } else if (!WireFormatLite::SkipField(&in, tag)) {
      break;
    }
  }
  return fields;
}

}  // namespace

std::string match_update_body(std::uint64_t request_id, std::initializer_list<std::string_view> parts) {
  return envelope(request_id, parts, false);
}

std::string serialize_shared_fields(const SharedUpdateFields& fields) {
  std::string out;
  serialize_shared_fields(fields, out);
  return out;
}

void serialize_shared_fields(const SharedUpdateFields& f, std::string& out) {
  using U = v1::MatchUpdate;
  out.clear();
  out.reserve(f.room_id.size() + f.game.size() + f.seed_commitment.size() + 32 + f.awaiting.size() * 2 +
              (f.result ? f.result->size() + 8 : 0) + (f.clocks ? f.clocks->size() + 8 : 0));
  if (!f.room_id.empty()) put_bytes(out, U::kRoomIdFieldNumber, f.room_id);
  if (!f.game.empty()) put_bytes(out, U::kGameFieldNumber, f.game);
  if (f.command_index != 0) {
    put_tag(out, U::kCommandIndexFieldNumber, kVarint);
    put_varint(out, f.command_index);
  }
  if (!f.seed_commitment.empty()) put_bytes(out, U::kSeedCommitmentFieldNumber, f.seed_commitment);
  if (f.result) {
    put_bytes(out, U::kResultFieldNumber, *f.result);
    put_tag(out, U::kFinishedFieldNumber, kVarint);
    put_varint(out, 1);
  }
  if (!f.awaiting.empty()) {  // packed
    std::size_t size = 0;
    for (const auto seat : f.awaiting) size += protocol::wire::varint_size(seat);
    put_tag(out, U::kAwaitingFieldNumber, kLengthDelimited);
    put_varint(out, size);
    for (const auto seat : f.awaiting) put_varint(out, seat);
  }
  if (f.clocks) put_bytes(out, U::kClocksFieldNumber, *f.clocks);
}

void append_message_field(std::string& out, int field, std::string_view message) {
  put_bytes(out, static_cast<std::uint32_t>(field), message);
}

namespace {

// The contents of `body`'s match_update when `body` is that one field and
// nothing else (as a room's update bodies are: match_update_body without a
// request id), else nullopt.
std::optional<std::string_view> only_update_fields(std::string_view body) {
  google::protobuf::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(body.data()),
                                            static_cast<int>(body.size()));
  std::uint32_t size = 0;
  if (in.ReadTag() != WireFormatLite::MakeTag(kMatchUpdateField, WireFormatLite::WIRETYPE_LENGTH_DELIMITED) ||
      !in.ReadVarint32(&size)) {
    return std::nullopt;
  }
  const auto at = static_cast<std::size_t>(in.CurrentPosition());
  if (size != body.size() - at) return std::nullopt;
  return body.substr(at);
}

}  // namespace

std::string acknowledged_update(std::string_view body, std::uint64_t request_id) {
  // A room's body is read in place; any other is merged first.
  if (const auto fields = only_update_fields(body)) return envelope(request_id, {*fields}, true);
  const std::string fields = update_fields_of(body);
  return envelope(request_id, {fields}, true);
}

}  // namespace concord::server
