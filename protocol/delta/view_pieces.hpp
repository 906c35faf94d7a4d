// A serialized view as the pieces a game's writer put it together from
// (protocol 1.1 deltas without searching the whole view): for each piece
// where it stands in the view (its slot) and which version of that place's
// bytes it is (its key), and for a changed piece the delta from its previous
// version. ViewFeed then writes a viewer's delta piece by piece: a COPY for a
// piece its base had at the same version, the piece's own delta for one its
// base had at the previous version, the bytes otherwise. A piece that
// several viewers share is written, versioned and diffed once per command
// instead of once per viewer. The view's bytes are the pieces' in order.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace concord::protocol {

class OpsWriter;

// How a piece's bytes changed from their previous version: view-delta
// instructions (view_delta.hpp) with the positions of the previous bytes,
// read once (make) so that a feed can copy them into each viewer's delta as
// they are, moving only the first COPY to where the piece was in that
// viewer's view: the later COPYs are relative to the one before.
struct PieceChange {
  std::uint64_t from_key = 0;  // 0: no previous version
  std::string ops;
  std::size_t from_size = 0;   // of the previous bytes
  std::size_t head_end = 0;    // ops[0, head_end): the INSERTs before the first COPY
  std::size_t rest_at = 0;     // ops[rest_at, end): what follows the first COPY
  std::uint64_t first_from = 0, first_length = 0;  // the first COPY (length 0: there is none)
  std::uint64_t copy_end = 0;  // after the last COPY, in the previous bytes

  // The change from `previous` (version `from`) to `bytes`.
  void make(std::uint64_t from, std::string_view previous, std::string_view bytes);
  // The positions above from the writer that wrote `ops` (after its finish()).
  void note(const OpsWriter& written);
  // The same read from `ops` themselves, however they were written.
  void read_positions();
};

// A fresh version key, unique in the process (never 0): equal keys then mean
// equal bytes whatever match, memo or feed they come from.
std::uint64_t next_piece_key();

class ViewPiece {
 public:
  // Bytes kept elsewhere (valid while the PieceView is used) at version `key`
  // of slot `slot`, their CRC-32 and crc32_shift_of(their size) (kept with
  // them: a view's checksum is combined from its pieces'), and how they
  // changed from the version before (or null).
  static ViewPiece versioned(std::uint32_t slot, std::string_view bytes, std::uint64_t key, std::uint32_t crc,
                             std::uint32_t shift, const PieceChange* change = nullptr);
  // A few bytes (at most kSmall) held in the piece, without a version: the
  // feed compares them with the bytes its base had in that slot.
  static constexpr std::size_t kSmall = 15;
  static ViewPiece small(std::uint32_t slot, std::string_view bytes);
  // Bytes kept elsewhere without a version: compared like small ones.
  static ViewPiece unversioned(std::uint32_t slot, std::string_view bytes);

  std::string_view bytes() const { return held_ ? std::string_view(small_, held_) : bytes_; }
  std::uint32_t slot() const { return slot_; }
  std::uint64_t key() const { return key_; }  // 0: unversioned
  const PieceChange* change() const { return change_; }
  std::uint32_t crc() const { return crc_; }      // versioned only
  std::uint32_t shift() const { return shift_; }  // versioned only

 private:
  std::string_view bytes_;
  std::uint64_t key_ = 0;
  const PieceChange* change_ = nullptr;
  std::uint32_t crc_ = 0, shift_ = 0;
  std::uint32_t slot_ = 0;
  std::uint8_t held_ = 0;
  char small_[kSmall];
};

// Defined here, so that a writer's piece is built in place in its view's
// vector (a call returning the piece cost more than filling it).
inline ViewPiece ViewPiece::versioned(std::uint32_t slot, std::string_view bytes, std::uint64_t key,
                                      std::uint32_t crc, std::uint32_t shift, const PieceChange* change) {
  ViewPiece piece;
  piece.slot_ = slot;
  piece.bytes_ = bytes;
  piece.key_ = key;
  piece.crc_ = crc;
  piece.shift_ = shift;
  piece.change_ = change;
  return piece;
}

inline ViewPiece ViewPiece::unversioned(std::uint32_t slot, std::string_view bytes) {
  ViewPiece piece;
  piece.slot_ = slot;
  piece.bytes_ = bytes;
  return piece;
}

inline ViewPiece ViewPiece::small(std::uint32_t slot, std::string_view bytes) {
  if (bytes.size() > kSmall) return unversioned(slot, bytes);
  ViewPiece piece;
  piece.slot_ = slot;
  piece.held_ = static_cast<std::uint8_t>(bytes.size());
  std::memcpy(piece.small_, bytes.data(), bytes.size());
  return piece;
}

// The view_checksum of the pieces' bytes in order: a versioned piece's CRC
// combined with those before, another's bytes read.
std::uint32_t pieces_checksum(std::span<const ViewPiece> pieces);

// One viewer's view: its Any's type URL and its value's pieces, in order.
// A slot is in a view at most once; a feed finds the base's piece of a slot
// fastest when the slots come in the same order from one view to the next.
struct PieceView {
  std::string_view type_url;
  std::vector<ViewPiece> pieces;

  std::size_t size() const;             // of the value
  void append_to(std::string& out) const;  // the value's bytes
  std::string bytes() const;
  std::uint32_t checksum() const;       // view_checksum of the value
};

}  // namespace concord::protocol
