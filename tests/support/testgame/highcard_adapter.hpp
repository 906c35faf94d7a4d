// The wire side of High Card Duel: converts the engine's HighCardView and
// HighCardEvent to concord.test.v1 messages (highcard.proto) packed in Any,
// and registers the game in a server GameCatalog.
#pragma once

#include <memory>

#include "concord/server/game_catalog.hpp"
#include "testgame/highcard.pb.h"
#include "testgame/highcard.hpp"

namespace concord::testgame {

class HighCardAdapter final : public server::GameAdapter {
 public:
  // Leaves `out` empty if `view` is not a HighCardView.
  void encode_view(const rules::View& view, google::protobuf::Any* out) const override;
  // Leaves `out` empty if `data` is not a HighCardEvent.
  void encode_event(const rules::EventData& data, google::protobuf::Any* out) const override;
};

// The plain conversions (also used by tests).
concord::test::v1::HighCardView to_proto(const HighCardView& view);
concord::test::v1::HighCardEvent to_proto(const HighCardEvent& event);

// Adds High Card Duel (definition + adapter) to the catalog. Returns the
// catalog's answer (false if "test_highcard" is already registered).
// Defined in highcard_register.cpp (needs the server library at link time).
bool register_highcard(server::GameCatalog& catalog);

}  // namespace concord::testgame
