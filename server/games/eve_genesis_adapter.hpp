// EVE: The Second Genesis: engine view (concord/eve/eve_view.hpp) ->
// concord.v1.games.eve protobuf messages (protocol/concord/v1/games/eve_genesis.proto).
#pragma once

#include "concord/eve/eve_view.hpp"
#include "concord/server/game_catalog.hpp"
#include "concord/v1/games/eve_genesis.pb.h"

namespace concord::server::games {

v1::games::eve::EveView to_proto(const eve::EveView& view);
// The serialized EveView written directly (what encode_view packs): the same
// bytes as to_proto(view).SerializeAsString(), several times faster.
std::string encode_wire(const eve::EveView& view);

class EveGenesisAdapter final : public GameAdapter {
 public:
  void encode_view(const rules::View& view, google::protobuf::Any* out) const override;
  // A memo of each card instance's bytes (eve_genesis_adapter.cpp).
  std::unique_ptr<ViewMemo> new_view_memo() const override;
  void encode_views_into(const rules::Match& match, const std::vector<rules::Viewer>& viewers, ViewMemo* memo,
                         std::vector<google::protobuf::Any>& out) const override;
  // EVE events carry kind and text only (GameEvent.kind/text); no detail.
  void encode_event(const rules::EventData& data, google::protobuf::Any* out) const override;
};

}  // namespace concord::server::games
