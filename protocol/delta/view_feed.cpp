#include "delta/view_feed.hpp"

#include "delta/delta_ops.hpp"
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

// The same from a view's pieces.
void put_view(std::string& out, const PieceView& view, std::size_t size) {
  put_tag(out, kViewField, wire::kLengthDelimited);
  const std::size_t value_field = size ? 1 + wire::varint_size(size) + size : 0;
  put_varint(out, bytes_field_size(view.type_url) + value_field);
  put_nonempty(out, 1, view.type_url);
  if (!size) return;
  put_tag(out, 2, wire::kLengthDelimited);
  put_varint(out, size);
  view.append_to(out);
}

// MatchUpdate.view_delta: ViewDelta {base_index = 1, ops = 2}; the heads
// gathered and appended at once (a push_back a byte was a fifth of a
// viewer's update here).
void put_view_delta(std::string& out, std::uint64_t base_index, std::string_view ops) {
  const std::size_t index_size = base_index ? 1 + wire::varint_size(base_index) : 0;
  char head[40];
  std::size_t n = put_varint(head, kViewDeltaField << 3 | wire::kLengthDelimited);
  n += put_varint(head + n, index_size + bytes_field_size(ops));
  if (base_index) {
    head[n++] = 1 << 3 | wire::kVarint;
    n += put_varint(head + n, base_index);
  }
  if (!ops.empty()) {
    head[n++] = 2 << 3 | wire::kLengthDelimited;
    n += put_varint(head + n, ops.size());
  }
  out.append(head, n);
  out.append(ops);
}

// MatchUpdate.view_checksum: optional fixed32, so written even when 0.
void put_checksum(std::string& out, std::uint32_t checksum) {
  char field[16];
  std::size_t n = put_varint(field, kViewChecksumField << 3 | wire::kFixed32);
  for (int i = 0; i < 4; ++i) field[n++] = static_cast<char>(checksum >> (8 * i));
  out.append(field, n);
}

}  // namespace

void ViewFeed::record(std::uint64_t index, const google::protobuf::Any& view, bool full, std::string* out) {
  const std::string& bytes = view.value();
  if (out) {
    constexpr std::size_t kHeads = 32;  // the fields' tags, lengths, base index and checksum
    if (!in_pieces_ && follows(index, full)) {
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
  in_pieces_ = false;
  bytes_ = bytes;
}

void ViewFeed::record(std::uint64_t index, const PieceView& view, bool full, std::string* out) {
  if (out) {
    constexpr std::size_t kHeads = 32;
    bool delta = false;
    if (follows(index, full)) {
      if (in_pieces_) {
        OpsWriter enc(ops_);
        delta = layout_.delta(view.pieces, enc);
        enc.finish();
      } else {
        make_view_delta(bytes_, view.bytes(), ops_);
        delta = true;
      }
    }
    if (delta) {
      out->reserve(out->size() + ops_.size() + kHeads);
      put_view_delta(*out, *index_, ops_);
    } else {
      const std::size_t size = view.size();
      out->reserve(out->size() + view.type_url.size() + size + kHeads);
      put_view(*out, view, size);
    }
    put_checksum(*out, view.checksum());
  }
  index_ = index;
  in_pieces_ = true;
  bytes_.clear();
  layout_.keep(view.pieces);
}

}  // namespace concord::protocol
