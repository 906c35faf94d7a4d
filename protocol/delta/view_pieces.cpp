#include "delta/view_pieces.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "delta/crc32_fold.hpp"
#include "delta/delta_ops.hpp"
#include "delta/equal_runs.hpp"
#include "delta/view_delta.hpp"

namespace concord::protocol {

std::uint64_t next_piece_key() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}


// The common prefix and suffix as COPYs around one INSERT; a longer
// difference is searched (make_view_delta) and its positions read from the
// instructions.
void PieceChange::make(std::uint64_t from, std::string_view previous, std::string_view bytes) {
  from_key = from;
  from_size = previous.size();
  const std::size_t shorter = std::min(previous.size(), bytes.size());
  const std::size_t prefix = equal_run(previous.data(), bytes.data(), shorter);
  const std::size_t suffix =
      equal_run_back(previous.data() + previous.size(), bytes.data() + bytes.size(), shorter - prefix);
  if (bytes.size() - prefix - suffix > kSearchedDifference) {
    make_view_delta(previous, bytes, ops);
    return read_positions();
  }
  OpsWriter enc(ops);
  enc.copy(0, prefix);
  enc.insert(bytes.substr(prefix, bytes.size() - prefix - suffix));
  enc.copy(previous.size() - suffix, suffix);
  enc.finish();
  note(enc);
}

void PieceChange::note(const OpsWriter& written) {
  const auto& first = written.first_copy();
  head_end = first.length ? first.begin : ops.size();
  rest_at = first.length ? first.end : ops.size();
  first_from = first.from;
  first_length = first.length;
  copy_end = first.length ? written.copy_end() : 0;
}

void PieceChange::read_positions() {
  head_end = rest_at = ops.size();
  first_from = first_length = copy_end = 0;
  for_each_op(ops, [&](const DeltaOp& op) {  // our own instructions: well formed
    if (op.insert) return;
    if (first_length == 0) {
      head_end = op.begin;
      rest_at = op.end;
      first_from = op.from;
      first_length = op.length;
    }
    copy_end = op.from + op.length;
  });
}

std::size_t PieceView::size() const {
  std::size_t n = 0;
  for (const auto& piece : pieces) n += piece.bytes().size();
  return n;
}

void PieceView::append_to(std::string& out) const {
  out.reserve(out.size() + size());
  for (const auto& piece : pieces) out.append(piece.bytes());
}

std::string PieceView::bytes() const {
  std::string out;
  append_to(out);
  return out;
}

std::uint32_t pieces_checksum(std::span<const ViewPiece> pieces) {
  std::uint32_t crc = 0;
  for (const auto& piece : pieces) {
    crc = piece.key() ? crc32_combine_shifted(crc, piece.crc(), piece.shift()) : crc32_update(crc, piece.bytes());
  }
  return crc;
}

std::uint32_t PieceView::checksum() const { return pieces_checksum(pieces); }

}  // namespace concord::protocol
