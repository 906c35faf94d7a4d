// A versioned part of a view made of other pieces (view_pieces.hpp), for a
// run of pieces that several viewers' views share: e.g. an EverZone seat as
// every viewer but its owner sees it (its length header, its head and its
// piles). Its bytes, version, checksum and change are made from the pieces'
// own once per command when any of them changed, so that each of those views
// has one piece there instead of several: a viewer's feed then walks,
// checksums and keeps one piece instead of each of them.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "delta/piece_layout.hpp"
#include "delta/view_pieces.hpp"

namespace concord::protocol {

class ComposedPart {
 public:
  // The part made of `pieces` in order: a new version when they are not the
  // pieces of the current one, with its change from it put together from
  // the pieces' (as a viewer's feed would: PieceLayout::delta) and its
  // checksum combined from theirs (pieces_checksum).
  void compose(std::span<const ViewPiece> pieces);
  // The part as a piece of a view (valid until the next compose).
  ViewPiece piece(std::uint32_t slot) const;
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
  std::uint64_t key_ = 0;
  std::uint32_t crc_ = 0, shift_ = 0;
  PieceChange change_;
  bool has_change_ = false;
  PieceLayout layout_;
};

}  // namespace concord::protocol
