#include "delta/composed_part.hpp"

#include "delta/crc32_fold.hpp"

namespace concord::protocol {

void ComposedPart::compose(std::span<const ViewPiece> pieces) {
  if (key_ && layout_.same(pieces)) return;
  has_change_ = false;
  if (key_) {
    OpsWriter enc(change_.ops);
    has_change_ = layout_.delta(pieces, enc);
    enc.finish();
    change_.from_key = key_;
    change_.from_size = bytes_.size();
    change_.note(enc);
  }
  bytes_.clear();
  for (const auto& piece : pieces) bytes_.append(piece.bytes());
  crc_ = pieces_checksum(pieces);
  shift_ = crc32_shift_of(bytes_.size());
  key_ = next_piece_key();
  layout_.keep(pieces);
}

ViewPiece ComposedPart::piece(std::uint32_t slot) const {
  return ViewPiece::versioned(slot, bytes_, key_, crc_, shift_, has_change_ ? &change_ : nullptr);
}

}  // namespace concord::protocol
