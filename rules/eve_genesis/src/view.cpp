// EveMatch::view: the one projection function for every viewer, and its text.
#include <sstream>

#include "concord/eve/eve_match.hpp"
#include "concord/eve/eve_view.hpp"

namespace concord::eve {

namespace {

bool sees_private(const rules::Viewer& v, SeatIndex seat) {
  return v.kind == rules::Viewer::Kind::Judge ||
         (v.kind == rules::Viewer::Kind::Seat && v.seat == seat);
}

EveCardView card_view(const GameState& st, const CardDb& db, CardId id) {
  const CardInstance& c = st.cards[id];
  return EveCardView{card_ref(id), c.card, db.find(c.card)->name, c.build, c.damage,
                     c.duration, c.x, c.order};
}

std::vector<EveCardView> cards_view(const GameState& st, const CardDb& db,
                                    const std::vector<CardId>& ids) {
  std::vector<EveCardView> out;
  for (CardId id : ids) out.push_back(card_view(st, db, id));
  return out;
}

EveSeatView seat_view(const GameState& st, const CardDb& db, SeatIndex i, const rules::Viewer& v) {
  const SeatState& s = st.seats[i];
  const CardDef* base = db.find(s.base);
  EveSeatView out;
  out.index = i;
  out.base_name = base->name;
  out.upgraded = s.upgraded;
  if (s.upgraded || sees_private(v, i)) out.upgrade_name = base->upgrade.name;
  out.base_damage = s.base_damage;
  out.wallet = s.wallet;
  out.hand_count = static_cast<unsigned>(s.hand.size());
  out.market_count = static_cast<unsigned>(s.market.size());
  out.offdeck_count = static_cast<unsigned>(s.offdeck.size());
  out.out = s.out;
  if (sees_private(v, i)) {
    out.hand = cards_view(st, db, s.hand);
    out.offdeck = s.offdeck;
  }
  if (v.kind == rules::Viewer::Kind::Judge) out.market = cards_view(st, db, s.market);
  out.scrapheap = cards_view(st, db, s.scrapheap);
  out.docks = cards_view(st, db, s.docks);
  out.structures = cards_view(st, db, s.structures);
  out.news = cards_view(st, db, s.news);
  return out;
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
  for (SeatIndex i = 0; i < seat_count(); ++i) v->seats.push_back(seat_view(state_, db_, i, viewer));
  for (const auto& r : state_.regions) {
    v->regions.push_back(EveRegionView{r.key, db_.find(r.card)->name, r.home, r.owner, r.controller,
                                       cards_view(state_, db_, r.locations),
                                       cards_view(state_, db_, r.ships)});
  }
  for (const auto& w : state_.waiting) {
    v->waiting.push_back(EvePileView{w.controller, "ability", card_view(state_, db_, w.card), "", ""});
  }
  for (const auto& p : state_.pile) {
    EvePileView pv{p.controller, "upgrade", std::nullopt, p.target >= 0 ? card_ref(p.target) : "",
                   p.region};
    if (p.kind == PileItem::Kind::Region) pv.kind = "region";
    if (p.kind == PileItem::Kind::Ability) {
      pv.kind = "ability";
      pv.card = card_view(state_, db_, p.card);
    }
    if (p.kind == PileItem::Kind::Jump) {
      pv.kind = "jump";
      pv.card = card_view(state_, db_, p.card);
    }
    if (p.kind == PileItem::Kind::Card) {
      pv.kind = "card";
      pv.card = card_view(state_, db_, p.card);
    }
    v->pile.push_back(std::move(pv));
  }
  return v;
}

std::string EveView::to_text() const {
  std::ostringstream o;
  o << "turn " << turn << " active seat " << active << " (first " << first << ") " << phase << '/'
    << step << "; prompt " << prompt << " for seat " << prompt_seat << '\n';
  for (const auto& s : seats) {
    o << "seat " << s.index << (s.out ? " (out)" : "") << ": base " << s.base_name
      << (s.upgraded ? " (upgraded)" : "");
    if (s.upgrade_name) o << " upgrade side " << *s.upgrade_name;
    o << ", damage " << s.base_damage << ", wallet " << s.wallet << ", hand " << s.hand_count
      << ", market " << s.market_count << ", off-deck regions " << s.offdeck_count << '\n';
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
    o << '\n';
  }
  for (const auto& w : waiting) o << "waiting: seat " << w.controller << " ability of " << w.card->ref << ' ' << w.card->name << '\n';
  if (result) o << "result: " << result->reason << '\n';
  return o.str();
}

}  // namespace concord::eve
