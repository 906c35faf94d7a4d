#include "everzone_adapter.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <functional>
#include <tuple>
#include <typeinfo>

#include "concord/everzone/everzone_match.hpp"
#include "delta/composed_part.hpp"
#include "delta/crc32_fold.hpp"
#include "delta/wire_bytes.hpp"
#include "versioned_part.hpp"
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
// The writers take the view with either card type (view.hpp) and a `card`
// callable that writes one card as field `field`: from its CardEntry, or
// from the bytes a memo keeps per instance.
void write_card(WireWriter& w, int field, const everzone::CardEntry& c) {
  const auto at = w.begin(field);
  w.str(1, c.ref);
  w.str(2, c.name);
  w.str(3, c.card_id);
  w.end(at);
}

struct EntryWriter {
  WireWriter& w;
  void operator()(int field, const everzone::CardEntry& c) const { write_card(w, field, c); }
};

template <typename Cards, typename WriteCard>
void write_cards(int field, const Cards& cards, const WriteCard& card) {
  for (const auto& c : cards) card(field, c);
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

// What write_seat_head writes, as a value the memo compares (a seat's head is
// the same after most commands: compared, it is not written again).
struct SeatHeadKey {
  int seat, cp, surrenders, hand_count, deck_count, deployed_count;
  bool leader_alive, has_prompt, has_chosen;
  everzone::Values army;
  bool operator==(const SeatHeadKey&) const = default;
};
template <typename Seat>
SeatHeadKey head_key(const Seat& s) {
  return {s.seat, s.cp, s.surrenders, s.hand_count, s.deck_count, s.deployed_count,
          s.leader_alive, s.has_prompt, s.has_chosen, s.army};
}

// An EzSeat in three runs, so that a seat's public fields can be written once
// for every viewer: fields 1-10, the owner-only ones 11-18, then 19-27.
template <typename Seat>
void write_seat_head(WireWriter& w, const Seat& s) {
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

template <typename Cards, typename WriteCard>
void write_seat_private(WireWriter& w, const Cards* hand, const Cards* deployed, const Cards* deck,
                        const std::vector<std::string>* secret, const WriteCard& card) {
  w.boolean(11, hand != nullptr);
  if (hand) write_cards(12, *hand, card);
  w.boolean(13, deployed != nullptr);
  if (deployed) write_cards(14, *deployed, card);
  w.boolean(15, deck != nullptr);
  if (deck) write_cards(16, *deck, card);
  w.boolean(17, secret != nullptr);
  if (secret) w.strings(18, *secret);
}

// Every field write_seat_tail reads: the memo rewrites a seat's piles only
// when these differ, and keeps these alone (not the whole seat).
template <typename Seat>
auto tail_fields(const Seat& s) {
  return std::tie(s.active, s.withdrawn, s.supports, s.retreated, s.fallen, s.team, s.target, s.eliminated, s.allies);
}
using TailKey = std::tuple<std::vector<int>, std::vector<int>, std::vector<int>, std::vector<int>, std::vector<int>,
                           int, int, bool, std::vector<int>>;

template <typename Seat, typename WriteCard>
void write_seat_tail(WireWriter& w, const Seat& s, const WriteCard& card) {
  write_cards(19, s.active, card);
  write_cards(20, s.withdrawn, card);
  write_cards(21, s.supports, card);
  write_cards(22, s.retreated, card);
  write_cards(23, s.fallen, card);
  w.i64(24, s.team);
  w.i64(25, s.target);
  w.boolean(26, s.eliminated);
  w.packed(27, s.allies);
}

// The bytes of cards [from, to) of a pile written as field `field`.
template <typename CardSize>
std::size_t pile_bytes(int field, const std::vector<int>& cards, std::size_t from, std::size_t to, const CardSize& size) {
  std::size_t total = 0;
  const auto number = static_cast<std::uint32_t>(field);
  for (std::size_t i = from; i < to; ++i) total += protocol::wire::bytes_field_size(number, size(cards[i]));
  return total;
}

// A pile of cards as a section: kept when `before` (its cards when the
// part was last written, or null) holds the same cards; else the cards it
// shares with `before` at its start and end are copied from the old bytes
// (`size(card)`: the bytes of a card) and only those between are written.
template <typename WriteCard, typename CardSize>
void write_pile(VersionedPart::Sections& s, int field, const std::vector<int>& cards, const std::vector<int>* before,
                const WriteCard& card, const CardSize& size) {
  if (before && *before == cards) return s.keep();
  if (!before || !s.can_keep()) return s.write([&](WireWriter& w) { write_cards(field, cards, card(w)); });
  const std::vector<int>& old = *before;
  const std::size_t shorter = std::min(old.size(), cards.size());
  std::size_t front = 0, back = 0;
  while (front < shorter && old[front] == cards[front]) ++front;
  while (back < shorter - front && old[old.size() - 1 - back] == cards[cards.size() - 1 - back]) ++back;
  // The bytes of the cards taken, and of the fewer of those kept at the start or the end.
  const std::size_t taken = pile_bytes(field, old, front, old.size() - back, size);
  const std::size_t old_bytes = s.old_size();
  const std::size_t counted = front <= back ? pile_bytes(field, old, 0, front, size)
                                            : pile_bytes(field, old, old.size() - back, old.size(), size);
  if (taken + counted > old_bytes) return s.write([&](WireWriter& w) { write_cards(field, cards, card(w)); });
  const std::size_t front_bytes = front <= back ? counted : old_bytes - taken - counted;
  s.splice(front_bytes, old_bytes - taken - front_bytes, [&](WireWriter& w) {
    const auto write = card(w);
    for (std::size_t i = front; i < cards.size() - back; ++i) write(field, cards[i]);
  });
}

// The owner's part of its seat (write_seat_private with the seat's hand,
// face-down Units and secret choice) section by section, as write_seat_tail.
template <typename Private, typename WriteCard, typename CardSize>
void write_own_private(VersionedPart::Sections& s, const Private& own, const Private* was, const WriteCard& card,
                       const CardSize& size) {
  // Each pile after the field that says it is visible (always true here): a section of its own.
  const auto visible = [&](int field) {
    if (was && s.can_keep()) return s.keep();
    s.write([&](WireWriter& w) { w.boolean(field, true); });
  };
  visible(11);
  write_pile(s, 12, own.hand, was ? &was->hand : nullptr, card, size);
  visible(13);
  write_pile(s, 14, own.deployed, was ? &was->deployed : nullptr, card, size);
  if (was && was->secret == own.secret) return s.keep();
  s.write([&](WireWriter& w) {  // no deck (15-16): an owner does not see it
    w.boolean(17, own.secret.has_value());
    if (own.secret) w.strings(18, *own.secret);
  });
}
constexpr std::size_t kPrivateSections = 5;

// write_seat_tail section by section: each pile, then the rest; a section
// whose values `was` (those the part's current version was written from, or
// null) has alike is kept as it was.
template <typename Seat, typename WriteCard, typename CardSize>
void write_seat_tail(VersionedPart::Sections& s, const Seat& seat, const TailKey* was, const WriteCard& card,
                     const CardSize& size) {
  write_pile(s, 19, seat.active, was ? &std::get<0>(*was) : nullptr, card, size);
  write_pile(s, 20, seat.withdrawn, was ? &std::get<1>(*was) : nullptr, card, size);
  write_pile(s, 21, seat.supports, was ? &std::get<2>(*was) : nullptr, card, size);
  write_pile(s, 22, seat.retreated, was ? &std::get<3>(*was) : nullptr, card, size);
  write_pile(s, 23, seat.fallen, was ? &std::get<4>(*was) : nullptr, card, size);
  if (was && std::tie(std::get<5>(*was), std::get<6>(*was), std::get<7>(*was), std::get<8>(*was)) ==
                 std::tie(seat.team, seat.target, seat.eliminated, seat.allies)) {
    return s.keep();
  }
  s.write([&](WireWriter& w) {
    w.i64(24, seat.team);
    w.i64(25, seat.target);
    w.boolean(26, seat.eliminated);
    w.packed(27, seat.allies);
  });
}
constexpr std::size_t kTailSections = 6;

template <typename T>
const T* pointer(const std::optional<T>& v) {
  return v ? &*v : nullptr;
}

void write_seat(WireWriter& w, const everzone::SeatView& s) {
  const EntryWriter card{w};
  const auto at = w.begin(7);
  write_seat_head(w, s);
  write_seat_private(w, pointer(s.hand), pointer(s.deployed), pointer(s.deck), pointer(s.secret), card);
  write_seat_tail(w, s, card);
  w.end(at);
}

template <typename Effect, typename WriteCard>
void write_effect(WireWriter& w, const Effect& e, const WriteCard& card) {
  const auto at = w.begin(14);
  card(1, e.source);
  w.i64(2, e.seat);
  write_cards(3, e.cards, card);
  w.str(4, e.change);
  w.i64(5, e.amount);
  w.str(6, e.lasts);
  w.boolean(7, e.active);
  w.end(at);
}

// EzView in three runs: fields 1-6, the seats (7), then 8-13; the lasting
// effects (14) come last. What write_view_head writes, as the memo keeps and
// compares it.
template <typename Fields>
auto view_head_fields(const Fields& view) {
  return std::tie(view.phase, view.location, view.turn, view.turns, view.resource_limit, view.battle_deck_count);
}
using ViewHeadKey = std::tuple<std::string, std::string, int, int, int, int>;

template <typename Fields>
void write_view_head(WireWriter& w, const Fields& view) {
  w.str(1, view.phase);
  w.str(2, view.location);
  w.u64(3, u32(view.turn));
  w.u64(4, u32(view.turns));
  w.i64(5, view.resource_limit);
  w.u64(6, u32(view.battle_deck_count));
}

// Every field write_view_middle reads, as the memo keeps and compares them.
template <typename Fields>
auto view_middle_fields(const Fields& view) {
  return std::tie(view.teams, view.armies, view.after_clash, view.effects, view.abilities, view.captured);
}
using ViewMiddleKey = std::tuple<bool, std::vector<everzone::ArmyView>, bool, std::vector<int>, std::vector<int>,
                                 std::vector<int>>;

template <typename Fields, typename WriteCard>
void write_view_middle(WireWriter& w, const Fields& view, const WriteCard& card) {
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
  write_cards(11, view.effects, card);
  write_cards(12, view.abilities, card);
  write_cards(13, view.captured, card);
}

template <typename Effects, typename WriteCard>
void write_lingering(WireWriter& w, const Effects& lingering, const WriteCard& card) {
  for (const auto& e : lingering) write_effect(w, e, card);
}

void write_view(WireWriter& w, const everzone::EverZoneView& view) {
  const EntryWriter card{w};
  write_view_head(w, view);
  for (const auto& s : view.seats) write_seat(w, s);
  write_view_middle(w, view, card);
  write_lingering(w, view.lingering, card);
}

// What EverZone keeps between the commands of one match (GameAdapter::ViewMemo):
// each card instance's EzCard bytes, and the parts of the views, versioned:
// what every viewer shares (the view's head and middle, each seat's head and
// piles) and each seat's private part, the last two with the projected values
// they were written from, so that they are written again only when those
// differ. The ids of the last command's views are kept too, for their
// vectors' capacity.
class EverZoneViewMemo final : public GameAdapter::ViewMemo {
 public:
  // Forgets everything if `match` is not the match the memo was made for
  // (told by the instances' cards, which are fixed from the setup on).
  void check(const everzone::EverZoneMatch& match) {
    if (match.state().card_of == card_of_) return;
    *this = EverZoneViewMemo();
    card_of_ = match.state().card_of;
  }

  const std::string& card(const everzone::EverZoneMatch& match, int instance) {
    const auto i = static_cast<std::size_t>(instance);
    if (i >= cards_.size()) cards_.resize(i + 1);
    if (cards_[i].empty()) {
      const auto entry = match.card_entry(instance);
      WireWriter w(cards_[i]);
      w.str(1, entry.ref);
      w.str(2, entry.name);
      w.str(3, entry.card_id);
    }
    return cards_[i];
  }

  // A versioned part and the values it was written from.
  template <typename Key>
  struct Part {
    std::optional<Key> key;
    VersionedPart part;
  };
  using PrivateIds = everzone::BasicSeatPrivate<int>;
  // The parts every viewer shares and the seats' parts, kept from one
  // command to the next. seats() first: the match's seat count (the parts are
  // not moved after it, so that pieces can refer to their bytes).
  struct Parts {
    Part<ViewHeadKey> head;
    Part<ViewMiddleKey> middle;
    std::vector<Part<SeatHeadKey>> seat_heads;
    std::vector<Part<TailKey>> tails;
    std::vector<Part<PrivateIds>> owns;
    // Each seat as every viewer but its owner sees it (EzView.seats' length
    // header, the seat's head and piles), made of those parts.
    std::vector<protocol::ComposedPart> publics;
    std::vector<bool> composed;  // per seat: whether this command's non-owners get publics' piece
    // Per viewer of the last call, unversioned; a deque, so that growing it
    // for a later viewer leaves the earlier viewers' pieces pointing at theirs.
    std::deque<std::string> lingering;
  };
  void seats(std::size_t count) {
    if (parts_.seat_heads.size() == count) return;
    parts_.seat_heads.resize(count);
    parts_.tails.resize(count);
    parts_.owns.resize(count);
    parts_.publics.resize(count);
    parts_.composed.resize(count);
  }
  Parts& parts() { return parts_; }
  // The last command's projection, projected into again (views_together.hpp).
  everzone::EverZoneViewIds& ids() { return ids_; }
  protocol::PieceView& scratch_view() { return scratch_view_; }

 private:
  everzone::EverZoneViewIds ids_;
  Parts parts_;
  protocol::PieceView scratch_view_;
  std::vector<int> card_of_;
  std::vector<std::string> cards_;
};

// Writes a card instance from the memo's bytes.
struct MemoCardWriter {
  WireWriter& w;
  EverZoneViewMemo& memo;
  const everzone::EverZoneMatch& match;
  void operator()(int field, int instance) const { w.element(field, memo.card(match, instance)); }
};

// The size of a card instance's EzCard bytes, from the memo.
struct MemoCardSize {
  EverZoneViewMemo& memo;
  const everzone::EverZoneMatch& match;
  std::size_t operator()(int instance) const { return memo.card(match, instance).size(); }
};

// `part`, written again by `write` only if `fields` (the values it is written
// from: a Key, or a tuple of references to a Key's fields) differ from those
// it was written from; they are kept when it is.
template <typename Key, typename Fields, typename Write>
const VersionedPart& memoized(EverZoneViewMemo::Part<Key>& part, const Fields& fields, Write write) {
  if (!part.key || !(*part.key == fields)) {
    part.part.rewrite(write);
    part.key = fields;
  }
  return part.part;
}

// The same for a part written in `count` sections by `write(Sections&, was)`,
// `was` being the values the current version was written from when its
// sections may be kept (else null).
template <typename Key, typename Fields, typename Write>
const VersionedPart& memoized_sections(EverZoneViewMemo::Part<Key>& part, std::size_t count, bool searched,
                                       const Fields& fields, Write write) {
  if (!part.key || !(*part.key == fields)) {
    part.part.rewrite_sections(count, searched, [&](VersionedPart::Sections& s) {
      write(s, s.can_keep() && part.key ? &*part.key : nullptr);
    });
    part.key = fields;
  }
  return part.part;
}

const std::string& view_type_url() {
  static const std::string type_url = "type.googleapis.com/" + pb::EzView::descriptor()->full_name();
  return type_url;
}

// The slots of a view's pieces (protocol::ViewPiece): the head, five per
// seat (the seat's field header, its head, its private part for its owner,
// its piles; or, composed, the seat in one piece), the middle, then the
// viewer's lasting effects.
constexpr std::uint32_t kHeadSlot = 0;
constexpr std::uint32_t kHeader = 0, kSeatHead = 1, kOwn = 2, kTail = 3, kPublicSeat = 4;
std::uint32_t seat_slot(std::size_t seat, std::uint32_t part) { return 1 + 5 * static_cast<std::uint32_t>(seat) + part; }

// EzView.seats' tag and the length of a seat of `size` bytes, held in a piece.
protocol::ViewPiece seat_header(std::uint32_t slot, std::size_t size) {
  char header[12];
  header[0] = static_cast<char>(7 << 3 | protocol::wire::kLengthDelimited);
  const std::size_t header_size = 1 + protocol::wire::put_varint(header + 1, size);
  return protocol::ViewPiece::small(slot, std::string_view(header, header_size));
}

// The views of one command from EverZoneMatch::view_ids: what every viewer
// shares written once (seat piles from the memo when unchanged), each seat's
// private part from the memo when unchanged, then each viewer's view as
// pieces of those; the same bytes write_view gives for its EverZoneView.
class TogetherWriter {
 public:
  TogetherWriter(const everzone::EverZoneMatch& match, EverZoneViewMemo& memo)
      : match_(match), memo_(memo), parts_(memo.parts()) {}

  // `viewers`: those the views are for. A seat is composed into one piece
  // for its non-owners only when two or more see it so: composing it costs
  // about what walking its pieces in one viewer's feed does.
  void write_shared(const everzone::BasicViewFields<int>& common, const std::vector<rules::Viewer>& viewers) {
    memo_.seats(common.seats.size());
    memoized(parts_.head, view_head_fields(common), [&](WireWriter& w) { write_view_head(w, common); });
    memoized(parts_.middle, view_middle_fields(common), [&](WireWriter& w) { write_view_middle(w, common, card(w)); });
    for (std::size_t s = 0; s < common.seats.size(); ++s) {
      const auto& seat = common.seats[s];
      const VersionedPart& head =
          memoized(parts_.seat_heads[s], head_key(seat), [&](WireWriter& w) { write_seat_head(w, seat); });
      const VersionedPart& tail =
          memoized_sections(parts_.tails[s], kTailSections, true, tail_fields(seat),
                            [&](VersionedPart::Sections& out, const TailKey* was) {
                              write_seat_tail(out, seat, was, [&](WireWriter& w) { return card(w); }, card_size());
                            });
      const auto owners = std::count_if(viewers.begin(), viewers.end(), [&](const rules::Viewer& v) {
        return v.kind == rules::Viewer::Kind::Seat && v.seat == static_cast<int>(s);
      });
      parts_.composed[s] = viewers.size() - static_cast<std::size_t>(owners) >= 2;
      if (!parts_.composed[s]) continue;
      const protocol::ViewPiece pieces[] = {seat_header(0, head.bytes().size() + tail.bytes().size()), head.piece(1),
                                            tail.piece(2)};
      parts_.publics[s].compose(pieces);
    }
  }

  // Viewer i's view as pieces.
  void pieces(const everzone::EverZoneViewIds& ids, std::size_t i, const rules::Viewer& viewer,
              protocol::PieceView& out) {
    const auto& own = ids.own[i];
    out.type_url = view_type_url();
    out.pieces.clear();
    out.pieces.push_back(parts_.head.part.piece(kHeadSlot));
    const std::size_t seats = parts_.seat_heads.size();
    for (std::size_t s = 0; s < seats; ++s) {
      const bool owner = own && static_cast<int>(s) == viewer.seat;
      if (!owner && parts_.composed[s]) {
        out.pieces.push_back(parts_.publics[s].piece(seat_slot(s, kPublicSeat)));
        continue;
      }
      const VersionedPart* mine = owner ? &own_part(s, *own) : nullptr;
      const VersionedPart& head = parts_.seat_heads[s].part;
      const VersionedPart& tail = parts_.tails[s].part;
      const std::size_t size = head.bytes().size() + (mine ? mine->bytes().size() : 0) + tail.bytes().size();
      out.pieces.push_back(seat_header(seat_slot(s, kHeader), size));
      out.pieces.push_back(head.piece(seat_slot(s, kSeatHead)));
      if (mine) out.pieces.push_back(mine->piece(seat_slot(s, kOwn)));
      out.pieces.push_back(tail.piece(seat_slot(s, kTail)));
    }
    out.pieces.push_back(parts_.middle.part.piece(seat_slot(seats, 0)));
    if (ids.lingering[i].empty()) return;
    if (parts_.lingering.size() <= i) parts_.lingering.resize(i + 1);
    std::string& lingering = parts_.lingering[i];
    lingering.clear();
    WireWriter w(lingering);
    write_lingering(w, ids.lingering[i], card(w));
    out.pieces.push_back(protocol::ViewPiece::unversioned(seat_slot(seats, 1), lingering));
  }

  void assemble(const everzone::EverZoneViewIds& ids, std::size_t i, const rules::Viewer& viewer, std::string& bytes) {
    auto& view = memo_.scratch_view();
    pieces(ids, i, viewer, view);
    bytes.clear();
    view.append_to(bytes);
  }

 private:
  MemoCardWriter card(WireWriter& w) const { return MemoCardWriter{w, memo_, match_}; }
  MemoCardSize card_size() const { return MemoCardSize{memo_, match_}; }

  const VersionedPart& own_part(std::size_t seat, const everzone::BasicSeatPrivate<int>& own) {
    using Private = EverZoneViewMemo::PrivateIds;
    return memoized_sections(parts_.owns[seat], kPrivateSections, false, own, [&](VersionedPart::Sections& out, const Private* was) {
      write_own_private(out, own, was, [&](WireWriter& w) { return card(w); }, card_size());
    });
  }

  const everzone::EverZoneMatch& match_;
  EverZoneViewMemo& memo_;
  EverZoneViewMemo::Parts& parts_;
};


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
// Judges among the viewers (they see everything) get each view on its own.
void EverZoneAdapter::encode_views_into(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                                        ViewMemo* memo, std::vector<google::protobuf::Any>& out) const {
  using Match = everzone::EverZoneMatch;
  encode_views_together<Match, EverZoneViewMemo, TogetherWriter>(*this, match, viewers, memo, view_type_url(), out);
}

// The same views as pieces of the memo's versioned parts.
bool EverZoneAdapter::encode_view_pieces(const rules::Match& match, const std::vector<rules::Viewer>& viewers,
                                         ViewMemo* memo, std::vector<protocol::PieceView>& out) const {
  return encode_pieces_together<everzone::EverZoneMatch, EverZoneViewMemo, TogetherWriter>(match, viewers, memo, out);
}

std::unique_ptr<GameAdapter::ViewMemo> EverZoneAdapter::new_view_memo() const {
  return std::make_unique<EverZoneViewMemo>();
}

namespace {

const std::string& event_type_url() {
  static const std::string type_url = "type.googleapis.com/" + pb::EzEvent::descriptor()->full_name();
  return type_url;
}

// The event's EverZone data, if it is EverZone's: its type compared (the
// class is final) instead of a dynamic_cast, once per event.
const everzone::EverZoneEvent* everzone_event(const rules::EventData& data) {
  return typeid(data) == typeid(everzone::EverZoneEvent) ? static_cast<const everzone::EverZoneEvent*>(&data) : nullptr;
}

// EzEvent's fields over `bytes`: counted, then written in place.
void write_event(std::string& bytes, const everzone::EverZoneEvent& event) {
  namespace wire = protocol::wire;
  const auto number = [](std::int64_t v) {  // int32 as protobuf writes it: sign-extended
    return static_cast<std::uint64_t>(v);
  };
  std::size_t seats = 0;
  for (int s : event.seats) seats += wire::varint_size(number(s));
  std::size_t size = wire::string_field_size(1, event.kind) + wire::number_field_size(2, number(event.seat)) +
                     wire::number_field_size(4, number(event.amount));
  for (const auto& card : event.cards) size += wire::bytes_field_size(3, card.size());
  if (seats) size += wire::bytes_field_size(5, seats);
  bytes.resize(size);
  wire::Cursor c(bytes.data());
  c.string(1, event.kind);
  c.number(2, number(event.seat));
  for (const auto& card : event.cards) c.bytes(3, card);
  c.number(4, number(event.amount));
  if (seats) {
    c.message_head(5, seats);
    for (int s : event.seats) c.varint(number(s));
  }
}

}  // namespace

// Without the message: through to_proto and PackFrom, an EverZone command's
// events were ~4% of its cost in games_bench.
std::string encode_wire(const everzone::EverZoneEvent& event) {
  std::string bytes;
  write_event(bytes, event);
  return bytes;
}

void EverZoneAdapter::encode_event(const rules::EventData& data, google::protobuf::Any* out) const {
  if (const auto* event = everzone_event(data)) {
    out->set_type_url(event_type_url());
    out->set_value(encode_wire(*event));
  }
}

bool EverZoneAdapter::event_detail(const rules::EventData& data, std::string_view& type_url,
                                   std::string& value) const {
  const auto* event = everzone_event(data);
  if (!event) return false;
  type_url = event_type_url();
  write_event(value, *event);
  return true;
}

}  // namespace concord::server::games
