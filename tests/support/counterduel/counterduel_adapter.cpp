// Counter Duel: engine view/event -> the wire bytes of its concord.test.v1 messages.
#include "counterduel/counterduel_adapter.hpp"

#include "wire_writer.hpp"

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

// The adapter writes the wire bytes itself (WireWriter, as the shipped games'
// adapters do) instead of building the messages above and packing them:
// those messages, their strings and Any::PackFrom were about a tenth of the
// test server's instructions per move at closed loop (callgrind, December
// 2026). to_proto stays the reference the bytes are tested against.
namespace {

using server::games::WireWriter;

template <typename Message>
const std::string& type_url_of() {
  static const std::string url = "type.googleapis.com/" + Message::descriptor()->full_name();
  return url;
}

// `out` holding `type_url` and an empty value whose capacity is kept.
std::string& reset(google::protobuf::Any* out, const std::string& type_url) {
  if (out->type_url() != type_url) out->set_type_url(type_url);
  std::string* value = out->mutable_value();
  value->clear();
  return *value;
}

void write_view(WireWriter& w, const CounterDuelView& view) {
  w.u64(1, static_cast<std::uint32_t>(view.total));
  w.u64(2, view.moves);
  w.i64(3, view.active_seat);
  w.boolean(4, view.finished);
  w.i64(5, view.winner);
  for (const auto& seat : view.seats) {
    const auto at = w.begin(6);
    w.u64(1, static_cast<std::uint32_t>(seat.index));
    w.boolean(2, seat.secret.has_value());
    if (seat.secret) w.i64(3, *seat.secret);
    w.end(at);
  }
}

void write_event(WireWriter& w, const CounterDuelEvent& event) {
  w.u64(1, static_cast<std::uint64_t>(to_proto_kind(event.kind)));
  w.i64(2, event.seat);
  w.u64(3, static_cast<std::uint32_t>(event.step));
  w.u64(4, static_cast<std::uint32_t>(event.total));
  w.i64(5, event.winner);
  w.str(6, event.reason);
}

}  // namespace

void CounterDuelAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  const auto* v = dynamic_cast<const CounterDuelView*>(&view);
  if (!v) return;
  WireWriter w(reset(out, type_url_of<test::v1::CounterDuelView>()));
  write_view(w, *v);
}

void CounterDuelAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  const auto* e = dynamic_cast<const CounterDuelEvent*>(&data);
  if (!e) return;
  WireWriter w(reset(out, type_url_of<test::v1::CounterDuelEvent>()));
  write_event(w, *e);
}

}  // namespace concord::counterduel
