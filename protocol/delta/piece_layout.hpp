// The pieces (view_pieces.hpp) of one version of a view, or of a part made of
// pieces, as kept to write the next version's delta against: for each piece
// its slot, its version key, where its bytes were and, for a piece without a
// version, the bytes themselves. A viewer's feed keeps the layout of the view
// it last sent (ViewFeed); a composed part keeps its own (ComposedPart).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "delta/delta_ops.hpp"
#include "delta/view_pieces.hpp"

namespace concord::protocol {

class PieceLayout {
 public:
  // Into `enc` (the caller finishes it), piece by piece against this layout's piece
  // in the same slot: a COPY of it at the same version (or, unversioned,
  // with the same bytes); its change from this layout's version, the
  // change's first COPY moved to where that piece was (the later COPYs are
  // relative to it); else the piece's bytes. False if a change was made from
  // bytes of another size than this layout's piece of its version (a
  // writer's bug: then send the bytes whole).
  bool delta(std::span<const ViewPiece> pieces, OpsWriter& enc) const;
  // Whether `pieces` are this layout's: the same slots at the same versions
  // (or, unversioned, with the same bytes), in the same order.
  bool same(std::span<const ViewPiece> pieces) const;
  // Becomes the layout of `pieces`.
  void keep(std::span<const ViewPiece> pieces);
  // The bytes of the pieces kept (their view's size).
  std::size_t size() const { return size_; }

 private:
  struct Piece {
    std::uint32_t slot = 0;
    std::uint64_t key = 0;
    std::size_t offset = 0, size = 0, kept = 0;  // kept: where an unversioned one's bytes are in kept_
  };
  const Piece* find(std::uint32_t slot, std::size_t& cursor) const;
  std::string_view kept_bytes(const Piece& piece) const { return std::string_view(kept_).substr(piece.kept, piece.size); }

  std::vector<Piece> pieces_;
  std::string kept_;
  std::size_t size_ = 0;
};

}  // namespace concord::protocol
