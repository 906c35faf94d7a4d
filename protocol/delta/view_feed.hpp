// The views one distinct viewer (a seat, or all spectators together) is sent,
// kept so that the next one can go out as a delta (protocol 1.1). Used by the
// server's rooms and by the games benchmark; not thread-safe (a room's strand).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <google/protobuf/any.pb.h>

#include "concord/v1/concord.pb.h"

namespace concord::protocol {

class ViewFeed {
 public:
  // Records `view` as this viewer's view after command `index` and, unless
  // `update` is null, fills the view part of a protocol 1.1 update into it:
  // `view_delta` against the previously recorded view when that was the view
  // of `index - 1` and `full` is false, else the whole `view`; and
  // `view_checksum`.
  void record(std::uint64_t index, const google::protobuf::Any& view, bool full, v1::MatchUpdate* update);
  // Drops the base (e.g. after a rollback): the next update is a full view.
  void forget() { index_.reset(); }
  std::optional<std::uint64_t> index() const { return index_; }

 private:
  std::optional<std::uint64_t> index_;
  std::string bytes_;  // view.value() of index_
};

}  // namespace concord::protocol
