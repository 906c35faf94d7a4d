// The games this server process hosts: rules definition + wire adapter.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <google/protobuf/any.pb.h>

#include "concord/rules/registry.hpp"

namespace concord::server {

// Converts a game's engine-side View and EventData to its per-game protobuf
// messages (protocol/concord/v1/games/<game>.proto), packed in Any.
class GameAdapter {
 public:
  virtual ~GameAdapter() = default;
  virtual void encode_view(const rules::View& view, google::protobuf::Any* out) const = 0;
  // Leaves `out` empty if the game has no detail for this event.
  virtual void encode_event(const rules::EventData& data, google::protobuf::Any* out) const = 0;
};

struct GameEntry {
  rules::GameDefinition definition;
  std::shared_ptr<const GameAdapter> adapter;
  // Ready-made legal decks offered to players (GameInfo.starter_decks).
  std::vector<rules::Deck> starter_decks;
};

class GameCatalog {
 public:
  bool add(GameEntry entry);  // false if the id is taken or the definition invalid
  const GameEntry* find(const std::string& id) const;
  std::vector<const GameEntry*> all() const;  // sorted by id

 private:
  std::map<std::string, GameEntry> games_;
};

}  // namespace concord::server
