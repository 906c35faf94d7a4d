// EveMatch: card texts whose effect asks a choice while they resolve.
//  - Angel Impaler (Errata): "When Angel Impaler is destroyed, you may pay 3
//    credits to return it from the scrapheap to your hand." A pending ability
//    of its owner; the `may` prompt is asked when it resolves, if he can pay
//    and the card is still on his scrapheap.
//  - Field Supply Router (Errata): "At the start of each opponent's turn you
//    may choose a remote region. If you do so, friendly ships in that region
//    get [+1 attack] and [+1 shield] until end of turn." (`choose_region`:
//    a remote region in play, or `decline`.) Generic for every ADD_EFFECT
//    with a pending TARGET_REMOTE_REGION: `decline` is offered only when the
//    effect is `optional` ("you may"); without it the controller must choose
//    one. With no remote region in play there is nothing to choose: no
//    prompt, no effect.
//  - By the Emperor's Decree (Errata): "Reveal cards one by one from the top of
//    your market until you reveal a Location card. Put that location into play,
//    and then shuffle the revealed cards into your market. If there are rules
//    restrictions about where the location may be placed, observe them. If as
//    a result the location has no legal targets, put it on the scrapheap."
//    (`choose_region`: a region the location could be played into; it is put
//    into play, not played: "when you play a location" abilities do not trigger.)
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr const char* kDecline = "decline";

}  // namespace

// "When <this ship> is destroyed": a pending ability of its owner.
void EveMatch::queue_when_destroyed(CardId ship) {
  const auto& effects = def(ship).effects;
  for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
    if (effects[i].trigger != Trigger::WhenDestroyed) continue;
    state_.waiting.push_back(PileItem{PileItem::Kind::Ability, state_.cards[ship].owner, ship, "", -1, i});
  }
}

// "At the start of each opponent's turn": the other living seats' cards
// (alliances: the seats of the other alliance; allies are no opponents).
void EveMatch::queue_start_of_opponent_turn(SeatIndex active) {
  for (SeatIndex s = 0; s < seat_count(); ++s) {
    if (state_.allied(s, active) || state_.seats[s].out) continue;
    for (CardId id : controlled_in_play(s)) {
      const auto& effects = def(id).effects;
      for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
        if (effects[i].trigger != Trigger::StartOfOpponentTurn) continue;
        state_.waiting.push_back(PileItem{PileItem::Kind::Ability, s, id, "", -1, i});
      }
    }
  }
}

// The resolution of these abilities; false: not one of them.
bool EveMatch::resolve_choice_ability(const PileItem& item, const EffectDef& e, Events& ev) {
  if (e.kind == EffectKind::MayPayReturnSelfToHand) {
    const SeatState& s = state_.seats[item.controller];
    if (!contains(s.scrapheap, item.card) || s.wallet < e.amount) {
      emit(ev, "no_effect", card_name(item.card) + " cannot return to the hand");
      return true;
    }
    state_.choice = ResolutionChoice{ResolutionChoice::Kind::May, item.controller, 1, item.card};
    state_.pending = Pending::Choice;
    state_.prompt_seat = item.controller;
    return true;
  }
  if (e.kind == EffectKind::PutCardUnderShip) {
    if (under_options(item.card).empty()) return true;
    state_.choice = ResolutionChoice{ResolutionChoice::Kind::Under, item.controller, 1, item.card};
    state_.pending = Pending::Choice;
    state_.prompt_seat = item.controller;
    return true;
  }
  if (e.kind == EffectKind::AddEffect && e.target == TargetKind::RemoteRegion) {  // Field Supply Router
    const bool any = std::any_of(state_.regions.begin(), state_.regions.end(), [](const Region& r) { return !r.home; });
    if (!any) {
      emit(ev, "no_effect", card_name(item.card) + ": no remote region in play");
      return true;
    }
    state_.choice = ResolutionChoice{ResolutionChoice::Kind::Region, item.controller, 1, item.card};
    state_.pending = Pending::Choice;
    state_.prompt_seat = item.controller;
    return true;
  }
  return false;
}

// Angel Impaler's "may" answered yes: pay, then back to the hand.
void EveMatch::pay_return_to_hand(CardId card, SeatIndex seat, Events& ev) {
  for (const auto& e : def(card).effects) {
    if (e.kind != EffectKind::MayPayReturnSelfToHand) continue;
    SeatState& s = state_.seats[seat];
    if (!contains(s.scrapheap, card) || s.wallet < e.amount) return;
    s.wallet -= e.amount;
    remove_from(s.scrapheap, card);
    s.hand.push_back(card);
    emit(ev, "returned_to_hand", seat_name(seat) + " pays " + std::to_string(e.amount) + ": " + card_name(card) +
                                     " returns from the scrapheap to the hand");
  }
}

bool EveMatch::may_pays(CardId source) const {
  if (source < 0) return false;
  const auto& effects = def(source).effects;
  return std::any_of(effects.begin(), effects.end(),
                     [](const EffectDef& e) { return e.kind == EffectKind::MayPayReturnSelfToHand; });
}

// By the Emperor's Decree: the first location from the top of the market.
void EveMatch::reveal_location(const PileItem& item, Events& ev) {
  SeatState& s = state_.seats[item.controller];
  auto it = std::find_if(s.market.begin(), s.market.end(), [&](CardId id) { return def(id).type == CardType::Location; });
  std::string shown;
  for (auto r = s.market.begin(); r != s.market.end(); ++r) {
    shown += (shown.empty() ? "" : ", ") + card_name(*r);
    if (r == it) break;
  }
  emit(ev, "revealed", seat_name(item.controller) + " reveals " + (shown.empty() ? "nothing" : shown));
  if (it == s.market.end()) {
    rng_.shuffle(s.market);
    return;
  }
  const CardId loc = *it;
  if (decree_regions(loc).empty()) {  // "no legal targets, put it on the scrapheap"
    s.market.erase(it);
    s.scrapheap.push_back(loc);
    rng_.shuffle(s.market);
    emit(ev, "scrapped", card_name(loc) + " has no legal region and goes to the scrapheap");
    return;
  }
  state_.choice = ResolutionChoice{ResolutionChoice::Kind::Region, item.controller, 1, loc};
  state_.pending = Pending::Choice;
  state_.prompt_seat = item.controller;
}

std::vector<std::string> EveMatch::decree_regions(CardId location) const {
  std::vector<std::string> out;
  for (const auto& r : state_.regions) {
    if (state_.home_lost(r)) continue;
    if (!check_location_target(Action{Action::Kind::Play, location, r.key, 0})) out.push_back(r.key);
  }
  return out;
}

// The card's ADD_EFFECT with a pending remote region (Field Supply Router).
const EffectDef& EveMatch::region_effect(CardId source) const {
  static const EffectDef none{};
  const auto& effects = def(source).effects;
  auto it = std::find_if(effects.begin(), effects.end(), [](const EffectDef& e) {
    return e.kind == EffectKind::AddEffect && e.target == TargetKind::RemoteRegion;
  });
  return it == effects.end() ? none : *it;
}

rules::Prompt EveMatch::region_prompt() const {
  const auto& c = state_.choice;
  const bool decree = def(c.source).type == CardType::Location;
  rules::Prompt p{"choose_region",
                  decree ? "By the Emperor's Decree: choose the region to put " + card_name(c.source) + " into"
                         : card_name(c.source) + ": " + def(c.source).text,
                  1, 1, {}};
  if (decree) {
    for (const auto& key : decree_regions(c.source)) p.options.push_back({key, key, std::nullopt});
    if (p.options.empty()) p.options.push_back({kDecline, "No legal region: to the scrapheap", std::nullopt});
    return p;
  }
  if (region_effect(c.source).optional) p.options.push_back({kDecline, "Choose no region", std::nullopt});
  for (const auto& r : state_.regions) {
    if (!r.home) p.options.push_back({r.key, db_.find(r.card)->name, std::nullopt});
  }
  return p;
}

void EveMatch::apply_region(const rules::Answer& answer, Events& ev) {
  const ResolutionChoice c = take_choice();
  const std::string& key = answer.choices.front().option_id;
  if (def(c.source).type == CardType::Location && key == kDecline) {
    SeatState& s = state_.seats[c.seat];
    remove_from(s.market, c.source);
    s.scrapheap.push_back(c.source);
    rng_.shuffle(s.market);
  } else if (def(c.source).type == CardType::Location) {
    SeatState& s = state_.seats[c.seat];
    remove_from(s.market, c.source);
    state_.region(key)->locations.push_back(c.source);
    rng_.shuffle(s.market);
    emit(ev, "location_put_into_play", card_name(c.source) + " (" + card_ref(c.source) + ") is put into " + key +
                                           "; the market is shuffled");
    queue_enters_play(c.source);
  } else if (key != kDecline) {
    emit(ev, "region_chosen", card_name(c.source) + ": " + key + " is chosen");
    add_effects(c.source, c.seat, region_effect(c.source), -1, key, ev);
  } else {
    emit(ev, "declined", seat_name(c.seat) + " chooses no region (" + card_name(c.source) + ")");
  }
  resolve_pile(ev);
}

}  // namespace concord::eve
