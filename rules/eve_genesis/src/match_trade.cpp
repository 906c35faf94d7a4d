// EveMatch: Trade, an order ability of the Draw phase.
//  - Badger (text chosen): "Trade 1 (During your Draw phase draw an additional
//    card, then put a card from your hand on top of your market.)"
//  - FAQ: "If my two Badger ships are trading at the time of my Draw phase, do I
//    draw two additional cards and then put two cards from my hand on top of
//    the market? A: No. Both abilities are placed on the pile, and you must
//    resolve one of them before the other. You will draw a card, then put a
//    card on top of the market, then draw that (just placed on top of the
//    market) card, and then again put some card on top of the market."
//  - The Draw phase has no priority, so the Trade abilities resolve one by one
//    without a priority round; each waits for its put-back choice (`put_back`).
//  - "Ships with the Trade order may trade in all friendly regions" (Multiplayer
//    Rules, L206): a ship trades in a region its controller or (alliances) an
//    ally of his controls.
//  - Trade X: X trades. Order abilities "apply only while those orders are
//    being executed" (in a region, not attacking).
#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

// The Trade abilities of `from` (alliances: then of the members to his right,
// each in turn). A region is friendly when the seat or an ally controls it.
void EveMatch::start_trades(SeatIndex from, Events& ev) {
  for (SeatIndex a = from; a >= 0 && !state_.result; a = state_.variants.alliances ? state_.next_member(a) : -1) {
    if (state_.seats[a].out) continue;
    int trades = 0;
    CardId first = -1;
    for (CardId id : controlled_in_play(a)) {
      if (def(id).type != CardType::Ship) continue;
      const Region* r = ship_region(id);
      // "may trade in all friendly regions" (Multiplayer)
      if (!r || !r->controller || !state_.allied(*r->controller, a)) continue;
      const int x = order_strength(id, OrderKind::Trade);
      if (x > 0 && first < 0) first = id;
      trades += x;
    }
    if (trades == 0) continue;
    emit(ev, "trade", seat_name(a) + " trades " + std::to_string(trades) + " time(s)");
    if (!draw(a, ev)) continue;  // the seat left the game (an empty market)
    state_.choice = ResolutionChoice{ResolutionChoice::Kind::PutBack, a, trades, first};
    state_.resolving = true;
    state_.pending = Pending::Choice;
    state_.prompt_seat = a;
    return;
  }
}

void EveMatch::apply_put_back(const rules::Answer& answer, Events& ev) {
  ResolutionChoice& c = state_.choice;
  const CardId id = *parse_card_ref(answer.choices.front().option_id);
  SeatState& s = state_.seats[c.seat];
  remove_from(s.hand, id);
  s.market.insert(s.market.begin(), id);
  emit(ev, "put_back", seat_name(c.seat) + " puts a card on top of the market");
  if (--c.count > 0) {
    if (!draw(c.seat, ev)) return;
    return;  // the next Trade ability: the prompt stays open
  }
  const SeatIndex seat = c.seat;
  state_.choice = ResolutionChoice{};
  state_.resolving = false;
  state_.pending = Pending::None;
  if (state_.variants.alliances) start_trades(state_.next_member(seat), ev);  // the next member trades
  if (!state_.result && state_.pending != Pending::Choice) end_step(ev);  // the Draw phase ends
}

}  // namespace concord::eve
