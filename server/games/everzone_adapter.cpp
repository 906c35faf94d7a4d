#include "everzone_adapter.hpp"

namespace concord::server::games {

namespace {

namespace pb = v1::games::everzone;

void fill_card(const everzone::CardEntry& entry, pb::EzCard* out) {
  out->set_ref(entry.ref);
  out->set_name(entry.name);
  out->set_card_id(entry.card_id);
}

template <typename Field>
void fill_cards(const std::vector<everzone::CardEntry>& cards, Field* out) {
  for (const auto& c : cards) fill_card(c, out->Add());
}

void fill_values(const everzone::Values& v, pb::EzValues* out) {
  out->set_attack(v.attack);
  out->set_defense(v.defense);
  out->set_target(v.target);
  out->set_resource(v.resource);
}

void fill_seat(const everzone::SeatView& s, pb::EzSeat* out) {
  out->set_index(static_cast<std::uint32_t>(s.seat));
  out->set_cp(s.cp);
  out->set_surrenders(s.surrenders);
  out->set_leader_alive(s.leader_alive);
  out->set_hand_count(static_cast<std::uint32_t>(s.hand_count));
  out->set_deck_count(static_cast<std::uint32_t>(s.deck_count));
  out->set_deployed_count(static_cast<std::uint32_t>(s.deployed_count));
  out->set_has_prompt(s.has_prompt);
  out->set_has_chosen(s.has_chosen);
  fill_values(s.army, out->mutable_army());
  out->set_hand_visible(s.hand.has_value());
  if (s.hand) fill_cards(*s.hand, out->mutable_hand());
  out->set_deployed_visible(s.deployed.has_value());
  if (s.deployed) fill_cards(*s.deployed, out->mutable_deployed());
  out->set_deck_visible(s.deck.has_value());
  if (s.deck) fill_cards(*s.deck, out->mutable_deck());
  out->set_secret_visible(s.secret.has_value());
  if (s.secret) out->mutable_secret()->Assign(s.secret->begin(), s.secret->end());
  fill_cards(s.active, out->mutable_active());
  fill_cards(s.withdrawn, out->mutable_withdrawn());
  fill_cards(s.supports, out->mutable_supports());
  fill_cards(s.retreated, out->mutable_retreated());
  fill_cards(s.fallen, out->mutable_fallen());
  out->set_team(s.team);
  out->set_target(s.target);
  out->set_eliminated(s.eliminated);
  out->mutable_allies()->Assign(s.allies.begin(), s.allies.end());
}

void fill_army(const everzone::ArmyView& a, pb::EzArmy* out) {
  out->mutable_seats()->Assign(a.seats.begin(), a.seats.end());
  out->mutable_attacks()->Assign(a.attacks.begin(), a.attacks.end());
  out->set_shared_limit(a.shared_limit);
  fill_values(a.values, out->mutable_values());
}

void fill_view(const everzone::EverZoneView& view, pb::EzView& out) {
  out.set_phase(view.phase);
  out.set_location(view.location);
  out.set_turn(static_cast<std::uint32_t>(view.turn));
  out.set_turns(static_cast<std::uint32_t>(view.turns));
  out.set_resource_limit(view.resource_limit);
  out.set_battle_deck_count(static_cast<std::uint32_t>(view.battle_deck_count));
  for (const auto& s : view.seats) fill_seat(s, out.add_seats());
  out.set_teams(view.teams);
  for (const auto& a : view.armies) fill_army(a, out.add_armies());
  out.set_after_clash(view.after_clash);
  fill_cards(view.effects, out.mutable_effects());
  fill_cards(view.abilities, out.mutable_abilities());
  fill_cards(view.captured, out.mutable_captured());
}

}  // namespace

pb::EzView to_proto(const everzone::EverZoneView& view) {
  pb::EzView out;
  fill_view(view, out);
  return out;
}

pb::EzEvent to_proto(const everzone::EverZoneEvent& event) {
  pb::EzEvent out;
  out.set_kind(event.kind);
  out.set_seat(event.seat);
  out.mutable_cards()->Assign(event.cards.begin(), event.cards.end());
  out.set_amount(event.amount);
  out.mutable_seats()->Assign(event.seats.begin(), event.seats.end());
  return out;
}

// Built on an arena: the wire view lives only until it is packed (see the EVE adapter).
void EverZoneAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  google::protobuf::Arena arena;
  auto* wire = google::protobuf::Arena::CreateMessage<pb::EzView>(&arena);
  fill_view(dynamic_cast<const everzone::EverZoneView&>(view), *wire);
  out->PackFrom(*wire);
}

void EverZoneAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  if (const auto* event = dynamic_cast<const everzone::EverZoneEvent*>(&data)) {
    out->PackFrom(to_proto(*event));
  }
}

}  // namespace concord::server::games
