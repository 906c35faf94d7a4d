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
    const std::size_t size = view.size();
    bool delta = false;
    if (follows(index, full)) {
      if (in_pieces_) {
        delta = piece_delta(view);
      } else {
        make_view_delta(bytes_, view.bytes(), ops_);
        delta = true;
      }
    }
    if (delta) {
      out->reserve(out->size() + ops_.size() + kHeads);
      put_view_delta(*out, *index_, ops_);
    } else {
      out->reserve(out->size() + view.type_url.size() + size + kHeads);
      put_view(*out, view, size);
    }
    put_checksum(*out, view.checksum());
  }
  index_ = index;
  in_pieces_ = true;
  bytes_.clear();
  keep_pieces(view);
}

// The base's piece in `slot`: most often the one after the last found (the
// same slots in the same order), else searched.
const ViewFeed::BasePiece* ViewFeed::base_piece(std::uint32_t slot, std::size_t& cursor) const {
  if (cursor < pieces_.size() && pieces_[cursor].slot == slot) return &pieces_[cursor++];
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    if (pieces_[i].slot == slot) {
      cursor = i + 1;
      return &pieces_[i];
    }
  }
  return nullptr;
}

// Into ops_, piece by piece against the base's piece in the same slot: a
// COPY of it at the same version (or, unversioned, with the same bytes), its
// change from the base's version (the change's positions moved to where that
// piece is in the base: its first COPY moved, the rest as it is), else the
// piece's bytes. False if a change was made from bytes of another size than
// the base's piece of its version (a writer's bug: the caller then sends the
// whole view).
bool ViewFeed::piece_delta(const PieceView& view) {
  OpsWriter enc(ops_);
  std::size_t cursor = 0;
  for (const auto& piece : view.pieces) {
    const BasePiece* base = base_piece(piece.slot(), cursor);
    const std::string_view bytes = piece.bytes();
    if (!base) {
      enc.insert(bytes);
    } else if (piece.key()) {
      const PieceChange* change = piece.change();
      if (base->key == piece.key()) {
        enc.copy(base->offset, base->size);
      } else if (change && base->key && change->from_key == base->key) {
        if (change->from_size != base->size) return false;
        const std::string_view ops = change->ops;
        enc.raw_inserts(ops.substr(0, change->head_end));
        if (change->first_length) {
          enc.copy(base->offset + change->first_from, change->first_length);
          enc.raw(ops.substr(change->rest_at), base->offset + change->copy_end);
        }
      } else {
        enc.insert(bytes);
      }
    } else if (!base->key && std::string_view(kept_).substr(base->kept, base->size) == bytes) {
      enc.copy(base->offset, base->size);
    } else {
      enc.insert(bytes);
    }
  }
  enc.finish();
  return true;
}

void ViewFeed::keep_pieces(const PieceView& view) {
  next_pieces_.clear();
  next_kept_.clear();
  std::size_t offset = 0;
  for (const auto& piece : view.pieces) {
    const std::string_view bytes = piece.bytes();
    next_pieces_.push_back({piece.slot(), piece.key(), offset, bytes.size(), next_kept_.size()});
    if (!piece.key()) next_kept_.append(bytes);
    offset += bytes.size();
  }
  pieces_.swap(next_pieces_);
  kept_.swap(next_kept_);
}

}  // namespace concord::protocol
