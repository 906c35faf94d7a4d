// The views one distinct viewer (a seat, or all spectators together) is sent,
// kept so that the next one can go out as a delta (protocol 1.1). Used by the
// server's rooms and by the games benchmark; not thread-safe (a room's strand).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>

#include "delta/piece_layout.hpp"
#include "delta/view_pieces.hpp"

namespace concord::protocol {

class ViewFeed {
 public:
  // Records `view` as this viewer's view after command `index` and, unless
  // `out` is null, appends the view part of a protocol 1.1 update to it, as
  // the serialized MatchUpdate fields protobuf would write: `view_delta`
  // against the previously recorded view when that was the view of
  // `index - 1` and `full` is false, else the whole `view`; then
  // `view_checksum`. (Serialized messages concatenate: parsed, the bytes
  // before `out`'s and these are one MatchUpdate.)
  void record(std::uint64_t index, const google::protobuf::Any& view, bool full, std::string* out);
  // The same for a view in pieces (view_pieces.hpp): after a view in pieces,
  // the delta is put together from the pieces' versions and changes without
  // searching the view's bytes; after a whole one, it is searched as above.
  // A whole view recorded after pieces goes out whole (the feed keeps no
  // bytes of the pieces' view).
  void record(std::uint64_t index, const PieceView& view, bool full, std::string* out);
  // Drops the base (e.g. after a rollback): the next update is a full view.
  void forget() { index_.reset(); }
  std::optional<std::uint64_t> index() const { return index_; }
  // The size of the view last recorded (its value's bytes).
  std::size_t view_size() const { return in_pieces_ ? layout_.size() : bytes_.size(); }

 private:
  bool follows(std::uint64_t index, bool full) const { return !full && index_ && *index_ + 1 == index; }

  std::optional<std::uint64_t> index_;
  bool in_pieces_ = false;  // whether the base is layout_ (else bytes_)
  std::string bytes_;       // view.value() of index_, a whole view
  PieceLayout layout_;      // the pieces of index_'s view
  std::string ops_;    // the last delta's instructions, kept for its capacity
};

}  // namespace concord::protocol
