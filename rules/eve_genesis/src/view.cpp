// EveMatch::view: the one projection function for every viewer, and its text.
#include <sstream>

#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "concord/eve/eve_view.hpp"

namespace concord::eve {

namespace {

bool sees_private(const rules::Viewer& v, SeatIndex seat) {
  return v.kind == rules::Viewer::Kind::Judge ||
         (v.kind == rules::Viewer::Kind::Seat && v.seat == seat);
}

// The number of cards under a ship (which ones is hidden).
void ship_markers(const GameState& st, CardId id, EveCardView& v) {
  v.under = static_cast<unsigned>(
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

// A lingering effect; a source (or affected card) now hidden from the viewer is "".
EveEffectView effect_view(const EveMatch& m, const LingeringEffect& e, const rules::Viewer& v) {
  const GameState& st = m.state();
  const bool source_seen = !hidden_from(st, e.source, v);
  const bool card_seen = e.card >= 0 && !hidden_from(st, e.card, v);
  return EveEffectView{source_seen ? card_ref(e.source) : "", source_seen ? m.def(e.source).name : "",
                       e.controller, card_seen ? card_ref(e.card) : "", e.region, to_string(e.change.kind),
                       e.change.amount, e.change.order, to_string(e.until),
                       e.condition == Condition::Always ? "" : to_string(e.condition)};
}

// Filled in place (a card view has eight strings; cards_view writes each
// straight into its list).
void fill_card_view(const EveMatch& m, CardId id, EveCardView& v) {
  const GameState& st = m.state();
  const CardInstance& c = st.cards[id];
  const CardDef& d = m.def(id);
  v.ref = card_ref(id);
  v.card = c.card;
  v.name = d.name;
  v.build = c.build;
  v.damage = c.damage;
  v.duration = c.duration;
  v.x = c.x;
  v.order = c.order;
  if (d.type == CardType::Ship) {
    v.shield = m.shield_of(id);
    v.attack = m.attack_of(id);
    v.attacking = m.is_attacking(id);
  } else {
    v.shield = d.shield;
  }
  for (const auto& e : st.effects) {  // the card a News in play names (its lingering effect)
    if (e.source == id && e.card >= 0 && d.type == CardType::News && v.names.empty()) v.names = card_ref(e.card);
  }
  if (c.pilot >= 0) v.pilot = card_ref(c.pilot);
  v.region = c.region;
  v.copies = c.copy;
  if (d.type == CardType::Ship) ship_markers(st, id, v);
}

EveCardView card_view(const EveMatch& m, CardId id) {
  EveCardView v;
  fill_card_view(m, id, v);
  return v;
}

std::vector<EveCardView> cards_view(const EveMatch& m, const std::vector<CardId>& ids) {
  std::vector<EveCardView> out(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) fill_card_view(m, ids[i], out[i]);
  return out;
}

// What only seat i (and judges) see of seat i; EveMatch::views sends it to seat i alone.
EveSeatPrivate seat_private(const EveMatch& m, SeatIndex i) {
  const SeatState& s = m.state().seats[i];
  return EveSeatPrivate{m.db().find(s.base)->upgrade.name, cards_view(m, s.hand), s.offdeck};
}

EveSeatView seat_view(const EveMatch& m, SeatIndex i, const rules::Viewer& v) {
  const GameState& st = m.state();
  const SeatState& s = st.seats[i];
  const CardDef* base = m.db().find(s.base);
  EveSeatView out;
  out.index = i;
  out.base_name = base->name;
  out.upgraded = s.upgraded;
  if (s.upgraded) out.upgrade_name = base->upgrade.name;
  out.base_damage = s.base_damage;
  out.base_shield = m.base_shield(i);
  out.wallet = s.wallet;
  out.hand_count = static_cast<unsigned>(s.hand.size());
  out.market_count = static_cast<unsigned>(s.market.size());
  out.offdeck_count = static_cast<unsigned>(s.offdeck.size());
  out.out = s.out;
  out.table_position = st.table_position(i);
  out.prey = st.prey_of(i);
  for (const auto& b : s.attached) out.attached.push_back(m.db().find(b)->name);
  out.alliance = st.alliance_of(i);
  out.home_region = st.home_of(i);
  if (sees_private(v, i)) {
    auto mine = seat_private(m, i);
    out.upgrade_name = std::move(mine.upgrade_name);
    out.hand = std::move(mine.hand);
    out.offdeck = std::move(mine.offdeck);
  }
  if (v.kind == rules::Viewer::Kind::Judge) out.market = cards_view(m, s.market);
  out.scrapheap = cards_view(m, s.scrapheap);
  out.docks = cards_view(m, s.docks);
  out.structures = cards_view(m, s.structures);
  out.news = cards_view(m, s.news);
  out.pilots = cards_view(m, s.pilots);
  return out;
}

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
  if (p.card >= 0) pv.card = card_view(m, p.card);
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

}  // namespace

std::unique_ptr<rules::View> EveMatch::view(const rules::Viewer& viewer) const {
  auto v = std::make_unique<EveView>();
  v->viewer = viewer;
  v->turn = state_.turn;
  v->first = state_.first;
  v->active = state_.active;
  v->phase = to_string(state_.phase);
  v->step = to_string(state_.step);
  v->prompt = to_string(state_.pending);
  v->prompt_seat = state_.prompt_seat;
  v->result = state_.result;
  for (SeatIndex i = 0; i < seat_count(); ++i) v->seats.push_back(seat_view(*this, i, viewer));
  for (int p = 0; p < seat_count(); ++p) v->table.push_back(state_.seat_at(p));
  v->range = state_.variants.range;
  v->hunter_and_prey = state_.variants.hunter;
  v->destroying_prey = state_.variants.destroying;
  v->alliances = state_.variants.alliances;
  for (const auto& r : state_.regions) {
    v->regions.push_back(EveRegionView{r.key, db_.find(r.card)->name, r.home, r.owner, r.controller,
                                       cards_view(*this, r.locations), cards_view(*this, r.ships)});
  }
  for (const auto& w : state_.waiting) v->waiting.push_back(pile_view(*this, w));
  for (const auto& p : state_.pile) v->pile.push_back(pile_view(*this, p));
  v->combat = combat_view(*this, state_.combat);
  for (const auto& e : state_.effects) v->effects.push_back(effect_view(*this, e, viewer));
  return v;
}

EveViews EveMatch::views(const std::vector<rules::Viewer>& viewers) const {
  EveViews out;
  auto common = view(rules::Viewer::spectator());
  out.common.reset(static_cast<EveView*>(common.release()));
  for (const auto& viewer : viewers) {
    if (viewer.kind != rules::Viewer::Kind::Seat) {
      out.own.emplace_back();
      out.effects.push_back(out.common->effects);
      continue;
    }
    out.own.push_back(seat_private(*this, viewer.seat));
    auto& effects = out.effects.emplace_back();
    for (const auto& e : state_.effects) effects.push_back(effect_view(*this, e, viewer));
  }
  return out;
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
