// The latest MatchUpdate received for each room. Thread-safe.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "concord/v1/concord.pb.h"

namespace concord::client {

class MatchCache {
 public:
  void store(const v1::MatchUpdate& update);
  // The latest update of `room`; with an empty room id, the latest update of
  // any room.
  std::optional<v1::MatchUpdate> latest(const std::string& room = {}) const;
  void forget(const std::string& room);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, v1::MatchUpdate> by_room_;
  std::string last_room_;
};

}  // namespace concord::client
