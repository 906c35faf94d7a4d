#include "delta/piece_layout.hpp"

namespace concord::protocol {

// The layout's piece in `slot`: most often the one after the last found (the
// same slots in the same order), else searched.
const PieceLayout::Piece* PieceLayout::find(std::uint32_t slot, std::size_t& cursor) const {
  if (cursor < pieces_.size() && pieces_[cursor].slot == slot) return &pieces_[cursor++];
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    if (pieces_[i].slot == slot) {
      cursor = i + 1;
      return &pieces_[i];
    }
  }
  return nullptr;
}

bool PieceLayout::delta(std::span<const ViewPiece> pieces, OpsWriter& enc) const {
  std::size_t cursor = 0;
  for (const auto& piece : pieces) {
    const Piece* base = find(piece.slot(), cursor);
    const std::string_view bytes = piece.bytes();
    if (!base) {
      enc.insert(bytes);
    } else if (piece.key()) {
      const PieceChange* change = piece.change();
      if (base->key == piece.key()) {
        enc.copy(base->offset, base->size);
      } else if (change && base->key && change->from_key == base->key) {
        if (change->from_size != base->size) return false;
        const std::string_view change_ops = change->ops;
        enc.raw_inserts(change_ops.substr(0, change->head_end));
        if (change->first_length) {
          enc.copy(base->offset + change->first_from, change->first_length);
          enc.raw(change_ops.substr(change->rest_at), base->offset + change->copy_end);
        }
      } else {
        enc.insert(bytes);
      }
    } else if (!base->key && kept_bytes(*base) == bytes) {
      enc.copy(base->offset, base->size);
    } else {
      enc.insert(bytes);
    }
  }
  return true;
}

bool PieceLayout::same(std::span<const ViewPiece> pieces) const {
  if (pieces.size() != pieces_.size()) return false;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Piece& base = pieces_[i];
    const ViewPiece& piece = pieces[i];
    if (base.slot != piece.slot() || base.key != piece.key()) return false;
    if (!piece.key() && kept_bytes(base) != piece.bytes()) return false;
  }
  return true;
}

void PieceLayout::keep(std::span<const ViewPiece> pieces) {
  // Written over in place (their capacity kept): a new layout reads nothing
  // of the old one, and a piece's bytes are never the layout's own.
  pieces_.clear();
  kept_.clear();
  std::size_t offset = 0;
  for (const auto& piece : pieces) {
    const std::string_view bytes = piece.bytes();
    pieces_.push_back({piece.slot(), piece.key(), offset, bytes.size(), kept_.size()});
    if (!piece.key()) kept_.append(bytes);
    offset += bytes.size();
  }
  size_ = offset;
}

}  // namespace concord::protocol
