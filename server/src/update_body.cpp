#include "update_body.hpp"

#include <cassert>

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

namespace wire = protocol::wire;

// Counted, then written in place (wire::Cursor): one resize instead of an
// append per tag and length.
void serialize_shared_fields(const SharedUpdateFields& f, std::string& out) {
  using U = v1::MatchUpdate;
  std::size_t awaiting = 0;
  for (const auto seat : f.awaiting) awaiting += wire::varint_size(seat);
  const std::size_t size =
      wire::string_field_size(U::kRoomIdFieldNumber, f.room_id) + wire::string_field_size(U::kGameFieldNumber, f.game) +
      wire::number_field_size(U::kCommandIndexFieldNumber, f.command_index) +
      wire::string_field_size(U::kSeedCommitmentFieldNumber, f.seed_commitment) +
      (f.result ? wire::bytes_field_size(U::kResultFieldNumber, f.result->size()) +
                      wire::number_field_size(U::kFinishedFieldNumber, 1)
                : 0) +
      (awaiting ? wire::bytes_field_size(U::kAwaitingFieldNumber, awaiting) : 0) +
      (f.clocks ? wire::bytes_field_size(U::kClocksFieldNumber, f.clocks->size()) : 0);
  out.resize(size);
  wire::Cursor c(out.data());
  c.string(U::kRoomIdFieldNumber, f.room_id);
  c.string(U::kGameFieldNumber, f.game);
  c.number(U::kCommandIndexFieldNumber, f.command_index);
  c.string(U::kSeedCommitmentFieldNumber, f.seed_commitment);
  if (f.result) {
    c.bytes(U::kResultFieldNumber, *f.result);
    c.number(U::kFinishedFieldNumber, 1);
  }
  if (awaiting) {  // packed
    c.message_head(U::kAwaitingFieldNumber, awaiting);
    for (const auto seat : f.awaiting) c.varint(seat);
  }
  if (f.clocks) c.bytes(U::kClocksFieldNumber, *f.clocks);
  assert(c.at() == out.data() + out.size() && "the shared fields' size counts every byte written");
}

void append_message_field(std::string& out, int field, std::string_view message) {
  const std::size_t at = out.size();
  const auto number = static_cast<std::uint32_t>(field);
  out.resize(at + wire::bytes_field_size(number, message.size()));
  wire::Cursor(out.data() + at).bytes(number, message);
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
