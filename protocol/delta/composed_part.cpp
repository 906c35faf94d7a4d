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
  // The checksum and shift from the pieces' own: x^(8(m+n)) = x^(8m) x^(8n).
  bytes_.clear();
  crc_ = 0;
  shift_ = crc32_shift_of(0);
  for (const auto& piece : pieces) {
    const std::string_view bytes = piece.bytes();
    bytes_.append(bytes);
    const std::uint32_t shift = piece.key() ? piece.shift() : crc32_shift_of(bytes.size());
    crc_ = piece.key() ? crc32_combine_shifted(crc_, piece.crc(), shift) : crc32_update(crc_, bytes);
    shift_ = crc32_combine_shifted(shift_, 0, shift);
  }
  key_ = next_piece_key();
  layout_.keep(pieces);
}

ViewPiece ComposedPart::piece(std::uint32_t slot) const {
  return ViewPiece::versioned(slot, bytes_, key_, crc_, shift_, has_change_ ? &change_ : nullptr);
}

}  // namespace concord::protocol
