// EveMatch: choices of card texts made while the pile resolves.
//  - "you may" (Beggar's Emporium: "if your hand is empty, you may draw a card"):
//    a `may` prompt (`yes` | `no`). FAQ (several Beggar's Emporium): "check the
//    state of your hand when they resolve from the pile ... Since it says 'you
//    may draw a card,' you need to skip the draw until the last ability resolves."
//  - Cult of Tetrimon (text chosen): "Destroy a ship of your choice in a remote
//    region." FAQ: it "does not use the term 'target'", so it destroys Thorax and
//    Megathron too: a `choose_destroy` prompt when it resolves.
#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

std::vector<CardId> EveMatch::remote_ships() const {
  std::vector<CardId> out;
  for (const auto& r : state_.regions) {
    if (!r.home) out.insert(out.end(), r.ships.begin(), r.ships.end());
  }
  return out;
}

std::optional<rules::Prompt> EveMatch::special_choice_prompt() const {
  const auto& c = state_.choice;
  if (c.kind == ResolutionChoice::Kind::May) {
    return rules::Prompt{"may", card_name(c.source) + ": " + def(c.source).text + " Do you?", 1, 1,
                         {{"yes", "Yes", std::nullopt}, {"no", "No", std::nullopt}}};
  }
  const bool put_back = c.kind == ResolutionChoice::Kind::PutBack;
  if (!put_back && c.kind != ResolutionChoice::Kind::DestroyShip) return std::nullopt;
  rules::Prompt p{put_back ? "choose_put_back" : "choose_destroy",
                  put_back ? "Trade: put a card from your hand on top of your market"
                           : card_name(c.source) + ": destroy a ship of your choice in a remote region",
                  1, 1, {}};
  for (CardId id : choice_candidates()) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_special_choice(const rules::Answer& answer, Events& ev) {
  const ResolutionChoice c = take_choice();
  const std::string& id = answer.choices.front().option_id;
  if (c.kind == ResolutionChoice::Kind::May) {
    emit(ev, "may", seat_name(c.seat) + (id == "yes" ? " does" : " does not") + " (" + card_name(c.source) + ")");
    if (id == "yes" && may_pays(c.source)) pay_return_to_hand(c.source, c.seat, ev);  // Angel Impaler
    else if (id == "yes") draw(c.seat, ev);  // Beggar's Emporium: "you may draw a card"
  } else {
    const CardId ship = *parse_card_ref(id);
    if (!def(ship).indestructible) {
      take_out(ship);
      state_.seats[state_.cards[ship].owner].scrapheap.push_back(ship);
      emit(ev, "destroyed", card_name(ship) + " (" + card_ref(ship) + ") is destroyed");
      ship_destroyed(ship, state_.cards[ship].owner, ev);
    }
  }
  if (!state_.result) resolve_pile(ev);  // the rest of the pile resolves
}

// Beggar's Emporium (text chosen): "At the start of your turn, if your hand is
// empty, you may draw a card; otherwise empty your wallet."
void EveMatch::run_may(const PileItem& item, Events& ev) {
  SeatState& s = state_.seats[item.controller];
  if (!s.hand.empty()) {
    s.wallet = 0;
    emit(ev, "wallet_emptied", seat_name(item.controller) + " empties the wallet (" + card_name(item.card) + ")");
    return;
  }
  state_.choice = ResolutionChoice{ResolutionChoice::Kind::May, item.controller, 1, item.card};
  state_.pending = Pending::Choice;
  state_.prompt_seat = item.controller;
}

}  // namespace concord::eve

namespace concord::eve {

// "When you play a location into this region" abilities of the locations there
// whose controller plays it go on top of the pile at once (FAQ Sansha's Scout
// Outpost); several: the active player's order is the region's order here.
void EveMatch::location_played(SeatIndex seat, const std::string& region, Events& ev) {
  const Region* r = state_.region(region);
  if (!r) return;
  for (CardId id : r->locations) {
    if (state_.location_controller(*r, id) != seat) continue;
    const auto& effects = def(id).effects;
    for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
      if (effects[i].trigger != Trigger::LocationPlayedHere) continue;
      state_.pile.push_back(PileItem{PileItem::Kind::Ability, seat, id, "", -1, i});
      emit(ev, "ability_triggered", card_name(id) + "'s ability goes on the pile");
    }
  }
}

}  // namespace concord::eve
