// EveMatch::view: the one projection function for every viewer, and its text.
#include <algorithm>
#include <sstream>
#include <type_traits>

#include "concord/eve/eve_match.hpp"
#include "concord/eve/eve_view.hpp"

namespace concord::eve {

namespace {

bool sees_private(const rules::Viewer& v, SeatIndex seat) {
  return v.kind == rules::Viewer::Kind::Judge ||
         (v.kind == rules::Viewer::Kind::Seat && v.seat == seat);
}

// The number of cards under a ship (which ones is hidden).
unsigned ship_markers(const GameState& st, CardId id) {
  return static_cast<unsigned>(
      std::count_if(st.under.begin(), st.under.end(), [id](const auto& u) { return u.second == id; }));
}

// A card in a hand or a market the viewer may not see (EMP Minefield, the
// source of "cannot jump", went back to its owner's hand as its cost).
bool hidden_from(const GameState& st, CardId id, const rules::Viewer& v) {
  for (SeatIndex s = 0; s < static_cast<SeatIndex>(st.seats.size()); ++s) {
    const auto& seat = st.seats[s];
    const bool in = std::find(seat.hand.begin(), seat.hand.end(), id) != seat.hand.end() ||
                    std::find(seat.market.begin(), seat.market.end(), id) != seat.market.end();
    if (in) return !sees_private(v, s);
  }
  return false;
}

// A lingering effect; a source (or affected card) now hidden from the viewer
// is "". Every field of `out` is assigned (it may hold an earlier command's).
void effect_view(const EveMatch& m, const LingeringEffect& e, const rules::Viewer& v, EveEffectView& out) {
  const GameState& st = m.state();
  const bool source_seen = !hidden_from(st, e.source, v);
  const bool card_seen = e.card >= 0 && !hidden_from(st, e.card, v);
  out.source = source_seen ? card_ref(e.source) : "";
  if (source_seen) out.source_name = m.def(e.source).name;
  else out.source_name.clear();
  out.controller = e.controller;
  out.card = card_seen ? card_ref(e.card) : "";
  out.region = e.region;
  out.change = to_string(e.change.kind);
  out.amount = e.change.amount;
  out.order = e.change.order;
  out.until = to_string(e.until);
  out.condition = e.condition == Condition::Always ? "" : to_string(e.condition);
}

// A card's view from its key (moved in: its strings are the view's).
void fill_card_view(const EveMatch& m, CardId id, EveCardKey&& k, EveCardView& v) {
  v.ref = card_ref(id);
  v.card = m.state().cards[id].card;
  v.name = m.def(id).name;
  v.build = k.build;
  v.damage = k.damage;
  v.duration = k.duration;
  v.x = k.x;
  v.order = std::move(k.order);
  v.shield = k.numbers.shield;
  v.attack = k.numbers.attack;
  v.attacking = k.numbers.attacking;
  if (k.numbers.names >= 0) v.names = card_ref(k.numbers.names);
  if (k.pilot >= 0) v.pilot = card_ref(k.pilot);
  v.region = std::move(k.region);
  v.copies = std::move(k.copies);
  v.under = k.numbers.under;
}

// The projection for one viewer with cards of type C: EveCardView, or the
// instance number (int) that EveMatch::card_view turns into one.
template <typename C>
class Projector {
 public:
  Projector(const EveMatch& m, const rules::Viewer& v) : m_(m), st_(m.state()), v_(v) {}

  // `out` is assigned (instance numbers: copied into its capacity) or made afresh.
  void list(const std::vector<CardId>& ids, std::vector<C>& out) const {
    if constexpr (std::is_same_v<C, int>) {
      out = ids;
    } else {
      out = std::vector<EveCardView>(ids.size());  // filled in place: a card view has eight strings
      for (std::size_t i = 0; i < ids.size(); ++i) fill_card_view(m_, ids[i], m_.card_key(ids[i]), out[i]);
    }
  }

  std::vector<C> list(const std::vector<CardId>& ids) const {
    std::vector<C> out;
    list(ids, out);
    return out;
  }

  // What only seat i (and judges) see of seat i; EveMatch::views sends it to seat i alone.
  // Every field is assigned, so `out` may hold an earlier command's.
  void seat_private(SeatIndex i, BasicSeatPrivate<C>& out) const {
    const SeatState& s = st_.seats[i];
    out.upgrade_name = m_.db().find(s.base)->upgrade.name;
    list(s.hand, out.hand);
    out.offdeck = s.offdeck;
  }

  BasicSeatPrivate<C> seat_private(SeatIndex i) const {
    BasicSeatPrivate<C> out;
    seat_private(i, out);
    return out;
  }

  // Every field is assigned, so `out` may hold an earlier command's.
  void seat(SeatIndex i, BasicSeatView<C>& out) const {
    const SeatState& s = st_.seats[i];
    const CardDef* base = m_.db().find(s.base);
    out.index = i;
    out.base_name = base->name;
    out.upgraded = s.upgraded;
    if (s.upgraded) out.upgrade_name = base->upgrade.name;
    else out.upgrade_name.reset();
    out.base_damage = s.base_damage;
    out.base_shield = m_.base_shield(i);
    out.wallet = s.wallet;
    out.hand_count = static_cast<unsigned>(s.hand.size());
    out.market_count = static_cast<unsigned>(s.market.size());
    out.offdeck_count = static_cast<unsigned>(s.offdeck.size());
    out.out = s.out;
    out.table_position = st_.table_position(i);
    out.prey = st_.prey_of(i);
    out.attached.clear();
    for (const auto& b : s.attached) out.attached.push_back(m_.db().find(b)->name);
    out.alliance = st_.alliance_of(i);
    out.home_region = st_.home_of(i);
    seat_hidden(i, out);
    list(s.scrapheap, out.scrapheap);
    list(s.docks, out.docks);
    list(s.structures, out.structures);
    list(s.news, out.news);
    list(s.pilots, out.pilots);
  }

  // `out` is assigned (it may hold an earlier command's).
  void effects(std::vector<EveEffectView>& out) const {
    out.resize(st_.effects.size());
    for (std::size_t i = 0; i < out.size(); ++i) effect_view(m_, st_.effects[i], v_, out[i]);
  }

  // Every field but the viewer's; `v` may hold an earlier command's.
  void build(BasicViewFields<C>& v) const;

 private:
  // The hidden zones of seat i as the viewer sees them: the owner's part, the market (judges).
  void seat_hidden(SeatIndex i, BasicSeatView<C>& out) const {
    out.hand.reset();
    out.offdeck.reset();
    if (sees_private(v_, i)) {
      auto mine = seat_private(i);
      out.upgrade_name = std::move(mine.upgrade_name);
      out.hand = std::move(mine.hand);
      out.offdeck = std::move(mine.offdeck);
    }
    out.market.reset();
    if (v_.kind == rules::Viewer::Kind::Judge) out.market = list(st_.seats[i].market);
  }

  void regions(std::vector<BasicRegionView<C>>& out) const {
    out.resize(st_.regions.size());
    for (std::size_t i = 0; i < out.size(); ++i) {
      const auto& r = st_.regions[i];
      auto& v = out[i];
      v.key = r.key;
      v.name = m_.db().find(r.card)->name;
      v.home = r.home;
      v.owner = r.owner;
      v.controller = r.controller;
      list(r.locations, v.locations);
      list(r.ships, v.ships);
    }
  }

  const EveMatch& m_;
  const GameState& st_;
  const rules::Viewer& v_;
};

std::vector<std::string> refs(const std::vector<CardId>& ids) {
  std::vector<std::string> out;
  for (CardId id : ids) out.push_back(card_ref(id));
  return out;
}

std::vector<std::pair<std::string, std::string>> ref_pairs(const std::vector<std::pair<CardId, CardId>>& ps) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [a, b] : ps) out.emplace_back(card_ref(a), card_ref(b));
  return out;
}

EvePileView pile_view(const EveMatch& m, const PileItem& p);

EveCombatView combat_view(const EveMatch& m, const CombatState& c) {
  static const char* stages[] = {"start", "decide", "after"};
  EveCombatView v;
  v.attacks = c.attacks;
  for (const auto& [ship, region] : c.attackers) v.attackers.push_back(card_ref(ship));
  v.region = c.region;
  v.defender = c.defender;
  v.stage = stages[static_cast<int>(c.stage)];
  v.defenders = refs(c.defenders);
  v.assigned = ref_pairs(c.assigned);
  v.forced = ref_pairs(c.forced);
  for (const auto& [ship, to] : c.withdrawals) v.withdrawals.emplace_back(card_ref(ship), to);
  for (const auto& t : c.triggered) v.triggered.push_back(pile_view(m, t));
  return v;
}

bool hidden_now(const GameState& st, CardId id) {
  for (const auto& s : st.seats) {
    if (std::find(s.hand.begin(), s.hand.end(), id) != s.hand.end()) return true;
    if (std::find(s.market.begin(), s.market.end(), id) != s.market.end()) return true;
  }
  return false;
}

EvePileView pile_view(const EveMatch& m, const PileItem& p) {
  EvePileView pv{p.controller, "upgrade", std::nullopt, p.target >= 0 ? card_ref(p.target) : "", p.region};
  switch (p.kind) {
    case PileItem::Kind::Region: pv.kind = "region"; break;
    case PileItem::Kind::Upgrade: break;
    case PileItem::Kind::Ability: pv.kind = "ability"; break;
    case PileItem::Kind::Jump: pv.kind = "jump"; break;
    case PileItem::Kind::Card: pv.kind = "card"; break;
    case PileItem::Kind::Keyword: pv.kind = "keyword"; break;
    case PileItem::Kind::Damage: pv.kind = "damage"; break;
  }
  if (p.card >= 0) pv.card = m.card_view(p.card);
  // An ability whose cost returned its source to a hand (EMP Minefield): the
  // card is named, but its ref would tell which hidden card it is.
  if (p.card >= 0 && hidden_now(m.state(), p.card)) pv.card->ref.clear();
  if (p.kind == PileItem::Kind::Keyword) {
    pv.keyword = to_string(p.keyword);
    pv.strength = p.strength;
    pv.targets = refs(p.targets);
    if (p.base_target >= 0) pv.targets.push_back("base" + std::to_string(p.base_target));
  }
  for (const auto& d : p.damage) {
    pv.damage.push_back({card_ref(d.source), d.base >= 0 ? "base" + std::to_string(d.base) : card_ref(d.target),
                         d.amount});
  }
  return pv;
}

void write_cards(std::ostream& o, const char* label, const std::vector<EveCardView>& cards) {
  o << "  " << label << ':';
  for (const auto& c : cards) {
    o << ' ' << c.ref << ' ' << c.name;
    if (c.build) o << " [build " << c.build << ']';
    if (c.damage) o << " [damage " << c.damage << ']';
    if (c.duration) o << " [duration " << c.duration << ']';
    if (c.x) o << " [X=" << c.x << ']';
    if (!c.order.empty()) o << " [order " << c.order << ']';
    if (c.attacking) o << " [attacking]";
    if (!c.names.empty()) o << " [names " << c.names << ']';
    if (!c.pilot.empty()) o << " [pilot " << c.pilot << ']';
    if (!c.region.empty()) o << " [region " << c.region << ']';
    if (!c.copies.empty()) o << " [copy of " << c.copies << ']';
    if (c.under) o << " [" << c.under << " under]";
    o << ';';
  }
  o << '\n';
}

template <typename C>
void Projector<C>::build(BasicViewFields<C>& v) const {
  v.turn = st_.turn;
  v.first = st_.first;
  v.active = st_.active;
  v.phase = to_string(st_.phase);
  v.step = to_string(st_.step);
  v.prompt = to_string(st_.pending);
  v.prompt_seat = st_.prompt_seat;
  v.result = st_.result;
  const int seats = static_cast<int>(st_.seats.size());
  v.seats.resize(st_.seats.size());
  for (SeatIndex i = 0; i < seats; ++i) seat(i, v.seats[static_cast<std::size_t>(i)]);
  v.table.clear();
  for (int p = 0; p < seats; ++p) v.table.push_back(st_.seat_at(p));
  v.range = st_.variants.range;
  v.hunter_and_prey = st_.variants.hunter;
  v.destroying_prey = st_.variants.destroying;
  v.alliances = st_.variants.alliances;
  regions(v.regions);
  v.waiting.clear();
  for (const auto& w : st_.waiting) v.waiting.push_back(pile_view(m_, w));
  v.pile.clear();
  for (const auto& p : st_.pile) v.pile.push_back(pile_view(m_, p));
  v.combat = combat_view(m_, st_.combat);
  effects(v.effects);
}

// The spectators' view in `common`, then per viewer its own part: a seat's
// private part and every viewer's lingering effects. Every field of `common`
// and `out` is assigned, so they may hold an earlier command's.
template <typename C, typename Views>
void project_together(const EveMatch& m, const std::vector<rules::Viewer>& viewers, BasicViewFields<C>& common,
                      Views& out) {
  const auto spectator = rules::Viewer::spectator();
  Projector<C>(m, spectator).build(common);
  out.own.resize(viewers.size());
  out.effects.resize(viewers.size());
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    const auto& viewer = viewers[i];
    if (viewer.kind != rules::Viewer::Kind::Seat) {
      out.own[i].reset();
      out.effects[i] = common.effects;
      continue;
    }
    const Projector<C> projector(m, viewer);
    if (!out.own[i]) out.own[i].emplace();
    projector.seat_private(viewer.seat, *out.own[i]);
    projector.effects(out.effects[i]);
  }
}

}  // namespace

namespace {

// The key's fields that the modifier pass (ships) or a search of the
// lingering effects (News in play) gives; card_key and card_key_is share it
// (a struct of its own: card_key_is builds no key with strings).
EveKeyNumbers key_numbers(const EveMatch& m, CardId id, const CardDef& d) {
  EveKeyNumbers k;
  if (d.type == CardType::Ship) {
    const auto numbers = m.combat_numbers(id);
    k.shield = numbers.shield;
    k.attack = numbers.attack;
    k.attacking = m.is_attacking(id);
    k.under = ship_markers(m.state(), id);
  } else {
    k.shield = d.shield;
  }
  if (d.type == CardType::News) {  // the card a News in play names (its lingering effect)
    for (const auto& e : m.state().effects) {
      if (e.source == id && e.card >= 0) {
        k.names = e.card;
        break;
      }
    }
  }
  return k;
}

// The key's fields read straight from the instance (no rule is asked).
bool same_instance_fields(const CardInstance& c, const EveCardKey& k) {
  return c.build == k.build && c.damage == k.damage && c.duration == k.duration && c.x == k.x &&
         (c.pilot >= 0 ? c.pilot : -1) == k.pilot && c.order == k.order && c.region == k.region && c.copy == k.copies;
}

}  // namespace

EveCardKey EveMatch::card_key(CardId id) const {
  const CardInstance& c = state_.cards[id];
  EveCardKey k;
  k.build = c.build;
  k.damage = c.damage;
  k.duration = c.duration;
  k.x = c.x;
  k.order = c.order;
  k.numbers = key_numbers(*this, id, def(id));
  k.pilot = c.pilot >= 0 ? c.pilot : -1;
  k.region = c.region;
  k.copies = c.copy;
  return k;
}

// The cheap fields first: the modifier pass runs only when they are the same.
bool EveMatch::card_key_is(CardId id, const EveCardKey& key) const {
  if (!same_instance_fields(state_.cards[id], key)) return false;
  return key_numbers(*this, id, def(id)) == key.numbers;
}

EveCardView EveMatch::card_view(CardId id) const {
  EveCardView v;
  fill_card_view(*this, id, card_key(id), v);
  return v;
}

std::unique_ptr<rules::View> EveMatch::view(const rules::Viewer& viewer) const {
  auto v = std::make_unique<EveView>();
  v->viewer = viewer;
  Projector<EveCardView>(*this, viewer).build(*v);
  return v;
}

EveViews EveMatch::views(const std::vector<rules::Viewer>& viewers) const {
  EveViews out;
  out.common = std::make_unique<EveView>();
  out.common->viewer = rules::Viewer::spectator();
  project_together(*this, viewers, *out.common, out);
  return out;
}

EveViewIds EveMatch::view_ids(const std::vector<rules::Viewer>& viewers) const {
  EveViewIds out;
  view_ids(viewers, out);
  return out;
}

void EveMatch::view_ids(const std::vector<rules::Viewer>& viewers, EveViewIds& out) const {
  project_together(*this, viewers, out.common, out);
}

EveView EveViews::view_of(std::size_t i, const rules::Viewer& viewer) const {
  EveView view = *common;
  view.viewer = viewer;
  view.effects = effects.at(i);
  if (const auto& mine = own.at(i)) {
    auto& seat = view.seats.at(static_cast<std::size_t>(viewer.seat));
    seat.upgrade_name = mine->upgrade_name;
    seat.hand = mine->hand;
    seat.offdeck = mine->offdeck;
  }
  return view;
}

std::string EveView::to_text() const {
  std::ostringstream o;
  o << "turn " << turn << " active seat " << active << " (first " << first << ") " << phase << '/'
    << step << "; prompt " << prompt << " for seat " << prompt_seat << '\n';
  o << "table (clockwise):";
  for (int s : table) o << ' ' << s;
  if (range > 0) o << "; range " << range;
  if (hunter_and_prey) o << "; hunter and prey" << (destroying_prey ? " (destroying prey)" : "");
  if (alliances) o << "; alliances";
  o << '\n';
  for (const auto& s : seats) {
    o << "seat " << s.index << (s.out ? " (out)" : "") << ": base " << s.base_name
      << (s.upgraded ? " (upgraded)" : "");
    if (s.upgrade_name) o << " upgrade side " << *s.upgrade_name;
    o << ", damage " << s.base_damage << ", wallet " << s.wallet << ", hand " << s.hand_count
      << ", market " << s.market_count << ", off-deck regions " << s.offdeck_count;
    if (s.prey >= 0) o << ", prey seat " << s.prey;
    if (alliances) o << ", alliance " << s.alliance << " (home region " << s.home_region << ")";
    for (const auto& b : s.attached) o << ", attached " << b;
    o << '\n';
    if (s.hand) write_cards(o, "hand", *s.hand);
    if (s.market) write_cards(o, "market", *s.market);
    if (s.offdeck) {
      o << "  off-deck:";
      for (const auto& r : *s.offdeck) o << ' ' << r;
      o << '\n';
    }
    write_cards(o, "scrapheap", s.scrapheap);
    write_cards(o, "docks", s.docks);
    write_cards(o, "structures", s.structures);
    write_cards(o, "news", s.news);
    write_cards(o, "pilots", s.pilots);
  }
  for (const auto& r : regions) {
    o << "region " << r.key << " " << r.name << " controller "
      << (r.controller ? std::to_string(*r.controller) : std::string("none")) << '\n';
    write_cards(o, "locations", r.locations);
    write_cards(o, "ships", r.ships);
  }
  for (const auto& p : pile) {
    o << "pile: seat " << p.controller << ' ' << p.kind;
    if (p.card) o << ' ' << p.card->ref << ' ' << p.card->name;
    if (!p.region.empty()) o << ' ' << p.region;
    if (!p.target.empty()) o << " targeting " << p.target;
    if (!p.keyword.empty()) o << ' ' << p.keyword << ' ' << p.strength;
    for (const auto& t : p.targets) o << " target " << t;
    for (const auto& d : p.damage) o << ' ' << d.source << '>' << d.target << '=' << d.amount;
    o << '\n';
  }
  for (const auto& w : waiting) {
    o << "waiting: seat " << w.controller << " ability of ";
    if (w.card) o << w.card->ref << ' ' << w.card->name << '\n';
    else o << w.region << '\n';  // a remote region's ability
  }
  if (!combat.attacks.empty() || !combat.region.empty()) {
    o << "combat: attacks";
    for (const auto& r : combat.attacks) o << ' ' << r;
    o << "; resolving " << (combat.region.empty() ? "-" : combat.region) << " defender " << combat.defender
      << " stage " << combat.stage;
    for (const auto& [a, t] : combat.assigned) o << "; " << a << " targets " << t;
    o << '\n';
  }
  for (const auto& e : effects) {
    o << "effect: " << e.source << ' ' << e.source_name << " -> " << (e.card.empty() ? e.region : e.card) << ' '
      << e.change;
    if (e.amount) o << ' ' << e.amount;
    if (!e.order.empty()) o << ' ' << e.order;
    o << " until " << e.until;
    if (!e.condition.empty()) o << " if " << e.condition;
    o << '\n';
  }
  if (result) o << "result: " << result->reason << '\n';
  return o.str();
}

}  // namespace concord::eve
