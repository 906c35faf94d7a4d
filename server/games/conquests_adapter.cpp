#include "conquests_adapter.hpp"

namespace concord::server::games {

namespace {

namespace pb = v1::games::conquests;

void fill_card(const conquests::HandCard& c, pb::CqCard* out) {
  out->set_ref(c.ref);
  out->set_card_id(c.id);
  out->set_name(c.name);
}

void fill_region(const conquests::RegionView& r, pb::CqRegion* out) {
  out->set_key(r.key);
  out->set_name(r.name);
  out->set_colour(r.colour);
  out->set_nebula(r.nebula);
  for (const auto& g : r.gates) out->add_gates(g);
  out->set_owner(r.owner);
  out->set_units(r.units);
  out->mutable_agents()->Assign(r.agents.begin(), r.agents.end());
  out->set_headquarters(r.hq);
  out->set_outpost(r.outpost);
  out->set_marker(r.marker);
}

void fill_seat(const conquests::SeatView& s, pb::CqSeat* out) {
  out->set_index(static_cast<std::uint32_t>(s.seat));
  out->set_victory_points(s.victory_points);
  out->mutable_schedule()->Assign(s.schedule.begin(), s.schedule.end());
  out->mutable_reserves()->Assign(s.reserves.begin(), s.reserves.end());
  for (const auto& c : s.in_play) fill_card(c, out->add_in_play());
  for (const auto& r : s.region_cards) out->add_region_cards(r);
  out->set_hand_count(static_cast<std::uint32_t>(s.hand_count));
  out->set_hand_visible(s.hand.has_value());
  if (s.hand) {
    for (const auto& c : *s.hand) fill_card(c, out->add_hand());
  }
  out->set_units_in_supply(s.units_in_supply);
}

void fill_dice(const std::array<int, 3>& d, pb::CqDice* out) {
  out->set_damage(d[0]);
  out->set_shield(d[1]);
  out->set_tactics(d[2]);
}

void fill_battle(const conquests::BattleView& b, pb::CqBattle* out) {
  for (std::size_t i = 0; i < 2; ++i) {
    auto* side = out->add_sides();
    side->set_seat(b.seats[i]);
    side->set_region(b.regions[i]);
    side->set_chosen(b.chosen[i]);
    side->set_choice_visible(b.choice[i].has_value());
    if (b.choice[i]) fill_dice(b.choice[i]->count, side->mutable_choice());
    side->set_rolled_visible(b.rolled.has_value());
    if (b.rolled) fill_dice((*b.rolled)[i], side->mutable_rolled());
  }
  out->set_advantage(b.advantage);
  out->set_question(b.question);
  out->set_answer_visible(b.answer.has_value());
  out->set_answer(b.answer.value_or(0));
}

void fill_view(const conquests::ConquestsView& view, pb::CqView& out) {
  out.set_players(static_cast<std::uint32_t>(view.players));
  out.set_pending(view.pending);
  out.set_pending_seat(view.pending_seat);
  out.set_month(view.month);
  out.set_end_condition(view.end_condition);
  out.set_eve_marker(view.eve_marker);
  out.set_doom_active(view.doom_active);
  for (const auto& r : view.regions) fill_region(r, out.add_regions());
  for (std::size_t sq = 0; sq < view.square_counts.size(); ++sq) {
    auto* square = out.add_squares();
    square->set_index(static_cast<std::uint32_t>(sq));
    square->set_nebula(conquests::nebula_name(static_cast<int>(sq / 3)));
    square->set_letter(std::string(1, static_cast<char>('A' + sq % 3)));
    square->set_cards(static_cast<std::uint32_t>(view.square_counts[sq]));
    square->set_face_up(view.face_up[sq]);
  }
  for (const auto& s : view.seals) {
    auto* seal = out.add_seals();
    seal->set_seat(s.seat);
    seal->set_kind(s.kind);
    seal->set_month(s.month);
  }
  for (const auto& s : view.seats) fill_seat(s, out.add_seats());
  for (const int n : view.deck_counts) out.add_deck_counts(static_cast<std::uint32_t>(n));
  out.set_in_battle(view.battle.has_value());
  if (view.battle) fill_battle(*view.battle, out.mutable_battle());
}

}  // namespace

pb::CqView to_proto(const conquests::ConquestsView& view) {
  pb::CqView out;
  fill_view(view, out);
  return out;
}

pb::CqEvent to_proto(const conquests::ConquestsEvent& event) {
  pb::CqEvent out;
  out.set_kind(event.kind);
  out.set_seat(event.seat);
  out.set_amount(event.amount);
  out.set_region(event.region);
  out.set_other_seat(event.other_seat);
  out.set_what(event.what);
  return out;
}

// Built on an arena: the wire view lives only until it is packed (see the EVE adapter).
void ConquestsAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  google::protobuf::Arena arena;
  auto* wire = google::protobuf::Arena::CreateMessage<pb::CqView>(&arena);
  fill_view(dynamic_cast<const conquests::ConquestsView&>(view), *wire);
  out->PackFrom(*wire);
}

void ConquestsAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  if (const auto* event = dynamic_cast<const conquests::ConquestsEvent*>(&data)) {
    out->PackFrom(to_proto(*event));
  }
}

}  // namespace concord::server::games
