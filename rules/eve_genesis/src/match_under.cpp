// EveMatch: Blood Rogue (Errata): "At the start of your turn you may put a card
// from your hand face down under a Blood Raiders ship located in this region.
// If you do so, that ship gets 'This ship gets [+1 attack] and [+1 shield] for
// each card lying face down under it. When this ship leaves play, put one of
// the cards lying face down under it on top of your market and the rest on the
// bottom of your market,' if it does not already have that ability."
// Chosen (README): a character is "located in" the region of the ship it
// pilots (in the docks it is in no region); the ship must be friendly (the
// cards go back to "your market"); the `choose_under` prompt offers `decline`
// and `cH>cS` (hand card cH under ship cS); when the ship leaves play the card
// put under it last goes on top of its owner's market, the others on the
// bottom in the order they were put under it. The bonus counts in ship_mods
// (match_statics.cpp). Face down: events name the card only to its owner.
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kDecline = "decline";

}  // namespace

// (hand card, ship) pairs the Rogue's controller may choose.
std::vector<std::pair<CardId, CardId>> EveMatch::under_options(CardId rogue) const {
  std::vector<std::pair<CardId, CardId>> out;
  const Region* r = state_.region(card_region(rogue));
  if (!r) return out;
  const SeatIndex seat = state_.cards[rogue].owner;
  for (const auto& e : def(rogue).effects) {
    if (e.kind != EffectKind::PutCardUnderShip) continue;
    for (CardId ship : r->ships) {
      if (state_.cards[ship].owner != seat || def(ship).faction != e.faction) continue;
      for (CardId card : state_.seats[seat].hand) out.emplace_back(card, ship);
    }
  }
  return out;
}

rules::Prompt EveMatch::under_prompt() const {
  const CardId rogue = state_.choice.source;
  rules::Prompt p{"choose_under", card_name(rogue) + ": you may put a card from your hand face down under a ship", 1,
                  1, {}};
  p.options.push_back({kDecline, "Put no card under a ship", std::nullopt});
  for (const auto& [card, ship] : under_options(rogue)) {
    p.options.push_back({card_ref(card) + ">" + card_ref(ship),
                         card_name(card) + " under " + card_name(ship) + " (" + card_ref(ship) + ")", std::nullopt});
  }
  return p;
}

void EveMatch::apply_under(const rules::Answer& answer, Events& ev) {
  const ResolutionChoice c = take_choice();
  const std::string& id = answer.choices.front().option_id;
  if (id != kDecline) {
    const auto gt = id.find('>');
    const CardId card = *parse_card_ref(id.substr(0, gt));
    const CardId ship = *parse_card_ref(id.substr(gt + 1));
    remove_from(state_.seats[c.seat].hand, card);
    state_.under.emplace_back(card, ship);
    emit(ev, "put_under", seat_name(c.seat) + " puts a card face down under " + card_name(ship) + " (" +
                              card_ref(ship) + ")");
    emit(ev, "put_under", "you put " + card_name(card) + " (" + card_ref(card) + ") under " + card_name(ship),
         rules::Visibility::only({c.seat}));
  }
  resolve_pile(ev);
}

// "When this ship leaves play, put one of the cards lying face down under it on
// top of your market and the rest on the bottom of your market."
void EveMatch::release_under(CardId ship) {
  std::vector<CardId> cards;
  for (const auto& [card, holder] : state_.under) {
    if (holder == ship) cards.push_back(card);
  }
  if (cards.empty()) return;
  std::erase_if(state_.under, [ship](const auto& p) { return p.second == ship; });
  SeatState& owner = state_.seats[state_.cards[ship].owner];
  owner.market.insert(owner.market.begin(), cards.back());
  cards.pop_back();
  owner.market.insert(owner.market.end(), cards.begin(), cards.end());
}

}  // namespace concord::eve
