#include "eve_genesis_adapter.hpp"

#include <initializer_list>
#include <tuple>

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
// The writers take the view with either card type (eve_view.hpp) and a
// `card` callable that writes one card as field `field`: from its
// EveCardView, or from the bytes a memo keeps per instance.
void write_card_fields(WireWriter& w, const eve::EveCardView& c) {
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
}

void write_card(WireWriter& w, int field, const eve::EveCardView& c) {
  const auto at = w.begin(field);
  write_card_fields(w, c);
  w.end(at);
}

struct ViewCardWriter {
  WireWriter& w;
  void operator()(int field, const eve::EveCardView& c) const { write_card(w, field, c); }
};

template <typename Cards, typename WriteCard>
void write_cards(int field, const Cards& cards, const WriteCard& card) {
  for (const auto& c : cards) card(field, c);
}

std::uint32_t u32(int v) { return static_cast<std::uint32_t>(v); }

// An EveSeat in runs, so that a seat's public fields can be written once for
// every viewer: 1-3, the upgraded side (4), 5-10, the hidden zones 11-16
// (owner and judges), then 17-27.
template <typename Seat>
void write_seat_head(WireWriter& w, const Seat& s) {
  w.u64(1, u32(s.index));
  w.str(2, s.base_name);
  w.boolean(3, s.upgraded);
}

template <typename Seat>
void write_seat_counts(WireWriter& w, const Seat& s) {
  w.i64(5, s.base_damage);
  w.i64(6, s.wallet);
  w.u64(7, s.hand_count);
  w.u64(8, s.market_count);
  w.u64(9, s.offdeck_count);
  w.boolean(10, s.out);
}

template <typename Cards, typename WriteCard>
void write_seat_hidden(WireWriter& w, const Cards* hand, const Cards* market, const std::vector<std::string>* offdeck,
                       const WriteCard& card) {
  w.boolean(11, hand != nullptr);
  if (hand) write_cards(12, *hand, card);
  w.boolean(13, market != nullptr);
  if (market) write_cards(14, *market, card);
  w.boolean(15, offdeck != nullptr);
  if (offdeck) w.strings(16, *offdeck);
}

// Every field write_seat_tail reads: the memo rewrites a seat's public piles
// only when these differ or a card in them was written again.
template <typename Seat>
auto tail_fields(const Seat& s) {
  return std::tie(s.scrapheap, s.docks, s.structures, s.news, s.base_shield, s.pilots, s.table_position, s.prey,
                  s.attached, s.alliance, s.home_region);
}

template <typename Seat, typename WriteCard>
void write_seat_tail(WireWriter& w, const Seat& s, const WriteCard& card) {
  write_cards(17, s.scrapheap, card);
  write_cards(18, s.docks, card);
  write_cards(19, s.structures, card);
  write_cards(20, s.news, card);
  w.i64(21, s.base_shield);
  write_cards(22, s.pilots, card);
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
  const ViewCardWriter card{w};
  const auto at = w.begin(8);
  write_seat_head(w, s);
  if (s.upgrade_name) w.str(4, *s.upgrade_name);
  write_seat_counts(w, s);
  write_seat_hidden(w, pointer(s.hand), pointer(s.market), pointer(s.offdeck), card);
  write_seat_tail(w, s, card);
  w.end(at);
}

template <typename Region, typename WriteCard>
void write_region(WireWriter& w, const Region& r, const WriteCard& card) {
  const auto at = w.begin(9);
  w.str(1, r.key);
  w.str(2, r.name);
  w.boolean(3, r.home);
  w.i64(4, r.owner);
  w.boolean(5, r.controller.has_value());
  w.i64(6, r.controller.value_or(-1));
  write_cards(7, r.locations, card);
  write_cards(8, r.ships, card);
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

// EveView in runs: fields 1-7, the seats (8), the regions (9), then 10-18;
// the lingering effects (19) come last.
template <typename Fields>
void write_view_head(WireWriter& w, const Fields& view) {
  w.u64(1, u32(view.turn));
  w.u64(2, u32(view.first));
  w.u64(3, u32(view.active));
  w.str(4, view.phase);
  w.str(5, view.step);
  w.str(6, view.prompt);
  w.i64(7, view.prompt_seat);
}

template <typename Fields>
void write_view_rest(WireWriter& w, const Fields& view) {
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
  for (const auto& r : view.regions) write_region(w, r, ViewCardWriter{w});
  write_view_rest(w, view);
  write_effects(w, view.effects);
}

// What EVE keeps between the commands of one match (GameAdapter::ViewMemo):
// each card instance's EveCard bytes with the card and the EveCardKey they
// were written from, and the bytes of parts of the view (each seat's public
// piles and private part, each region) with the projected values they were
// written from. A card is written again only when its card or key differs,
// so a memo given another match (or a rebuilt one) never reuses a wrong
// card; a part only when its values differ or a card it shows was written
// again since. The projection (EveViewIds) and the buffers of what the
// viewers share are kept too, so that they keep their capacity.
class EveViewMemo final : public GameAdapter::ViewMemo {
 public:
  using SeatIds = eve::BasicSeatView<int>;
  using PrivateIds = eve::BasicSeatPrivate<int>;
  using RegionIds = eve::BasicRegionView<int>;

  // The memo of a part: its bytes, the values they were written from, and
  // the count of card writes when they were (`written`).
  template <typename Key>
  struct Part {
    std::optional<Key> key;
    std::uint64_t written = 0;
    std::string bytes;
  };

  // What TogetherWriter writes once for every viewer: the view's fields
  // before the seats, those after them (regions to 18), each seat's public piles.
  struct Shared {
    std::string head, middle;
    std::vector<const std::string*> tails;  // per seat: Part::bytes
  };
  // Emptied, with their capacity.
  Shared& shared() {
    shared_.head.clear();
    shared_.middle.clear();
    shared_.tails.clear();
    return shared_;
  }

  // Called first for every command: a card is looked at (card_key) once per
  // command, as the match does not change while its views are written.
  void check(const eve::EveMatch&) { ++command_; }

  // The views of the command, kept so that their vectors keep their capacity (project_ids).
  eve::EveViewIds& ids() { return ids_; }

  const std::string& card(const eve::EveMatch& match, int id) { return refresh(match, id).bytes; }

  // Whether no card in `lists` was written again after `since` (each is looked at).
  bool unchanged(const eve::EveMatch& match, std::uint64_t since,
                 std::initializer_list<const std::vector<int>*> lists) {
    for (const auto* ids : lists) {
      for (int id : *ids) {
        if (refresh(match, id).written > since) return false;
      }
    }
    return true;
  }

  // Writes `part` again with `write`, from `key`.
  template <typename Key, typename Write>
  void rewrite(Part<Key>& part, const Key& key, const Write& write) {
    part.bytes.clear();
    WireWriter w(part.bytes);
    write(w);
    part.key = key;
    part.written = writes_;
  }

  // Before tail(), own() and region(): the match's seat and region counts
  // (parts are not moved after this, so their bytes can be referred to while
  // views are written).
  void parts(std::size_t seats, std::size_t regions) {
    tails_.resize(seats);
    owns_.resize(seats);
    regions_.resize(regions);
  }
  Part<SeatIds>& tail(std::size_t seat) { return tails_.at(seat); }
  Part<PrivateIds>& own(std::size_t seat) { return owns_.at(seat); }
  Part<RegionIds>& region(std::size_t r) { return regions_.at(r); }

 private:
  struct Card {
    std::uint64_t checked = 0;  // the command it was last looked at in
    std::uint64_t written = 0;  // the count of card writes when it was written (0 = never)
    std::uint64_t card = 0;     // EveMatch::card_number
    eve::EveCardKey key;
    std::string bytes;
  };

  const Card& refresh(const eve::EveMatch& match, int id) {
    const auto i = static_cast<std::size_t>(id);
    if (i >= cards_.size()) cards_.resize(i + 1);
    Card& kept = cards_[i];
    if (kept.checked == command_) return kept;
    kept.checked = command_;
    // Compared in place (card_key_is): most cards shown are unchanged.
    const std::uint64_t card = match.card_number(id);
    if (kept.written != 0 && kept.card == card && match.card_key_is(id, kept.key)) return kept;
    kept.bytes.clear();
    WireWriter w(kept.bytes);
    write_card_fields(w, match.card_view(id));
    kept.key = match.card_key(id);
    kept.card = card;
    kept.written = ++writes_;
    return kept;
  }

  std::uint64_t command_ = 1;  // check() moves it on: no card has been looked at in the first
  std::uint64_t writes_ = 0;
  std::vector<Card> cards_;
  std::vector<Part<SeatIds>> tails_;
  std::vector<Part<PrivateIds>> owns_;
  std::vector<Part<RegionIds>> regions_;
  eve::EveViewIds ids_;
  Shared shared_;
};

// Writes a card instance from the memo's bytes.
struct MemoCardWriter {
  WireWriter& w;
  EveViewMemo& memo;
  const eve::EveMatch& match;
  void operator()(int field, int id) const { w.element(field, memo.card(match, id)); }
};

// The views of one command from EveMatch::view_ids: what every viewer shares
// written once (seat piles and regions from the memo when unchanged), each
// seat's private part from the memo when unchanged, then each viewer's bytes
// put together with its lingering effects; the same bytes write_view gives
// for its EveView.
class TogetherWriter {
 public:
  TogetherWriter(const eve::EveMatch& match, EveViewMemo& memo)
      : match_(match), memo_(memo), shared_(memo.shared()) {}

  void write_shared(const eve::BasicViewFields<int>& common) {
    common_ = &common;
    memo_.parts(common.seats.size(), common.regions.size());
    WireWriter h(shared_.head), m(shared_.middle);
    write_view_head(h, common);
    for (std::size_t r = 0; r < common.regions.size(); ++r) m.raw(region_part(r, common.regions[r]));
    write_view_rest(m, common);
    for (std::size_t s = 0; s < common.seats.size(); ++s) shared_.tails.push_back(&tail_part(s, common.seats[s]));
  }

  void assemble(const eve::EveViewIds& ids, std::size_t i, const rules::Viewer& viewer, std::string& bytes) {
    const auto& own = ids.own[i];
    bytes.clear();
    bytes.reserve(shared_.head.size() + shared_.middle.size() + 1024 * (shared_.tails.size() + 1));
    WireWriter w(bytes);
    w.raw(shared_.head);
    for (std::size_t s = 0; s < shared_.tails.size(); ++s) {
      const bool mine = own && static_cast<int>(s) == viewer.seat;
      write_seat_for(w, s, mine ? &*own : nullptr);
    }
    w.raw(shared_.middle);
    write_effects(w, ids.effects[i]);
  }

 private:
  MemoCardWriter card(WireWriter& w) const { return MemoCardWriter{w, memo_, match_}; }

  // Seat s as its owner (with `own`, its private part) or anyone else sees it.
  void write_seat_for(WireWriter& w, std::size_t s, const EveViewMemo::PrivateIds* own) {
    const auto& seat = common_->seats[s];
    const auto at = w.begin(8);
    write_seat_head(w, seat);
    if (own) {
      w.str(4, own->upgrade_name);
    } else if (seat.upgrade_name) {
      w.str(4, *seat.upgrade_name);
    }
    write_seat_counts(w, seat);
    if (own) w.raw(own_part(s, *own));  // without it the hidden zones are all defaults: no bytes
    w.raw(*shared_.tails[s]);
    w.end(at);
  }

  const std::string& tail_part(std::size_t s, const EveViewMemo::SeatIds& seat) {
    auto& part = memo_.tail(s);
    const bool fresh = part.key && tail_fields(*part.key) == tail_fields(seat) &&
                       memo_.unchanged(match_, part.written,
                                       {&seat.scrapheap, &seat.docks, &seat.structures, &seat.news, &seat.pilots});
    if (!fresh) memo_.rewrite(part, seat, [&](WireWriter& w) { write_seat_tail(w, seat, card(w)); });
    return part.bytes;
  }

  const std::string& own_part(std::size_t s, const EveViewMemo::PrivateIds& own) {
    auto& part = memo_.own(s);
    const bool fresh = part.key == own && memo_.unchanged(match_, part.written, {&own.hand});
    if (!fresh) {
      memo_.rewrite(part, own, [&](WireWriter& w) {
        write_seat_hidden<std::vector<int>>(w, &own.hand, nullptr, &own.offdeck, card(w));
      });
    }
    return part.bytes;
  }

  const std::string& region_part(std::size_t r, const EveViewMemo::RegionIds& region) {
    auto& part = memo_.region(r);
    const bool fresh = part.key == region && memo_.unchanged(match_, part.written, {&region.locations, &region.ships});
    if (!fresh) memo_.rewrite(part, region, [&](WireWriter& w) { write_region(w, region, card(w)); });
    return part.bytes;
  }

  const eve::EveMatch& match_;
  EveViewMemo& memo_;
  EveViewMemo::Shared& shared_;
  const eve::BasicViewFields<int>* common_ = nullptr;
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

// Projected together (cards as instance numbers) and written from shared
// runs: the public part of the view once, each card's bytes from the memo.
// Judges among the viewers (they see everything) get each view on its own.
void EveGenesisAdapter::encode_views_into(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                                          ViewMemo* memo, std::vector<google::protobuf::Any>& out) const {
  encode_views_together<eve::EveMatch, EveViewMemo, TogetherWriter>(*this, match, viewers, memo, view_type_url(),
                                                                    out);
}

std::unique_ptr<GameAdapter::ViewMemo> EveGenesisAdapter::new_view_memo() const {
  return std::make_unique<EveViewMemo>();
}

void EveGenesisAdapter::encode_event(const rules::EventData&, google::protobuf::Any*) const {}

}  // namespace concord::server::games
