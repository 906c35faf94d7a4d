#include "delta/view_feed.hpp"

#include "delta/view_delta.hpp"

namespace concord::protocol {

namespace {

// MatchUpdate's fields of the view part (protocol/concord/v1/concord.proto).
constexpr std::uint32_t kViewField = 5, kViewDeltaField = 20, kViewChecksumField = 21;
constexpr std::uint32_t kVarint = 0, kLengthDelimited = 2, kFixed32 = 5;

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void put_tag(std::string& out, std::uint32_t field, std::uint32_t wire_type) { put_varint(out, field << 3 | wire_type); }

// A length-delimited field; proto3 leaves an empty string or bytes field out.
void put_bytes(std::string& out, std::uint32_t field, std::string_view bytes, bool even_empty = false) {
  if (bytes.empty() && !even_empty) return;
  put_tag(out, field, kLengthDelimited);
  put_varint(out, bytes.size());
  out.append(bytes);
}

std::size_t varint_size(std::uint64_t v) {
  std::size_t n = 1;
  for (; v >= 0x80; v >>= 7) ++n;
  return n;
}

std::size_t bytes_field_size(std::string_view bytes) { return bytes.empty() ? 0 : 1 + varint_size(bytes.size()) + bytes.size(); }

// MatchUpdate.view: an Any {type_url = 1, value = 2}.
void put_view(std::string& out, const google::protobuf::Any& view) {
  put_tag(out, kViewField, kLengthDelimited);
  put_varint(out, bytes_field_size(view.type_url()) + bytes_field_size(view.value()));
  put_bytes(out, 1, view.type_url());
  put_bytes(out, 2, view.value());
}

// MatchUpdate.view_delta: ViewDelta {base_index = 1, ops = 2}.
void put_view_delta(std::string& out, std::uint64_t base_index, std::string_view ops) {
  put_tag(out, kViewDeltaField, kLengthDelimited);
  const std::size_t index_size = base_index ? 1 + varint_size(base_index) : 0;
  put_varint(out, index_size + bytes_field_size(ops));
  if (base_index) {
    put_tag(out, 1, kVarint);
    put_varint(out, base_index);
  }
  put_bytes(out, 2, ops);
}

// MatchUpdate.view_checksum: optional fixed32, so written even when 0.
void put_checksum(std::string& out, std::uint32_t checksum) {
  put_tag(out, kViewChecksumField, kFixed32);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(checksum >> (8 * i)));
}

}  // namespace

void ViewFeed::record(std::uint64_t index, const google::protobuf::Any& view, bool full, std::string* out) {
  const std::string& bytes = view.value();
  if (out) {
    if (!full && index_ && *index_ + 1 == index) {
      put_view_delta(*out, *index_, make_view_delta(bytes_, bytes));
    } else {
      put_view(*out, view);
    }
    put_checksum(*out, view_checksum(bytes));
  }
  index_ = index;
  bytes_ = bytes;
}

}  // namespace concord::protocol
