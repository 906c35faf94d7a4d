// EveMatch: "At the start of your turn" abilities of remote regions, with their
// "you may" choices (the region's controller decides while the pile resolves).
//  - Sansha's Nation (text chosen): "At the start of your turn you may pay 1
//    credit. If you do, return a random card from your scrapheap to your hand."
//    FAQ: "each player can see which card returned to hand" - a public event.
//  - Dam Torsad (Errata): "At the start of your turn you may search your market
//    for a location that you can legally play in this region, and put it into
//    play in this region. Then shuffle your market." FAQ: "by the time the Dam
//    Torsad region's ability resolves from the pile, the start of the turn has
//    already passed" (an Archaeological Site put there wins a turn later).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

std::vector<CardId> EveMatch::searchable_locations(SeatIndex seat, const std::string& region) const {
  std::vector<CardId> out;
  const CardDef* base = db_.find(state_.seats[seat].base);
  for (CardId id : state_.seats[seat].market) {
    const CardDef& d = def(id);
    if (d.type != CardType::Location) continue;
    if (base && !base->races.empty() && !d.playable_by(base->races.front())) continue;
    if (check_location_target(Action{Action::Kind::Play, id, region, 0})) continue;
    if (std::find_if(out.begin(), out.end(), [&](CardId o) { return def(o).id == d.id; }) == out.end()) {
      out.push_back(id);
    }
  }
  return out;
}

void EveMatch::run_region_may(const std::string& handler, const PileItem& item, Events&) {
  const SeatState& s = state_.seats[item.controller];
  const Region* r = state_.region(item.region);
  if (!r || r->controller != item.controller) return;  // "your": the region's controller
  ResolutionChoice c{ResolutionChoice::Kind::May, item.controller, 1, -1, item.region};
  if (handler == "sanshas_nation") {
    if (s.wallet < 1 || s.scrapheap.empty()) return;
  } else {
    c.kind = ResolutionChoice::Kind::Search;
  }
  state_.choice = c;
  state_.pending = Pending::Choice;
  state_.prompt_seat = item.controller;
}

std::optional<rules::Prompt> EveMatch::region_choice_prompt() const {
  const auto& c = state_.choice;
  if (c.source >= 0) return std::nullopt;
  const CardDef& d = *db_.find(state_.region(c.region)->card);
  if (c.kind == ResolutionChoice::Kind::May) {
    return rules::Prompt{"may", d.name + ": " + d.text + " Do you?", 1, 1,
                         {{"yes", "Pay 1 credit", std::nullopt}, {"no", "No", std::nullopt}}};
  }
  rules::Prompt p{"choose_search", d.name + ": search your market for a location to put into play here", 1, 1,
                  {{"decline", "Do not search", std::nullopt}}};
  for (CardId id : searchable_locations(c.seat, c.region)) {
    p.options.push_back({"location:" + def(id).id, def(id).name, std::nullopt});
  }
  return p;
}

void EveMatch::apply_region_choice(const rules::Answer& answer, Events& ev) {
  const ResolutionChoice c = take_choice();
  const std::string id = answer.choices.front().option_id;
  SeatState& s = state_.seats[c.seat];
  if (c.kind == ResolutionChoice::Kind::May && id == "yes") {
    s.wallet -= 1;
    const auto i = static_cast<std::size_t>(rng_.below(s.scrapheap.size()));
    const CardId card = s.scrapheap[i];
    s.scrapheap.erase(s.scrapheap.begin() + static_cast<std::ptrdiff_t>(i));
    s.hand.push_back(card);
    emit(ev, "returned_to_hand", seat_name(c.seat) + " returns " + card_ref(card) + " " + card_name(card) +
                                     " at random from the scrapheap to the hand");
  } else if (c.kind == ResolutionChoice::Kind::Search && id != "decline") {
    const std::string card_id = id.substr(9);  // "location:<card id>"
    const auto it = std::find_if(s.market.begin(), s.market.end(), [&](CardId m) { return def(m).id == card_id; });
    const CardId card = *it;
    s.market.erase(it);
    state_.region(c.region)->locations.push_back(card);
    rng_.shuffle(s.market);
    emit(ev, "location_put_into_play", card_name(card) + " (" + card_ref(card) + ") is put into " + c.region +
                                           "; the market is shuffled");
    queue_enters_play(card);
  }
  if (!state_.result) resolve_pile(ev);
}

}  // namespace concord::eve
