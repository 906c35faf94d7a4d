// EveMatch: pending abilities ("when"/"at") and choices made while the pile
// resolves.
//  - "If an event causes a pending ability to enter play when the pile is
//    already resolving ..., the pile continues to resolve from the top down,
//    and that pending ability forms a new pile."
//  - "If a pile is resolving and pending abilities trigger, they wait until
//    that pile has fully resolved and then form their own pile. The active
//    player decides in which order all the pending abilities go onto the pile
//    ... Then he receives priority" (Errata, pile synchronization).
//  - FAQ (Scordite): a card destroyed on the pile "never entered play, and its
//    pending ability did not trigger".
// Triggers: enters play (Omber, Scordite, Cathedral), start of turn (cards and remote
// regions), "when you play a location into this region" (match_choices.cpp).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

std::string ability_id(const PileItem& p) {
  std::string out = "ability:";
  out += p.card >= 0 ? card_ref(p.card) : p.region;  // a remote region's ability
  out += ':';
  out += p.kind == PileItem::Kind::Keyword ? to_string(p.keyword) : std::to_string(p.effect);
  return out;
}

}  // namespace

SeatIndex EveMatch::ability_controller(CardId id) const {
  if (def(id).type == CardType::Location) {
    for (const auto& r : state_.regions) {
      if (!contains(r.locations, id)) continue;
      const SeatIndex c = state_.location_controller(r, id);
      if (c >= 0) return c;
    }
  }
  return state_.cards[id].owner;
}

// A pending ability entering play with a card is controlled by whoever controls
// the card ("'you' ... always refer to the player who controls those cards"):
// Scordite played into an opponent's region makes that opponent sacrifice.
// Chosen (README): in an uncontrolled region nobody else can control the
// location, so its owner controls its abilities.
void EveMatch::queue_enters_play(CardId id) {
  const SeatIndex controller = ability_controller(id);
  const auto& effects = def(id).effects;
  for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
    if (effects[i].trigger != Trigger::EntersPlay || effects[i].kind == EffectKind::CopyLocation) continue;
    state_.waiting.push_back(PileItem{PileItem::Kind::Ability, controller, id, "", -1, i});
  }
}

void EveMatch::queue_base_upgraded(SeatIndex seat) {
  for (CardId id : controlled_in_play(seat)) {
    const auto& effects = def(id).effects;
    for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
      if (effects[i].trigger == Trigger::BaseUpgraded) {
        state_.waiting.push_back(PileItem{PileItem::Kind::Ability, seat, id, "", -1, i});
      }
    }
  }
}

// "All 'At the start of your turn' effects go onto the pile simultaneously"
// (FAQ: Dam Torsad and Archaeological Site).
// Alliances: the turn is every member's ("Each alliance has one turn"): the
// start-of-turn abilities of all of them, members left to right.
void EveMatch::queue_start_of_turn(SeatIndex seat) {
  queue_start_of_opponent_turn(seat);
  for (SeatIndex m : active_members()) {
    for (CardId id : controlled_in_play(m)) {
      const auto& effects = def(id).effects;
      for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
        if (effects[i].trigger != Trigger::StartOfTurn) continue;
        state_.waiting.push_back(PileItem{PileItem::Kind::Ability, m, id, "", -1, i});
      }
    }
    // Remote regions the seat controls ("'You' ... refer to the player who controls those cards").
    for (const auto& r : state_.regions) {
      if (r.home || r.controller != m) continue;
      const auto& effects = db_.find(r.card)->effects;
      for (int i = 0; i < static_cast<int>(effects.size()); ++i) {
        if (effects[i].trigger == Trigger::StartOfTurn) {
          state_.waiting.push_back(PileItem{PileItem::Kind::Ability, m, -1, r.key, -1, i});
        }
      }
    }
  }
}

// Cards in play the seat controls: its docks, structures and News, its ships,
// and the locations in the regions it controls ("whoever controls a region
// controls the locations placed in it").
std::vector<CardId> EveMatch::controlled_in_play(SeatIndex seat) const {
  const SeatState& s = state_.seats[seat];
  std::vector<CardId> out = s.docks;
  out.insert(out.end(), s.structures.begin(), s.structures.end());
  out.insert(out.end(), s.news.begin(), s.news.end());
  out.insert(out.end(), s.pilots.begin(), s.pilots.end());  // characters piloting (Blood Rogue)
  for (const auto& r : state_.regions) {
    for (CardId id : r.locations) {
      if (state_.location_controller(r, id) == seat) out.push_back(id);
    }
    for (CardId id : r.ships) {
      if (state_.cards[id].owner == seat) out.push_back(id);
    }
  }
  return out;
}

void EveMatch::form_new_pile(Events& ev) {
  if (ask_clone(ev)) return;
  if (ask_pending_targets(ev)) return;
  if (state_.waiting.size() > 1) {
    state_.pending = Pending::OrderTriggers;
    state_.prompt_seat = state_.active;
    return;
  }
  if (!state_.waiting.empty()) {
    state_.pile.push_back(state_.waiting.front());
    state_.waiting.clear();
    emit(ev, "ability_triggered", ability_def(state_.pile.back().card, state_.pile.back().region).name + "'s ability goes on the pile");
  }
  state_.pending = Pending::Priority;
  state_.prompt_seat = state_.active;
  state_.passes = 0;
}

rules::Prompt EveMatch::order_triggers_prompt() const {
  rules::Prompt p{"order_triggers",
                  "Pending abilities triggered together: choose the next one to put on the pile "
                  "(the last one put on resolves first).",
                  1, 1, {}};
  for (const auto& w : state_.waiting) {
    const std::string id = ability_id(w);
    const bool seen = std::any_of(p.options.begin(), p.options.end(),
                                  [&](const rules::PromptOption& o) { return o.id == id; });
    const CardDef& src = ability_def(w.card, w.region);
    const std::string what = w.kind == PileItem::Kind::Keyword ? to_string(w.keyword) : src.text;
    if (!seen) p.options.push_back({id, src.name + ": " + what, std::nullopt});
  }
  return p;
}

void EveMatch::apply_order_triggers(const rules::Answer& answer, Events& ev) {
  const std::string& id = answer.choices.front().option_id;
  auto it = std::find_if(state_.waiting.begin(), state_.waiting.end(),
                         [&](const PileItem& w) { return ability_id(w) == id; });
  state_.pile.push_back(*it);
  state_.waiting.erase(it);
  emit(ev, "ability_triggered", ability_def(state_.pile.back().card, state_.pile.back().region).name + "'s ability goes on the pile");
  form_new_pile(ev);
}

void EveMatch::resolve_ability(const PileItem& item, Events& ev) {
  const EffectDef& e = ability_def(item.card, item.region).effects[item.effect];
  emit(ev, "ability_resolved", ability_def(item.card, item.region).name + "'s ability resolves");
  if (e.trigger == Trigger::Activated) {
    resolve_activated(item, e, ev);
    return;
  }
  const SeatIndex owner = item.card >= 0 ? state_.cards[item.card].owner : item.controller;
  if (e.pending_targets()) {
    resolve_targeted_ability(item, e, ev);
    return;
  }
  if (resolve_choice_ability(item, e, ev)) return;
  switch (e.kind) {
    case EffectKind::DrawCards:
      for (int i = 0; i < e.amount && !state_.result; ++i) draw(item.controller, ev);
      break;
    case EffectKind::DiscardCards: {  // "its owner discards a card"
      const int n = std::min<int>(e.amount, static_cast<int>(state_.seats[owner].hand.size()));
      if (n > 0) open_choice(ResolutionChoice::Kind::Discard, owner, n, item.card);
      break;
    }
    case EffectKind::SacrificeLocation:
      open_choice(ResolutionChoice::Kind::SacrificeLocation, item.controller, 1, item.card);
      break;
    case EffectKind::Handler: run_handler(e.handler, item, ev); break;
    case EffectKind::WinIfInPlay: {  // an alternative victory condition
      const auto mine = controlled_in_play(item.controller);
      if (std::find(mine.begin(), mine.end(), item.card) == mine.end()) break;
      // Alliances: the alliance wins (chosen, README "Alliances").
      state_.result = rules::MatchResult{winners_with(item.controller), false, "alternative_victory"};
      state_.pending = Pending::None;
      state_.prompt_seat = -1;
      emit(ev, "match_ended", side_name(item.controller) + " wins (" + card_name(item.card) + ")");
      break;
    }
    default: break;
  }
}

ResolutionChoice EveMatch::take_choice() {
  ResolutionChoice c = state_.choice;
  state_.choice = ResolutionChoice{};
  state_.pending = Pending::None;
  return c;
}

// Opens the choice if there is anything to choose (else nothing happens).
void EveMatch::open_choice(ResolutionChoice::Kind kind, SeatIndex seat, int count, CardId source) {
  state_.choice = ResolutionChoice{kind, seat, count, source};
  if (choice_candidates().empty()) {
    state_.choice = ResolutionChoice{};
    return;
  }
  state_.pending = Pending::Choice;
  state_.prompt_seat = seat;
}

std::vector<CardId> EveMatch::choice_candidates() const {
  const auto& c = state_.choice;
  if (c.kind == ResolutionChoice::Kind::Discard || c.kind == ResolutionChoice::Kind::PutBack) {
    return state_.seats[c.seat].hand;
  }
  if (c.kind == ResolutionChoice::Kind::DestroyShip) return remote_ships();
  std::vector<CardId> out;
  if (c.kind == ResolutionChoice::Kind::MineLocation) {
    // "each location can be worked by only one ship at a time" (FAQ).
    const Region* r = ship_region(c.source);
    if (!r) return out;
    for (CardId id : r->locations) {
      if (def(id).mineral_volume > 0 && !contains(state_.mined, id)) out.push_back(id);
    }
    return out;
  }
  if (c.kind != ResolutionChoice::Kind::SacrificeLocation) return out;
  // "You may sacrifice only a card that is in play under your control".
  for (const auto& r : state_.regions) {
    for (CardId id : r.locations) {
      if (state_.location_controller(r, id) != c.seat) continue;
      if (!location_locked(id)) out.push_back(id);  // Ginnungagap: prohibit beats allow
    }
  }
  return out;
}

rules::Prompt EveMatch::choice_prompt() const {
  const auto& c = state_.choice;
  const bool discard = c.kind == ResolutionChoice::Kind::Discard;
  if (auto special = region_choice_prompt()) return *special;
  if (auto special = special_choice_prompt()) return *special;
  if (c.kind == ResolutionChoice::Kind::GiveOrder) return give_order_prompt();
  if (c.kind == ResolutionChoice::Kind::Region) return region_prompt();
  if (c.kind == ResolutionChoice::Kind::Copy) return copy_prompt();
  if (c.kind == ResolutionChoice::Kind::Under) return under_prompt();
  if (c.kind == ResolutionChoice::Kind::MineLocation) {
    rules::Prompt p{"choose_mine", card_name(c.source) + " (" + card_ref(c.source) +
                                       "): Mine Minerals - choose the location to mine",
                    1, 1, {}};
    for (CardId id : choice_candidates()) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
    return p;
  }
  rules::Prompt p{discard ? "choose_discard" : "choose_sacrifice",
                  card_name(c.source) + ": " +
                      (discard ? "discard " + std::to_string(c.count) + " card(s)"
                               : std::string("sacrifice a location you control")),
                  static_cast<unsigned>(c.count), static_cast<unsigned>(c.count), {}};
  for (CardId id : choice_candidates()) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_choice(const rules::Answer& answer, Events& ev) {
  const ResolutionChoice c = state_.choice;
  if (c.kind == ResolutionChoice::Kind::PutBack) {
    apply_put_back(answer, ev);
    return;
  }
  if (c.source < 0) {
    apply_region_choice(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::GiveOrder) {
    apply_give_order(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::Region) {
    apply_region(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::Copy) {
    apply_copy(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::Under) {
    apply_under(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::May || c.kind == ResolutionChoice::Kind::DestroyShip) {
    apply_special_choice(answer, ev);
    return;
  }
  if (c.kind == ResolutionChoice::Kind::MineLocation) {
    // "multiply the location's mineral volume by the strength of the ship's Mine Minerals order"
    const CardId loc = *parse_card_ref(answer.choices.front().option_id);
    const int credits = def(loc).mineral_volume * order_strength(c.source, OrderKind::MineMinerals);
    state_.mined.push_back(loc);
    state_.seats[c.seat].wallet += credits;
    emit(ev, "mined", card_name(c.source) + " mines " + card_name(loc) + ": " + std::to_string(credits) +
                          " credit(s)");
    take_choice();
    resolve_pile(ev);
    return;
  }
  for (const auto& choice : answer.choices) {
    const CardId id = *parse_card_ref(choice.option_id);
    if (c.kind == ResolutionChoice::Kind::Discard) {
      remove_from(state_.seats[c.seat].hand, id);
      emit(ev, "discarded", seat_name(c.seat) + " discards " + card_name(id));
    } else {
      take_out(id);
      emit(ev, "sacrificed", seat_name(c.seat) + " sacrifices " + card_name(id));
    }
    state_.seats[state_.cards[id].owner].scrapheap.push_back(id);
  }
  take_choice();
  resolve_pile(ev);  // the rest of the pile resolves
}

// Named handlers for what the vocabulary cannot express yet.
// Cathedral (FAQ): "The structure Cathedral is destroyed as soon as it enters
// play, and you draw a card" when the base is already upgraded.
void EveMatch::run_handler(const std::string& handler, const PileItem& item, Events& ev) {
  if (handler == "sanshas_nation" || handler == "dam_torsad") {
    run_region_may(handler, item, ev);
    return;
  }
  if (handler == "beggars_emporium") {
    run_may(item, ev);
    return;
  }
  if (handler == "cult_of_tetrimon") {
    open_choice(ResolutionChoice::Kind::DestroyShip, item.controller, 1, item.card);
    return;
  }
  if (handler == "sanshas_scout_outpost") {  // "return Sansha's Scout Outpost to its owner's hand"
    if (!in_play_or_on_pile(item.card) || location_locked(item.card)) return;
    take_out(item.card);
    state_.seats[state_.cards[item.card].owner].hand.push_back(item.card);
    emit(ev, "returned_to_hand", card_name(item.card) + " (" + card_ref(item.card) + ") returns to its owner's hand");
    return;
  }
  if (handler != "cathedral") return;
  const SeatIndex owner = state_.cards[item.card].owner;
  if (!state_.seats[owner].upgraded || !contains(state_.seats[owner].structures, item.card)) return;
  take_out(item.card);
  state_.seats[owner].scrapheap.push_back(item.card);
  emit(ev, "destroyed", card_name(item.card) + " is destroyed");
  draw(owner, ev);
}

}  // namespace concord::eve
