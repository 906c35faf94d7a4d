// EveMatch: "Player Priority" and "The Pile".
//  - The active player has priority first in each phase and step.
//  - Taking an action puts it on the pile; the actor keeps priority and may
//    add more (News, abilities) before passing ("This player may add any
//    number of News cards or activated abilities to the pile, and only then
//    pass priority to the next player").
//  - "Priority is passed clockwise until each of the players has passed in
//    succession. Then the pile begins to resolve from the top down." The
//    whole pile resolves ("You may not add new effects to the pile when it is
//    already resolving"); then the active player receives priority again.
//  - All passing on an empty pile ends the step.
//  - Alliances (L200): "Priority within an alliance goes from left to right;
//    each member may play as much as he wishes before passing priority.
//    Priority is passed when all players no longer want to play anything":
//    priority goes to the next member to the right, after the rightmost to the
//    next alliance (GameState::next_priority); the round ends when every
//    player passed in succession, as always.
#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

rules::Prompt EveMatch::priority_prompt(SeatIndex seat) const {
  rules::Prompt p{"priority",
                  "You have priority (" + to_string(state_.phase) + "/" + to_string(state_.step) +
                      (state_.pile.empty() ? ", pile empty" : ", pile not empty") +
                      "): pass, or act.",
                  1, 1, {}};
  p.options.push_back({"pass", state_.pile.empty() ? "Pass" : "Pass (resolve the pile if all pass)",
                       std::nullopt});
  for (auto& o : legal_actions(seat)) p.options.push_back(std::move(o));
  return p;
}

rules::Outcome EveMatch::submit_priority(SeatIndex seat, const rules::Answer& answer) {
  const rules::Prompt p = priority_prompt(seat);
  if (auto shape = rules::check_answer_shape(p, answer)) {
    // Explain a refused action with the rule it breaks (CANNOT_AFFORD, ...).
    if (answer.choices.size() == 1) {
      const auto& c = answer.choices.front();
      if (auto a = Action::parse(c.option_id, c.value)) {
        if (auto why = check(seat, *a)) return {false, {}, std::move(why)};
      }
    }
    return {false, {}, std::move(shape)};
  }
  const auto& c = answer.choices.front();
  const Action a = *Action::parse(c.option_id, c.value);
  Events ev;
  if (a.kind == Action::Kind::Pass) {
    pass(seat, ev);
  } else {
    take(seat, a, ev);
  }
  return rules::Outcome::accept(std::move(ev));
}

void EveMatch::pass(SeatIndex seat, Events& ev) {
  ++state_.passes;
  if (state_.passes < state_.living_seats()) {
    state_.prompt_seat = state_.next_priority(seat);  // alliances: L200, left to right, then the next alliance
    return;
  }
  if (state_.pile.empty()) {
    if (state_.turn_ends) end_turn_now(ev);
    else end_step(ev);
    return;
  }
  resolve_pile(ev);
}

// Also continues a resolution that waited for a choice.
// A choice answered first finishes its item: destruction is checked then (not
// while the choice is open, so its candidates stay valid).
void EveMatch::resolve_pile(Events& ev) {
  state_.resolving = true;
  if (!state_.result) check_destroyed(ev);
  while (!state_.pile.empty() && !state_.result) {
    if (ask_effect_redirect(ev)) return;  // Guardian, before an effect's damage resolves
    const PileItem item = state_.pile.back();
    state_.pile.pop_back();
    resolve(item, ev);
    if (state_.pending == Pending::Choice) return;
    if (!state_.result) check_destroyed(ev);
  }
  state_.resolving = false;
  if (state_.result) return;
  if (state_.turn_ends) {
    end_turn_now(ev);  // the active seat left mid-pile
    return;
  }
  form_new_pile(ev);
}

void EveMatch::resolve(const PileItem& item, Events& ev) {
  SeatState& s = state_.seats[item.controller];
  if (item.kind == PileItem::Kind::Region) {
    // "A remote region enters play uncontrolled."
    state_.regions.push_back(Region{item.region, item.region, false, item.controller,
                                    std::nullopt, {}, {}});
    emit(ev, "region_entered", db_.find(item.region)->name + " enters play uncontrolled");
    return;
  }
  if (item.kind == PileItem::Kind::Jump) {
    resolve_jump(item, ev);
    return;
  }
  if (item.kind == PileItem::Kind::Ability) {
    resolve_ability(item, ev);
    return;
  }
  if (item.kind == PileItem::Kind::Keyword) {
    resolve_keyword(item, ev);
    return;
  }
  if (item.kind == PileItem::Kind::Damage) {
    resolve_damage(item, ev);
    return;
  }
  if (item.kind == PileItem::Kind::Upgrade) {
    s.upgraded = true;
    emit(ev, "base_upgraded", seat_name(item.controller) + " upgrades the base to " +
                                  db_.find(s.base)->upgrade.name);
    queue_base_upgraded(item.controller);
    return;
  }
  resolve_card(item, ev);
}

// A played card resolves: its effects happen, then it enters play (or, for
// News without duration, goes to the scrapheap).
void EveMatch::resolve_card(const PileItem& item, Events& ev) {
  apply_effects(item, ev);
  const CardDef& d = def(item.card);
  CardInstance& c = state_.cards[item.card];
  SeatState& owner = state_.seats[c.owner];
  switch (d.type) {
    case CardType::Ship:
      c.build = d.build;  // "A ship without build tabs enters play ... completely built."
      owner.docks.push_back(item.card);
      break;
    case CardType::Character: owner.docks.push_back(item.card); break;
    case CardType::Structure: owner.structures.push_back(item.card); break;
    case CardType::Location: state_.region(item.region)->locations.push_back(item.card); break;
    case CardType::News:
      if (d.stays_in_play()) {
        c.duration = d.duration;
        owner.news.push_back(item.card);
      } else {
        reset_counters(c);
        owner.scrapheap.push_back(item.card);
        forget_effects(item.card);  // "while <this News> remains in play": it never does
      }
      break;
    default:
      reset_counters(c);
      owner.scrapheap.push_back(item.card);
      break;
  }
  emit(ev, "resolved", card_name(item.card) + " resolves from the pile");
  if (d.type != CardType::News && !ask_copy(item.card)) queue_enters_play(item.card);
}

}  // namespace concord::eve
