// EverZone: engine view and events (concord/everzone/view.hpp, event.hpp) ->
// concord.v1.games.everzone protobuf messages (protocol/concord/v1/games/everzone.proto).
#pragma once

#include "concord/everzone/event.hpp"
#include "concord/everzone/view.hpp"
#include "concord/server/game_catalog.hpp"
#include "concord/v1/games/everzone.pb.h"

namespace concord::server::games {

v1::games::everzone::EzView to_proto(const everzone::EverZoneView& view);
v1::games::everzone::EzEvent to_proto(const everzone::EverZoneEvent& event);
// The serialized EzView written directly (what encode_view packs): the same
// bytes as to_proto(view).SerializeAsString(), several times faster.
std::string encode_wire(const everzone::EverZoneView& view);
// The serialized EzEvent written directly (what encode_event packs): the same
// bytes as to_proto(event).SerializeAsString().
std::string encode_wire(const everzone::EverZoneEvent& event);

class EverZoneAdapter final : public GameAdapter {
 public:
  void encode_view(const rules::View& view, google::protobuf::Any* out) const override;
  std::unique_ptr<ViewMemo> new_view_memo() const override;
  void encode_views_into(const rules::Match& match, const std::vector<rules::Viewer>& viewers, ViewMemo* memo,
                         std::vector<google::protobuf::Any>& out) const override;
  bool encode_view_pieces(const rules::Match& match, const std::vector<rules::Viewer>& viewers, ViewMemo* memo,
                          std::vector<protocol::PieceView>& out) const override;
  void encode_event(const rules::EventData& data, google::protobuf::Any* out) const override;
  bool event_detail(const rules::EventData& data, std::string_view& type_url, std::string& value) const override;
};

}  // namespace concord::server::games
