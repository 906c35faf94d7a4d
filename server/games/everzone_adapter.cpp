#include "everzone_adapter.hpp"

#include "concord/everzone/everzone_match.hpp"
#include "views_together.hpp"
#include "wire_writer.hpp"

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

void fill_effect(const everzone::EffectView& e, pb::EzEffect* out) {
  fill_card(e.source, out->mutable_source());
  out->set_seat(e.seat);
  fill_cards(e.cards, out->mutable_cards());
  out->set_change(e.change);
  out->set_amount(e.amount);
  out->set_lasts(e.lasts);
  out->set_active(e.active);
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
  for (const auto& e : view.lingering) fill_effect(e, out.add_lingering());
}

// The same message written straight as wire bytes (see wire_writer.hpp), in
// field-number order: the bytes equal to_proto(view).SerializeAsString().
void write_card(WireWriter& w, int field, const everzone::CardEntry& c) {
  const auto at = w.begin(field);
  w.str(1, c.ref);
  w.str(2, c.name);
  w.str(3, c.card_id);
  w.end(at);
}

void write_cards(WireWriter& w, int field, const std::vector<everzone::CardEntry>& cards) {
  for (const auto& c : cards) write_card(w, field, c);
}

void write_values(WireWriter& w, int field, const everzone::Values& v) {
  const auto at = w.begin(field);
  w.i64(1, v.attack);
  w.i64(2, v.defense);
  w.i64(3, v.target);
  w.i64(4, v.resource);
  w.end(at);
}

std::uint32_t u32(int v) { return static_cast<std::uint32_t>(v); }

// An EzSeat in three runs, so that a seat's public fields can be written once
// for every viewer: fields 1-10, the owner-only ones 11-18, then 19-27.
void write_seat_head(WireWriter& w, const everzone::SeatView& s) {
  w.u64(1, u32(s.seat));
  w.i64(2, s.cp);
  w.i64(3, s.surrenders);
  w.boolean(4, s.leader_alive);
  w.u64(5, u32(s.hand_count));
  w.u64(6, u32(s.deck_count));
  w.u64(7, u32(s.deployed_count));
  w.boolean(8, s.has_prompt);
  w.boolean(9, s.has_chosen);
  write_values(w, 10, s.army);
}

using Cards = std::vector<everzone::CardEntry>;

void write_seat_private(WireWriter& w, const Cards* hand, const Cards* deployed, const Cards* deck,
                        const std::vector<std::string>* secret) {
  w.boolean(11, hand != nullptr);
  if (hand) write_cards(w, 12, *hand);
  w.boolean(13, deployed != nullptr);
  if (deployed) write_cards(w, 14, *deployed);
  w.boolean(15, deck != nullptr);
  if (deck) write_cards(w, 16, *deck);
  w.boolean(17, secret != nullptr);
  if (secret) w.strings(18, *secret);
}

void write_seat_tail(WireWriter& w, const everzone::SeatView& s) {
  write_cards(w, 19, s.active);
  write_cards(w, 20, s.withdrawn);
  write_cards(w, 21, s.supports);
  write_cards(w, 22, s.retreated);
  write_cards(w, 23, s.fallen);
  w.i64(24, s.team);
  w.i64(25, s.target);
  w.boolean(26, s.eliminated);
  w.packed(27, s.allies);
}

template <typename T>
const T* pointer(const std::optional<T>& v) {
  return v ? &*v : nullptr;
}

void write_seat(WireWriter& w, const everzone::SeatView& s) {
  const auto at = w.begin(7);
  write_seat_head(w, s);
  write_seat_private(w, pointer(s.hand), pointer(s.deployed), pointer(s.deck), pointer(s.secret));
  write_seat_tail(w, s);
  w.end(at);
}

void write_effect(WireWriter& w, const everzone::EffectView& e) {
  const auto at = w.begin(14);
  write_card(w, 1, e.source);
  w.i64(2, e.seat);
  write_cards(w, 3, e.cards);
  w.str(4, e.change);
  w.i64(5, e.amount);
  w.str(6, e.lasts);
  w.boolean(7, e.active);
  w.end(at);
}

// EzView in three runs: fields 1-6, the seats (7), then 8-13; the lasting
// effects (14) come last.
void write_view_head(WireWriter& w, const everzone::EverZoneView& view) {
  w.str(1, view.phase);
  w.str(2, view.location);
  w.u64(3, u32(view.turn));
  w.u64(4, u32(view.turns));
  w.i64(5, view.resource_limit);
  w.u64(6, u32(view.battle_deck_count));
}

void write_view_middle(WireWriter& w, const everzone::EverZoneView& view) {
  w.boolean(8, view.teams);
  for (const auto& a : view.armies) {
    const auto at = w.begin(9);
    w.packed(1, a.seats);
    w.packed(2, a.attacks);
    w.boolean(3, a.shared_limit);
    write_values(w, 4, a.values);
    w.end(at);
  }
  w.boolean(10, view.after_clash);
  write_cards(w, 11, view.effects);
  write_cards(w, 12, view.abilities);
  write_cards(w, 13, view.captured);
}

void write_lingering(WireWriter& w, const std::vector<everzone::EffectView>& lingering) {
  for (const auto& e : lingering) write_effect(w, e);
}

void write_view(WireWriter& w, const everzone::EverZoneView& view) {
  write_view_head(w, view);
  for (const auto& s : view.seats) write_seat(w, s);
  write_view_middle(w, view);
  write_lingering(w, view.lingering);
}

// The runs of EverZoneViews::common that every viewer shares, written once.
struct SharedRuns {
  std::string head, middle;
  std::vector<std::string> seat_head, seat_tail;  // per seat

  explicit SharedRuns(const everzone::EverZoneView& common) {
    WireWriter h(head), m(middle);
    write_view_head(h, common);
    write_view_middle(m, common);
    for (const auto& s : common.seats) {
      WireWriter sh(seat_head.emplace_back()), st(seat_tail.emplace_back());
      write_seat_head(sh, s);
      write_seat_tail(st, s);
    }
  }

  // Viewer i's view: its own seat's private part (seats) and its lasting
  // effects added; the same bytes write_view gives for its EverZoneView.
  std::string assemble(const everzone::EverZoneViews& views, std::size_t i, const rules::Viewer& viewer) const {
    const auto& own = views.own[i];
    const int own_seat = viewer.seat;
    std::string bytes;
    bytes.reserve(4096);
    WireWriter w(bytes);
    w.raw(head);
    for (std::size_t s = 0; s < seat_head.size(); ++s) {
      const auto at = w.begin(7);
      w.raw(seat_head[s]);
      if (own && static_cast<int>(s) == own_seat) {
        write_seat_private(w, &own->hand, &own->deployed, nullptr, pointer(own->secret));
      }
      w.raw(seat_tail[s]);
      w.end(at);
    }
    w.raw(middle);
    write_lingering(w, views.lingering[i]);
    return bytes;
  }
};

const std::string& view_type_url() {
  static const std::string type_url = "type.googleapis.com/" + pb::EzView::descriptor()->full_name();
  return type_url;
}

}  // namespace

std::string encode_wire(const everzone::EverZoneView& view) {
  std::string bytes;
  bytes.reserve(4096);
  WireWriter w(bytes);
  write_view(w, view);
  return bytes;
}

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

void EverZoneAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  out->set_type_url(view_type_url());
  out->set_value(encode_wire(dynamic_cast<const everzone::EverZoneView&>(view)));
}

// Projected together and written from shared runs: the public part of the
// view once, each seat's private part once.
std::vector<google::protobuf::Any> EverZoneAdapter::encode_views(const rules::Match& match,
                                                                 const std::vector<rules::Viewer>& viewers) const {
  return encode_views_together<everzone::EverZoneMatch, SharedRuns>(*this, match, viewers, view_type_url());
}

void EverZoneAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  if (const auto* event = dynamic_cast<const everzone::EverZoneEvent*>(&data)) {
    out->PackFrom(to_proto(*event));
  }
}

}  // namespace concord::server::games
