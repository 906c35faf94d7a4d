// High Card Duel: engine view/event -> concord.test.v1 protobuf messages.
#include "testgame/highcard_adapter.hpp"

namespace concord::testgame {

namespace {

namespace pb = concord::test::v1;

void fill_seat(const HighCardSeatView& s, pb::HighCardSeat* out) {
  out->set_index(static_cast<std::uint32_t>(s.index));
  out->set_score(s.score);
  out->set_hand_count(s.hand_count);
  out->set_deck_count(s.deck_count);
  out->set_out(s.out);
  if (s.played) out->set_played(*s.played);
  out->set_wager(s.wager);
  out->set_hand_visible(s.hand.has_value());
  if (s.hand) out->mutable_hand()->Assign(s.hand->begin(), s.hand->end());
  out->set_deck_visible(s.deck.has_value());
  if (s.deck) out->mutable_deck()->Assign(s.deck->begin(), s.deck->end());
}

pb::HighCardEvent::Kind to_proto_kind(HighCardEvent::Kind kind) {
  switch (kind) {
    case HighCardEvent::Kind::CardPlayed: return pb::HighCardEvent::CARD_PLAYED;
    case HighCardEvent::Kind::CardDrawn: return pb::HighCardEvent::CARD_DRAWN;
    case HighCardEvent::Kind::CardDrawnHidden: return pb::HighCardEvent::CARD_DRAWN_HIDDEN;
    case HighCardEvent::Kind::RoundEnded: return pb::HighCardEvent::ROUND_ENDED;
    case HighCardEvent::Kind::SeatConceded: return pb::HighCardEvent::SEAT_CONCEDED;
    case HighCardEvent::Kind::MatchEnded: return pb::HighCardEvent::MATCH_ENDED;
  }
  return pb::HighCardEvent::KIND_UNSPECIFIED;
}

}  // namespace

pb::HighCardView to_proto(const HighCardView& view) {
  pb::HighCardView out;
  out.set_round(static_cast<std::uint32_t>(view.round));
  out.set_rounds(static_cast<std::uint32_t>(view.rounds));
  out.set_active_seat(view.active_seat);
  out.set_finished(view.finished);
  for (const auto& s : view.seats) fill_seat(s, out.add_seats());
  return out;
}

pb::HighCardEvent to_proto(const HighCardEvent& event) {
  pb::HighCardEvent out;
  out.set_kind(to_proto_kind(event.kind));
  out.set_seat(event.seat);
  out.set_card(event.card);
  out.set_wager(event.wager);
  out.set_round(static_cast<std::uint32_t>(event.round));
  out.set_high_card(event.high_card);
  out.mutable_scores()->Assign(event.scores.begin(), event.scores.end());
  for (int w : event.winners) out.add_winners(static_cast<std::uint32_t>(w));
  out.set_draw(event.draw);
  out.set_reason(event.reason);
  return out;
}

void HighCardAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  if (const auto* v = dynamic_cast<const HighCardView*>(&view)) out->PackFrom(to_proto(*v));
}

void HighCardAdapter::encode_event(const rules::EventData& data,
                                   google::protobuf::Any* out) const {
  if (const auto* e = dynamic_cast<const HighCardEvent*>(&data)) out->PackFrom(to_proto(*e));
}

}  // namespace concord::testgame
