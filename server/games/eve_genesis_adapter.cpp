#include "eve_genesis_adapter.hpp"

#include "concord/eve/eve_match.hpp"
#include "views_together.hpp"
#include "wire_writer.hpp"

namespace concord::server::games {

namespace {

namespace pb = v1::games::eve;

void fill_card(const eve::EveCardView& c, pb::EveCard* out) {
  out->set_ref(c.ref);
  out->set_card(c.card);
  out->set_name(c.name);
  out->set_build(c.build);
  out->set_damage(c.damage);
  out->set_duration(c.duration);
  out->set_x(c.x);
  out->set_order(c.order);
  out->set_shield(c.shield);
  out->set_attack(c.attack);
  out->set_attacking(c.attacking);
  out->set_names(c.names);
  out->set_pilot(c.pilot);
  out->set_region(c.region);
  out->set_copies(c.copies);
  out->set_under(c.under);
}

template <typename Field>
void fill_cards(const std::vector<eve::EveCardView>& cards, Field* out) {
  for (const auto& c : cards) fill_card(c, out->Add());
}

void fill_seat(const eve::EveSeatView& s, pb::EveSeat* out) {
  out->set_index(static_cast<std::uint32_t>(s.index));
  out->set_base_name(s.base_name);
  out->set_upgraded(s.upgraded);
  if (s.upgrade_name) out->set_upgrade_name(*s.upgrade_name);
  out->set_base_damage(s.base_damage);
  out->set_wallet(s.wallet);
  out->set_hand_count(s.hand_count);
  out->set_market_count(s.market_count);
  out->set_offdeck_count(s.offdeck_count);
  out->set_out(s.out);
  out->set_hand_visible(s.hand.has_value());
  if (s.hand) fill_cards(*s.hand, out->mutable_hand());
  out->set_market_visible(s.market.has_value());
  if (s.market) fill_cards(*s.market, out->mutable_market());
  out->set_offdeck_visible(s.offdeck.has_value());
  if (s.offdeck) out->mutable_offdeck()->Assign(s.offdeck->begin(), s.offdeck->end());
  fill_cards(s.scrapheap, out->mutable_scrapheap());
  fill_cards(s.docks, out->mutable_docks());
  fill_cards(s.structures, out->mutable_structures());
  fill_cards(s.news, out->mutable_news());
  out->set_base_shield(s.base_shield);
  fill_cards(s.pilots, out->mutable_pilots());
  out->set_table_position(static_cast<std::uint32_t>(s.table_position));
  out->set_prey(s.prey);
  out->mutable_attached()->Assign(s.attached.begin(), s.attached.end());
  out->set_alliance(s.alliance);
  out->set_home_region(s.home_region);
}

void fill_region(const eve::EveRegionView& r, pb::EveRegion* out) {
  out->set_key(r.key);
  out->set_name(r.name);
  out->set_home(r.home);
  out->set_owner(r.owner);
  out->set_controlled(r.controller.has_value());
  out->set_controller(r.controller.value_or(-1));
  fill_cards(r.locations, out->mutable_locations());
  fill_cards(r.ships, out->mutable_ships());
}

void fill_pile_item(const eve::EvePileView& p, pb::EvePileItem* out) {
  out->set_controller(p.controller);
  out->set_kind(p.kind);
  if (p.card) fill_card(*p.card, out->mutable_card());
  out->set_target(p.target);
  out->set_region(p.region);
  out->set_keyword(p.keyword);
  out->set_strength(p.strength);
  out->mutable_targets()->Assign(p.targets.begin(), p.targets.end());
  for (const auto& d : p.damage) {
    auto* damage = out->add_damage();
    damage->set_source(d.source);
    damage->set_target(d.target);
    damage->set_amount(d.amount);
  }
}

template <typename Field>
void fill_pairs(const std::vector<std::pair<std::string, std::string>>& pairs, Field* out) {
  for (const auto& [from, to] : pairs) {
    auto* pair = out->Add();
    pair->set_from(from);
    pair->set_to(to);
  }
}

void fill_combat(const eve::EveCombatView& c, pb::EveCombat* out) {
  out->mutable_attacks()->Assign(c.attacks.begin(), c.attacks.end());
  out->mutable_attackers()->Assign(c.attackers.begin(), c.attackers.end());
  out->set_region(c.region);
  out->set_defender(c.defender);
  out->set_stage(c.stage);
  out->mutable_defenders()->Assign(c.defenders.begin(), c.defenders.end());
  fill_pairs(c.assigned, out->mutable_assigned());
  fill_pairs(c.forced, out->mutable_forced());
  fill_pairs(c.withdrawals, out->mutable_withdrawals());
  for (const auto& t : c.triggered) fill_pile_item(t, out->add_triggered());
}

void fill_effect(const eve::EveEffectView& e, pb::EveEffect* out) {
  out->set_source(e.source);
  out->set_source_name(e.source_name);
  out->set_controller(static_cast<std::uint32_t>(e.controller));
  out->set_card(e.card);
  out->set_region(e.region);
  out->set_change(e.change);
  out->set_amount(e.amount);
  out->set_order(e.order);
  out->set_until(e.until);
  out->set_condition(e.condition);
}

void fill_view(const eve::EveView& view, pb::EveView& out) {
  out.set_turn(static_cast<std::uint32_t>(view.turn));
  out.set_first(static_cast<std::uint32_t>(view.first));
  out.set_active(static_cast<std::uint32_t>(view.active));
  out.set_phase(view.phase);
  out.set_step(view.step);
  out.set_prompt(view.prompt);
  out.set_prompt_seat(view.prompt_seat);
  for (const auto& s : view.seats) fill_seat(s, out.add_seats());
  for (const auto& r : view.regions) fill_region(r, out.add_regions());
  for (const auto& p : view.pile) fill_pile_item(p, out.add_pile());
  for (const auto& p : view.waiting) fill_pile_item(p, out.add_waiting());
  fill_combat(view.combat, out.mutable_combat());
  for (const auto& e : view.effects) fill_effect(e, out.add_effects());
  for (int s : view.table) out.add_table(static_cast<std::uint32_t>(s));
  out.set_range(static_cast<std::uint32_t>(view.range));
  out.set_hunter_and_prey(view.hunter_and_prey);
  out.set_destroying_prey(view.destroying_prey);
  out.set_alliances(view.alliances);
}

// The same message written straight as wire bytes (see wire_writer.hpp), in
// field-number order: the bytes equal to_proto(view).SerializeAsString().
void write_card(WireWriter& w, int field, const eve::EveCardView& c) {
  const auto at = w.begin(field);
  w.str(1, c.ref);
  w.str(2, c.card);
  w.str(3, c.name);
  w.i64(4, c.build);
  w.i64(5, c.damage);
  w.i64(6, c.duration);
  w.i64(7, c.x);
  w.str(8, c.order);
  w.i64(9, c.shield);
  w.i64(10, c.attack);
  w.boolean(11, c.attacking);
  w.str(12, c.names);
  w.str(13, c.pilot);
  w.str(14, c.region);
  w.str(15, c.copies);
  w.u64(16, c.under);
  w.end(at);
}

void write_cards(WireWriter& w, int field, const std::vector<eve::EveCardView>& cards) {
  for (const auto& c : cards) write_card(w, field, c);
}

std::uint32_t u32(int v) { return static_cast<std::uint32_t>(v); }

// An EveSeat in runs, so that a seat's public fields can be written once for
// every viewer: 1-3, the upgraded side (4), 5-10, the hidden zones 11-16
// (owner and judges), then 17-27.
void write_seat_head(WireWriter& w, const eve::EveSeatView& s) {
  w.u64(1, u32(s.index));
  w.str(2, s.base_name);
  w.boolean(3, s.upgraded);
}

void write_seat_counts(WireWriter& w, const eve::EveSeatView& s) {
  w.i64(5, s.base_damage);
  w.i64(6, s.wallet);
  w.u64(7, s.hand_count);
  w.u64(8, s.market_count);
  w.u64(9, s.offdeck_count);
  w.boolean(10, s.out);
}

using Cards = std::vector<eve::EveCardView>;

void write_seat_hidden(WireWriter& w, const Cards* hand, const Cards* market, const std::vector<std::string>* offdeck) {
  w.boolean(11, hand != nullptr);
  if (hand) write_cards(w, 12, *hand);
  w.boolean(13, market != nullptr);
  if (market) write_cards(w, 14, *market);
  w.boolean(15, offdeck != nullptr);
  if (offdeck) w.strings(16, *offdeck);
}

void write_seat_tail(WireWriter& w, const eve::EveSeatView& s) {
  write_cards(w, 17, s.scrapheap);
  write_cards(w, 18, s.docks);
  write_cards(w, 19, s.structures);
  write_cards(w, 20, s.news);
  w.i64(21, s.base_shield);
  write_cards(w, 22, s.pilots);
  w.u64(23, u32(s.table_position));
  w.i64(24, s.prey);
  w.strings(25, s.attached);
  w.i64(26, s.alliance);
  w.str(27, s.home_region);
}

template <typename T>
const T* pointer(const std::optional<T>& v) {
  return v ? &*v : nullptr;
}

void write_seat(WireWriter& w, const eve::EveSeatView& s) {
  const auto at = w.begin(8);
  write_seat_head(w, s);
  if (s.upgrade_name) w.str(4, *s.upgrade_name);
  write_seat_counts(w, s);
  write_seat_hidden(w, pointer(s.hand), pointer(s.market), pointer(s.offdeck));
  write_seat_tail(w, s);
  w.end(at);
}

void write_region(WireWriter& w, const eve::EveRegionView& r) {
  const auto at = w.begin(9);
  w.str(1, r.key);
  w.str(2, r.name);
  w.boolean(3, r.home);
  w.i64(4, r.owner);
  w.boolean(5, r.controller.has_value());
  w.i64(6, r.controller.value_or(-1));
  write_cards(w, 7, r.locations);
  write_cards(w, 8, r.ships);
  w.end(at);
}

void write_pile_item(WireWriter& w, int field, const eve::EvePileView& p) {
  const auto at = w.begin(field);
  w.i64(1, p.controller);
  w.str(2, p.kind);
  if (p.card) write_card(w, 3, *p.card);
  w.str(4, p.target);
  w.str(5, p.region);
  w.str(6, p.keyword);
  w.i64(7, p.strength);
  w.strings(8, p.targets);
  for (const auto& d : p.damage) {
    const auto damage = w.begin(9);
    w.str(1, d.source);
    w.str(2, d.target);
    w.i64(3, d.amount);
    w.end(damage);
  }
  w.end(at);
}

void write_pairs(WireWriter& w, int field, const std::vector<std::pair<std::string, std::string>>& pairs) {
  for (const auto& [from, to] : pairs) {
    const auto at = w.begin(field);
    w.str(1, from);
    w.str(2, to);
    w.end(at);
  }
}

void write_combat(WireWriter& w, const eve::EveCombatView& c) {
  const auto at = w.begin(12);
  w.strings(1, c.attacks);
  w.strings(2, c.attackers);
  w.str(3, c.region);
  w.i64(4, c.defender);
  w.str(5, c.stage);
  w.strings(6, c.defenders);
  write_pairs(w, 7, c.assigned);
  write_pairs(w, 10, c.forced);
  write_pairs(w, 11, c.withdrawals);
  for (const auto& t : c.triggered) write_pile_item(w, 12, t);
  w.end(at);
}

void write_effect(WireWriter& w, const eve::EveEffectView& e) {
  const auto at = w.begin(19);
  w.str(1, e.source);
  w.str(2, e.source_name);
  w.u64(3, u32(e.controller));
  w.str(4, e.card);
  w.str(5, e.region);
  w.str(6, e.change);
  w.i64(7, e.amount);
  w.str(8, e.order);
  w.str(9, e.until);
  w.str(10, e.condition);
  w.end(at);
}

// EveView in runs: fields 1-7, the seats (8), then 9-18; the lingering
// effects (19) come last.
void write_view_head(WireWriter& w, const eve::EveView& view) {
  w.u64(1, u32(view.turn));
  w.u64(2, u32(view.first));
  w.u64(3, u32(view.active));
  w.str(4, view.phase);
  w.str(5, view.step);
  w.str(6, view.prompt);
  w.i64(7, view.prompt_seat);
}

void write_view_middle(WireWriter& w, const eve::EveView& view) {
  for (const auto& r : view.regions) write_region(w, r);
  for (const auto& p : view.pile) write_pile_item(w, 10, p);
  for (const auto& p : view.waiting) write_pile_item(w, 11, p);
  write_combat(w, view.combat);
  w.packed(14, view.table);
  w.u64(15, u32(view.range));
  w.boolean(16, view.hunter_and_prey);
  w.boolean(17, view.destroying_prey);
  w.boolean(18, view.alliances);
}

void write_effects(WireWriter& w, const std::vector<eve::EveEffectView>& effects) {
  for (const auto& e : effects) write_effect(w, e);
}

void write_view(WireWriter& w, const eve::EveView& view) {
  write_view_head(w, view);
  for (const auto& s : view.seats) write_seat(w, s);
  write_view_middle(w, view);
  write_effects(w, view.effects);
}

// The runs of EveViews::common that every viewer shares, written once.
struct SharedRuns {
  const eve::EveView& common;
  std::string head, middle;
  std::vector<std::string> seat_head, seat_counts, seat_tail;  // per seat

  explicit SharedRuns(const eve::EveView& view) : common(view) {
    WireWriter h(head), m(middle);
    write_view_head(h, view);
    write_view_middle(m, view);
    for (const auto& s : view.seats) {
      WireWriter sh(seat_head.emplace_back()), sc(seat_counts.emplace_back()), st(seat_tail.emplace_back());
      write_seat_head(sh, s);
      write_seat_counts(sc, s);
      write_seat_tail(st, s);
    }
  }

  // Viewer i's view: its own seat's private part (seats) and its lingering
  // effects added; the same bytes write_view gives for its EveView.
  std::string assemble(const eve::EveViews& views, std::size_t i, const rules::Viewer& viewer) const {
    const auto& own = views.own[i];
    const int own_seat = viewer.seat;
    std::string bytes;
    bytes.reserve(head.size() + middle.size() + 1024 * (seat_head.size() + 1));
    WireWriter w(bytes);
    w.raw(head);
    for (std::size_t s = 0; s < seat_head.size(); ++s) {
      const bool mine = own && static_cast<int>(s) == own_seat;
      const auto at = w.begin(8);
      w.raw(seat_head[s]);
      if (mine) {
        w.str(4, own->upgrade_name);
      } else if (const auto& name = common.seats[s].upgrade_name) {
        w.str(4, *name);
      }
      w.raw(seat_counts[s]);
      if (mine) write_seat_hidden(w, &own->hand, nullptr, &own->offdeck);
      else write_seat_hidden(w, nullptr, nullptr, nullptr);
      w.raw(seat_tail[s]);
      w.end(at);
    }
    w.raw(middle);
    write_effects(w, views.effects[i]);
    return bytes;
  }
};

const std::string& view_type_url() {
  static const std::string type_url = "type.googleapis.com/" + pb::EveView::descriptor()->full_name();
  return type_url;
}

}  // namespace

std::string encode_wire(const eve::EveView& view) {
  std::string bytes;
  bytes.reserve(4096);
  WireWriter w(bytes);
  write_view(w, view);
  return bytes;
}

pb::EveView to_proto(const eve::EveView& view) {
  pb::EveView out;
  fill_view(view, out);
  return out;
}

void EveGenesisAdapter::encode_view(const rules::View& view, google::protobuf::Any* out) const {
  out->set_type_url(view_type_url());
  out->set_value(encode_wire(dynamic_cast<const eve::EveView&>(view)));
}

// Projected together and written from shared runs: the public part of the
// view once, each seat's private part once.
std::vector<google::protobuf::Any> EveGenesisAdapter::encode_views(const rules::Match& match,
                                                                   const std::vector<rules::Viewer>& viewers,
                                                                   ViewMemo* /*memo*/) const {
  return encode_views_together<eve::EveMatch, SharedRuns>(*this, match, viewers, view_type_url());
}

void EveGenesisAdapter::encode_event(const rules::EventData&, google::protobuf::Any*) const {}

}  // namespace concord::server::games
