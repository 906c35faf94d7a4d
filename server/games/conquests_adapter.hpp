// EVE: Conquests: engine view and events (concord/conquests/view.hpp, event.hpp)
// -> concord.v1.games.conquests protobuf messages (protocol/concord/v1/games/conquests.proto).
#pragma once

#include "concord/conquests/event.hpp"
#include "concord/conquests/view.hpp"
#include "concord/server/game_catalog.hpp"
#include "concord/v1/games/conquests.pb.h"

namespace concord::server::games {

v1::games::conquests::CqView to_proto(const conquests::ConquestsView& view);
v1::games::conquests::CqEvent to_proto(const conquests::ConquestsEvent& event);

class ConquestsAdapter final : public GameAdapter {
 public:
  void encode_view(const rules::View& view, google::protobuf::Any* out) const override;
  void encode_event(const rules::EventData& data, google::protobuf::Any* out) const override;
};

}  // namespace concord::server::games
