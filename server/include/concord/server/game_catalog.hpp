// The games this server process hosts: rules definition + wire adapter.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/any.pb.h>

#include "concord/rules/registry.hpp"

namespace concord::protocol {
struct PieceView;  // protocol/delta/view_pieces.hpp
}

namespace concord::server {

// Converts a game's engine-side View and EventData to its per-game protobuf
// messages (protocol/concord/v1/games/<game>.proto), packed in Any.
class GameAdapter {
 public:
  virtual ~GameAdapter() = default;
  virtual void encode_view(const rules::View& view, google::protobuf::Any* out) const = 0;
  // What a game may keep between the commands of one match to write the next
  // views with less work (each card's bytes, the parts of the views that did
  // not change). A room makes one per match (new_view_memo) and passes it to
  // every encode_views of that match. A memo checks what it keeps against the
  // match it is given and starts over for another one, so it never makes a
  // view differ from one written without it. nullptr: the game keeps nothing.
  class ViewMemo {
   public:
    virtual ~ViewMemo() = default;
  };
  virtual std::unique_ptr<ViewMemo> new_view_memo() const { return nullptr; }
  // The views of `viewers` (seats and spectators) after the same command:
  // out[i] holds what encode_view(*match.view(viewers[i])) gives. The default
  // projects and encodes each on its own; a game whose viewers see mostly
  // the same overrides it to do the shared part once.
  std::vector<google::protobuf::Any> encode_views(const rules::Match& match,
                                                  const std::vector<rules::Viewer>& viewers) const {
    return encode_views(match, viewers, nullptr);
  }
  // The same, with the match's memo (from new_view_memo, or nullptr).
  std::vector<google::protobuf::Any> encode_views(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                                                  ViewMemo* memo) const {
    std::vector<google::protobuf::Any> out;
    encode_views_into(match, viewers, memo, out);
    return out;
  }
  // The same into `out`, resized to one per viewer. A caller that keeps `out`
  // from one command to the next (a room does) lets the views reuse its
  // messages and the capacity of their strings: a fresh Any per viewer per
  // command (its type URL copied, its value's string made and freed) was a
  // few percent of a command's cost.
  virtual void encode_views_into(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                                 ViewMemo* /*memo*/, std::vector<google::protobuf::Any>& out) const {
    out.resize(viewers.size());
    for (std::size_t i = 0; i < viewers.size(); ++i) encode_view(*match.view(viewers[i]), &out[i]);
  }
  // The same views in pieces (protocol/delta/view_pieces.hpp), for a game
  // whose writer keeps the parts of its views versioned in the memo: out[i]'s
  // bytes are encode_views_into's out[i].value(), and ViewFeed puts a delta
  // together from their versions instead of searching the whole view. The
  // pieces refer to bytes kept in the memo, valid until the next call with
  // it. False (the default, and without a memo of the game's): the game does
  // not write views in pieces; use encode_views_into.
  virtual bool encode_view_pieces(const rules::Match& /*match*/, const std::vector<rules::Viewer>& /*viewers*/,
                                  ViewMemo* /*memo*/, std::vector<protocol::PieceView>& /*out*/) const {
    return false;
  }
  // Leaves `out` empty if the game has no detail for this event.
  virtual void encode_event(const rules::EventData& data, google::protobuf::Any* out) const = 0;
  // The same detail without the Any, for serialized_event (every event of
  // every command): its type URL (text that outlives the call) and its
  // serialized value written over `value`. False (the default): the game
  // writes its details only through encode_event.
  virtual bool event_detail(const rules::EventData& /*data*/, std::string_view& /*type_url*/,
                            std::string& /*value*/) const {
    return false;
  }
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
