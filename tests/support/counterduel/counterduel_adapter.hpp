// The wire side of Counter Duel: converts CounterDuelView and CounterDuelEvent
// to concord.test.v1 messages (counterduel.proto) packed in Any, and registers
// the game in a server GameCatalog (concord-test-server only).
#pragma once

#include "concord/server/game_catalog.hpp"
#include "counterduel/counterduel.hpp"
#include "counterduel/counterduel.pb.h"

namespace concord::counterduel {

class CounterDuelAdapter final : public server::GameAdapter {
 public:
  // Leaves `out` empty if `view` is not a CounterDuelView.
  void encode_view(const rules::View& view, google::protobuf::Any* out) const override;
  // Leaves `out` empty if `data` is not a CounterDuelEvent.
  void encode_event(const rules::EventData& data, google::protobuf::Any* out) const override;
};

concord::test::v1::CounterDuelView to_proto(const CounterDuelView& view);
concord::test::v1::CounterDuelEvent to_proto(const CounterDuelEvent& event);

// Adds Counter Duel to the catalog (false if "test_counterduel" is taken).
// Defined in counterduel_register.cpp (needs the server library at link time).
bool register_counterduel(server::GameCatalog& catalog);

}  // namespace concord::counterduel
