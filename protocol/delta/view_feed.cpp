#include "delta/view_feed.hpp"

#include "delta/view_delta.hpp"
#include "delta/wire_bytes.hpp"

namespace concord::protocol {

namespace {

using wire::put_bytes;
using wire::put_tag;
using wire::put_varint;

// MatchUpdate's fields of the view part (protocol/concord/v1/concord.proto).
constexpr std::uint32_t kViewField = 5, kViewDeltaField = 20, kViewChecksumField = 21;

// A string or bytes field as proto3 writes it: left out when empty.
void put_nonempty(std::string& out, std::uint32_t field, std::string_view bytes) {
  if (!bytes.empty()) put_bytes(out, field, bytes);
}

std::size_t bytes_field_size(std::string_view bytes) {
  return bytes.empty() ? 0 : 1 + wire::varint_size(bytes.size()) + bytes.size();
}

// MatchUpdate.view: an Any {type_url = 1, value = 2}.
void put_view(std::string& out, const google::protobuf::Any& view) {
  put_tag(out, kViewField, wire::kLengthDelimited);
  put_varint(out, bytes_field_size(view.type_url()) + bytes_field_size(view.value()));
  put_nonempty(out, 1, view.type_url());
  put_nonempty(out, 2, view.value());
}

// MatchUpdate.view_delta: ViewDelta {base_index = 1, ops = 2}.
void put_view_delta(std::string& out, std::uint64_t base_index, std::string_view ops) {
  put_tag(out, kViewDeltaField, wire::kLengthDelimited);
  const std::size_t index_size = base_index ? 1 + wire::varint_size(base_index) : 0;
  put_varint(out, index_size + bytes_field_size(ops));
  if (base_index) {
    put_tag(out, 1, wire::kVarint);
    put_varint(out, base_index);
  }
  put_nonempty(out, 2, ops);
}

// MatchUpdate.view_checksum: optional fixed32, so written even when 0.
void put_checksum(std::string& out, std::uint32_t checksum) {
  put_tag(out, kViewChecksumField, wire::kFixed32);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>(checksum >> (8 * i)));
}

}  // namespace

void ViewFeed::record(std::uint64_t index, const google::protobuf::Any& view, bool full, std::string* out) {
  const std::string& bytes = view.value();
  if (out) {
    constexpr std::size_t kHeads = 32;  // the fields' tags, lengths, base index and checksum
    if (!full && index_ && *index_ + 1 == index) {
      make_view_delta(bytes_, bytes, ops_);
      out->reserve(out->size() + ops_.size() + kHeads);
      put_view_delta(*out, *index_, ops_);
    } else {
      out->reserve(out->size() + view.type_url().size() + bytes.size() + kHeads);
      put_view(*out, view);
    }
    put_checksum(*out, view_checksum(bytes));
  }
  index_ = index;
  bytes_ = bytes;
}

}  // namespace concord::protocol
