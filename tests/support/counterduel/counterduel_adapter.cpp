// Counter Duel: engine view/event -> concord.test.v1 protobuf messages.
#include "counterduel/counterduel_adapter.hpp"

namespace concord::counterduel {

namespace {

namespace pb = concord::test::v1;

pb::CounterDuelEvent::Kind to_proto_kind(CounterDuelEvent::Kind kind) {
  switch (kind) {
    case CounterDuelEvent::Kind::Moved: return pb::CounterDuelEvent::MOVED;
    case CounterDuelEvent::Kind::SeatConceded: return pb::CounterDuelEvent::SEAT_CONCEDED;
    case CounterDuelEvent::Kind::MatchEnded: return pb::CounterDuelEvent::MATCH_ENDED;
  }
  return pb::CounterDuelEvent::KIND_UNSPECIFIED;
}

}  // namespace

pb::CounterDuelView to_proto(const CounterDuelView& view) {
  pb::CounterDuelView out;
  out.set_total(static_cast<std::uint32_t>(view.total));
  out.set_moves(view.moves);
  out.set_active_seat(view.active_seat);
  out.set_finished(view.finished);
  out.set_winner(view.winner);
  for (const auto& seat : view.seats) {
    auto* s = out.add_seats();
    s->set_index(static_cast<std::uint32_t>(seat.index));
    s->set_secret_visible(seat.secret.has_value());
    if (seat.secret) s->set_secret(*seat.secret);
  }
  return out;
}

pb::CounterDuelEvent to_proto(const CounterDuelEvent& event) {
  pb::CounterDuelEvent out;
  out.set_kind(to_proto_kind(event.kind));
  out.set_seat(event.seat);
  out.set_step(static_cast<std::uint32_t>(event.step));
  out.set_total(static_cast<std::uint32_t>(event.total));
  out.set_winner(event.winner);
  out.set_reason(event.reason);
  return out;
}

void CounterDuelAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  if (const auto* v = dynamic_cast<const CounterDuelView*>(&view)) out->PackFrom(to_proto(*v));
}

void CounterDuelAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  if (const auto* e = dynamic_cast<const CounterDuelEvent*>(&data)) out->PackFrom(to_proto(*e));
}

}  // namespace concord::counterduel
