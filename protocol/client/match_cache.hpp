// The latest MatchUpdate received for each room, with its full view: protocol
// 1.1 view deltas are applied here to the view kept for the room. Thread-safe.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::client {

// What store() did with an update.
enum class ViewStatus {
  Stored,        // a full view (or a 1.0 update): kept as it came
  Applied,       // a delta applied to the kept view; the checksum matched
  Stale,         // a delta for a view older than the kept one: ignored
  NeedFullView,  // a delta with no base here, or the result's checksum did not
                 // match: the kept update is unchanged; send RequestView
};

class MatchCache {
 public:
  ViewStatus store(const v1::MatchUpdate& update);
  // The latest update of `room` (its `view` always whole, `view_delta` never
  // set); with an empty room id, the latest update of any room.
  std::optional<v1::MatchUpdate> latest(const std::string& room = {}) const;
  void forget(const std::string& room);

 private:
  ViewStatus apply_delta(const v1::MatchUpdate& update);

  mutable std::mutex mutex_;
  std::map<std::string, v1::MatchUpdate> by_room_;
  std::string last_room_;
};

}  // namespace concord::client
