// The views one distinct viewer (a seat, or all spectators together) is sent,
// kept so that the next one can go out as a delta (protocol 1.1). Used by the
// server's rooms and by the games benchmark; not thread-safe (a room's strand).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <google/protobuf/any.pb.h>

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
  // Drops the base (e.g. after a rollback): the next update is a full view.
  void forget() { index_.reset(); }
  std::optional<std::uint64_t> index() const { return index_; }

 private:
  std::optional<std::uint64_t> index_;
  std::string bytes_;  // view.value() of index_
  std::string ops_;    // the last delta's instructions, kept for its capacity
};

}  // namespace concord::protocol
