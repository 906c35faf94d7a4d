// Walks the wire format of a refused frame, guided by ClientMessage's
// descriptor, looking for a string field that is not UTF-8.
#include "frame_diagnosis.hpp"

#include <optional>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include "concord/v1/concord.pb.h"
#include "text_limits.hpp"

namespace concord::server::net {

namespace {

namespace pb = google::protobuf;
using WireFormatLite = pb::internal::WireFormatLite;
constexpr int kMaxDepth = 32;

struct Walk {
  bool well_formed = true;
  std::optional<std::string> bad_field;  // full name of the first non-UTF-8 string field
  std::uint64_t request_id = 0;          // top level only
};

void walk(const pb::Descriptor* type, std::string_view bytes, int depth, Walk& out);

void visit_length_delimited(const pb::FieldDescriptor* field, std::string_view payload, int depth, Walk& out) {
  if (!field || out.bad_field) return;
  if (field->type() == pb::FieldDescriptor::TYPE_STRING && !valid_utf8(payload)) {
    out.bad_field = field->full_name();
  } else if (field->type() == pb::FieldDescriptor::TYPE_MESSAGE && depth < kMaxDepth) {
    walk(field->message_type(), payload, depth + 1, out);
  }
}

void walk(const pb::Descriptor* type, std::string_view bytes, int depth, Walk& out) {
  pb::io::CodedInputStream in(reinterpret_cast<const std::uint8_t*>(bytes.data()), static_cast<int>(bytes.size()));
  while (const auto tag = in.ReadTag()) {
    const auto number = static_cast<int>(WireFormatLite::GetTagFieldNumber(tag));
    const auto wire_type = WireFormatLite::GetTagWireType(tag);
    if (wire_type == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
      std::uint32_t size = 0;
      const void* data = nullptr;
      int available = 0;
      if (!in.ReadVarint32(&size) || !in.GetDirectBufferPointer(&data, &available) ||
          static_cast<std::uint32_t>(available) < size) {
        out.well_formed = false;
        return;
      }
      visit_length_delimited(type->FindFieldByNumber(number), {static_cast<const char*>(data), size}, depth, out);
      in.Skip(static_cast<int>(size));
    } else if (depth == 0 && number == 1 && wire_type == WireFormatLite::WIRETYPE_VARINT) {
      if (!in.ReadVarint64(&out.request_id)) out.well_formed = false;
    } else if (!WireFormatLite::SkipField(&in, tag)) {
      out.well_formed = false;
    }
    if (!out.well_formed) return;
  }
  if (!in.ConsumedEntireMessage()) out.well_formed = false;
}

}  // namespace

FrameProblem diagnose_bad_frame(std::string_view bytes) {
  Walk result;
  walk(concord::v1::ClientMessage::descriptor(), bytes, 0, result);
  if (result.well_formed && result.bad_field) {
    return {"INVALID_UTF8", "field " + *result.bad_field + " is not valid UTF-8", result.request_id};
  }
  return {"BAD_FRAME", "the frame is not a valid ClientMessage", 0};
}

}  // namespace concord::server::net
