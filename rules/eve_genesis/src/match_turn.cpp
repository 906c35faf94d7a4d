// EveMatch: the turn sequence step machine ("Gameplay"): Setup phase
// (duration, build, income steps), Draw phase, Management phase, Combat
// phases (match_combat.cpp; only after attacks), End of Turn phase (withdraw
// from enemy regions, discard to seven).
#include <algorithm>

#include "concord/eve/eve_match.hpp"
#include "zones.hpp"

namespace concord::eve {

namespace {

constexpr std::size_t kMaxHand = 7;

std::size_t index_of(Phase phase, Step step) {
  const auto& seq = turn_sequence();
  for (std::size_t i = 0; i < seq.size(); ++i) {
    if (seq[i].phase == phase && seq[i].step == step) return i;
  }
  return 0;
}

}  // namespace

void EveMatch::begin_turn(SeatIndex seat, Events& ev) {
  state_.active = seat;
  state_.region_played = false;
  state_.combat = CombatState{};
  state_.mined.clear();
  std::erase_if(state_.effects, [](const LingeringEffect& e) {  // "until end of turn" (and shorter)
    return e.until != Duration::WhileSourceInPlay;
  });
  recharge_shields();  // the previous turn ended (also when its player left mid-phase)
  for (auto& s : state_.seats) s.limited_played = false;
  emit(ev, "turn_started", "turn " + std::to_string(state_.turn) + ": " + side_name(seat));
  queue_start_of_turn(seat);
  enter(turn_sequence().front(), ev);
}

void EveMatch::enter(const Window& w, Events& ev) {
  // "for the rest of that Management phase": a new phase (or a new Combat phase) begins.
  if (w.phase != state_.phase || w.step == Step::StartOfCombat) expire_effects(Duration::EndOfPhase);
  if (w.step == Step::StartOfCombat || w.phase != Phase::Combat) expire_effects(Duration::EndOfCombatPhase);
  state_.phase = w.phase;
  state_.step = w.step;
  state_.passes = 0;
  emit(ev, "step", to_string(w.phase) + "/" + to_string(w.step));
  if (w.phase == Phase::Combat) {
    enter_combat_step(ev);
    return;
  }
  if (w.step == Step::Duration) run_duration_step(ev);
  if (w.step == Step::Build) run_build_step(ev);
  if (state_.result) return;
  if (w.step == Step::Income) {
    state_.pending = Pending::IncomeChoice;
    state_.prompt_seat = state_.lead(state_.active);  // alliances: each member in turn, from the leftmost
    return;
  }
  if (w.step == Step::Draw) {
    const int turn = state_.turn;
    run_draw_phase(ev);
    if (!state_.result && state_.turn == turn && state_.pending != Pending::Choice) end_step(ev);
    return;
  }
  if (!state_.waiting.empty()) {
    form_new_pile(ev);  // start-of-turn abilities go on the pile first
    return;
  }
  state_.pending = Pending::Priority;
  state_.prompt_seat = state_.active;  // "The active player has priority"
}

// Called when every player passed in succession on an empty pile.
void EveMatch::end_step(Events& ev) {
  if (state_.phase == Phase::Combat) {
    end_combat_step(ev);
    return;
  }
  if (state_.step == Step::End) {
    if (end_of_turn_withdrawal(ev)) return;
    discard_or_next_turn(state_.lead(state_.active), ev);
    return;
  }
  const auto& seq = turn_sequence();
  std::size_t next = index_of(state_.phase, state_.step) + 1;
  // "If during your Management phase you did not jump your ships into any enemy
  // regions, you made no attacks, and so the Combat phase does not occur."
  while (seq[next].phase == Phase::Combat) ++next;
  if (seq[next].phase != state_.phase) recharge_shields();
  // "If you attacked one or more regions by jumping your ships into them during
  // your Management phase, all attacks are resolved as a series of Combat phases".
  if (state_.phase == Phase::Management && !state_.combat.attacks.empty()) {
    start_combat(ev);
    return;
  }
  enter(seq[next], ev);
}

// End of Turn: the members of the active alliance from `from` on (left to
// right; free-for-all: the active player) discard down to seven, each in turn;
// then the next turn begins.
void EveMatch::discard_or_next_turn(SeatIndex from, Events& ev) {
  for (SeatIndex s = from; s >= 0; s = state_.next_member(s)) {
    if (!state_.seats[s].out && state_.seats[s].hand.size() > kMaxHand) {
      state_.pending = Pending::Discard;
      state_.prompt_seat = s;
      return;
    }
  }
  recharge_shields();
  ++state_.turn;
  begin_turn(state_.next_turn(state_.active), ev);
}

// The living members of the active alliance, left to right (free-for-all: the active player).
std::vector<SeatIndex> EveMatch::active_members() const {
  std::vector<SeatIndex> out;
  for (SeatIndex s : state_.members(state_.active)) {
    if (!state_.seats[s].out) out.push_back(s);
  }
  return out;
}

// FAQ: "Unless stated otherwise, shields recharge simultaneously at the end of
// each phase: Setup phase, Draw phase, Management phase, Combat phase and End
// of Turn phase." Damage is not carried over.
void EveMatch::recharge_shields() {
  for (auto& s : state_.seats) s.base_damage = 0;
  for (const auto& r : state_.regions) {
    for (CardId id : r.ships) state_.cards[id].damage = 0;
  }
  for (const auto& s : state_.seats) {
    for (CardId id : s.docks) state_.cards[id].damage = 0;
  }
}

// "Your News cards whose duration has not yet run out are rotated ... When the
// duration ends, the News is destroyed." Duration ∞ is not rotated.
// Alliances: every member's (L199 "all members of the alliance go through the
// phases and steps together").
void EveMatch::run_duration_step(Events& ev) {
  for (SeatIndex m : active_members()) {
    SeatState& s = state_.seats[m];
    for (CardId id : std::vector<CardId>(s.news)) {
      if (def(id).duration_infinite) continue;
      CardInstance& c = state_.cards[id];
      if (c.duration > 1) {
        --c.duration;
        continue;
      }
      remove_from(s.news, id);
      reset_counters(c);
      forget_effects(id);  // "while <this News> remains in play"
      s.scrapheap.push_back(id);
      emit(ev, "news_expired", card_name(id) + " expires and goes to the scrapheap");
    }
  }
}

// "Your ships whose construction is not yet complete are rotated clockwise so
// that the next build tab is on top."
void EveMatch::run_build_step(Events& ev) {
  for (SeatIndex m : active_members()) {
    for (CardId id : state_.seats[m].docks) {
      CardInstance& c = state_.cards[id];
      if (c.build <= 0) continue;
      if (--c.build == 0) emit(ev, "ship_built", card_name(id) + " is built");
    }
  }
}

// "If two are playing, the player who goes first skips his Draw phase on his first turn."
// Alliances: every member draws (left to right), then the Trade abilities.
void EveMatch::run_draw_phase(Events& ev) {
  const bool skip = state_.turn == 1 && state_.active == state_.first && seat_count() == 2;
  if (skip) {
    emit(ev, "draw_skipped", seat_name(state_.active) + " skips the first Draw phase");
    return;
  }
  if (!state_.variants.alliances) {
    if (!draw(state_.active, ev)) return;
    start_trades(state_.active, ev);
    return;
  }
  for (SeatIndex m : active_members()) {
    draw(m, ev);  // a member whose market is empty leaves the game; his allies go on
    if (state_.result) return;
  }
  start_trades(state_.lead(state_.active), ev);
}

rules::Prompt EveMatch::income_prompt() const {
  const std::string n = std::to_string(income(state_.prompt_seat));
  return rules::Prompt{"income",
                       "Income step: take your income, or sacrifice it to draw a card instead.",
                       1, 1,
                       {{"income", "Take " + n + " credit(s)", std::nullopt},
                        {"draw", "Sacrifice " + n + " credit(s) to draw a card", std::nullopt}}};
}

// FAQ: "You draw the card at the time when in the normal course of things you
// would have replenished your wallet with credits, at the start of the income step."
// Alliances: each member of the active alliance answers in turn, left to
// right; the Mine Minerals abilities of all of them then form one pile.
void EveMatch::apply_income(const rules::Answer& answer, Events& ev) {
  const SeatIndex a = state_.prompt_seat;
  if (answer.choices.front().option_id == "draw") {
    emit(ev, "income_skipped", seat_name(a) + " skips income to draw a card");
    if (!draw(a, ev)) return;  // eliminate() goes on with the next member, if any
  } else {
    const std::int64_t n = income(a);
    state_.seats[a].wallet += n;
    emit(ev, "income", seat_name(a) + " takes " + std::to_string(n) + " credit(s)");
    queue_mining(a);  // Mine Minerals: pending abilities at the start of the income step
  }
  income_answered(a, ev);
}

void EveMatch::income_answered(SeatIndex seat, Events& ev) {
  const SeatIndex next = state_.variants.alliances ? state_.next_member(seat) : -1;
  if (next >= 0) {
    state_.prompt_seat = next;
    return;
  }
  state_.passes = 0;
  form_new_pile(ev);
}

rules::Prompt EveMatch::discard_prompt(SeatIndex seat) const {
  const auto& hand = state_.seats[seat].hand;
  const auto excess = static_cast<unsigned>(hand.size() - kMaxHand);
  rules::Prompt p{"discard", "Discard down to seven cards: choose " + std::to_string(excess) +
                                 " card(s).", excess, excess, {}};
  for (CardId id : hand) p.options.push_back({card_ref(id), card_name(id), std::nullopt});
  return p;
}

void EveMatch::apply_discard(SeatIndex seat, const rules::Answer& answer, Events& ev) {
  SeatState& s = state_.seats[seat];
  for (const auto& c : answer.choices) {
    const CardId id = *parse_card_ref(c.option_id);
    remove_from(s.hand, id);
    s.scrapheap.push_back(id);
    emit(ev, "discarded", seat_name(seat) + " discards " + card_name(id));
  }
  const SeatIndex next = state_.variants.alliances ? state_.next_member(seat) : -1;
  discard_or_next_turn(next, ev);
}

// "If you must draw a card from the market and it has no cards left, you lose the game."
bool EveMatch::draw(SeatIndex seat, Events& ev) {
  SeatState& s = state_.seats[seat];
  if (s.market.empty()) {
    eliminate(seat, "market_empty", ev);
    return false;
  }
  const CardId id = s.market.front();
  s.market.erase(s.market.begin());
  s.hand.push_back(id);
  emit(ev, "card_drawn", seat_name(seat) + " draws " + card_ref(id) + " " + card_name(id),
       rules::Visibility::only({seat}));
  emit(ev, "card_drawn_hidden", seat_name(seat) + " draws a card",
       rules::Visibility::all_but({seat}));
  return true;
}

// The turn of a seat that left the game ends (after its last pile resolved).
void EveMatch::end_turn_now(Events& ev) {
  state_.turn_ends = false;
  ++state_.turn;
  begin_turn(state_.next_turn(state_.active), ev);
}

// Hunter and Prey: "you receive a reward when your prey is eliminated from the
// game". Destroying Prey: "the hunter takes the prey's base and attaches it to
// his own with an income bonus of +2. Then the hunter draws 2 cards."
// Chosen (README "Variants"): without Destroying Prey the reward is the two
// cards alone; a reward draws only what the market holds (it is no "must
// draw", so it never makes the hunter lose).
void EveMatch::reward_hunter(SeatIndex hunter, SeatIndex prey, Events& ev) {
  SeatState& h = state_.seats[hunter];
  if (state_.variants.destroying) {
    h.attached.push_back(state_.seats[prey].base);
    emit(ev, "prey_base_taken", seat_name(hunter) + " takes the base " + db_.find(state_.seats[prey].base)->name +
                                    " of " + seat_name(prey) + " (+2 income)");
  }
  emit(ev, "prey_reward", seat_name(hunter) + " is rewarded for the elimination of its prey " + seat_name(prey));
  for (int i = 0; i < 2 && !h.market.empty(); ++i) draw(hunter, ev);
}

void EveMatch::eliminate(SeatIndex seat, const std::string& reason, Events& ev) {
  // The hunter: the player to the right of the eliminated seat ("The player to
  // your right is your hunter"), found before the seat leaves the table.
  const SeatIndex hunter = state_.variants.hunter ? state_.previous_living(seat) : -1;
  state_.seats[seat].out = true;
  emit(ev, "seat_lost", seat_name(seat) + " loses (" + reason + ")");
  // The last player (alliances: the last alliance) still in the game wins.
  if (state_.living_sides() <= 1) {
    const SeatIndex winner = state_.next_living(seat);
    state_.result = rules::MatchResult{winners_with(winner), false, reason};
    state_.pending = Pending::None;
    state_.prompt_seat = -1;
    emit(ev, "match_ended", side_name(winner) + " wins (" + reason + ")");
    return;
  }
  // Alliances: a member of the alliance whose turn it is leaves, his allies
  // play the rest of the turn (chosen, README "Alliances"); the leftmost
  // member still in leads it.
  const bool team_goes_on = state_.variants.alliances && state_.phase != Phase::Mulligan &&
                            state_.allied(seat, state_.active);
  if (team_goes_on && state_.active == seat) state_.active = state_.lead(seat);
  // A damage item waiting for a `redirect` answer may leave with its controller.
  const bool redirect_item_left = state_.pending == Pending::Redirect && state_.resolving &&
                                  !state_.pile.empty() && state_.pile.back().controller == seat;
  // Its items leave the pile: cards to the scrapheap, regions back off-deck.
  for (const auto& item : state_.pile) {
    if (item.controller != seat) continue;
    if (item.kind == PileItem::Kind::Card) {
      reset_counters(state_.cards[item.card]);
      state_.seats[seat].scrapheap.push_back(item.card);
    }
    if (item.kind == PileItem::Kind::Region) state_.seats[seat].offdeck.push_back(item.region);
  }
  std::erase_if(state_.pile, [seat](const PileItem& p) { return p.controller == seat; });
  std::erase_if(state_.waiting, [seat](const PileItem& p) { return p.controller == seat; });
  std::erase_if(state_.combat.triggered, [seat](const PileItem& p) { return p.controller == seat; });
  remove_from_game(seat, ev);
  if (hunter >= 0 && hunter != seat) reward_hunter(hunter, seat, ev);
  // The active seat leaves while a pile resolves or waits: other seats' items
  // resolve in this turn, then the turn ends (not into the next turn).
  if (state_.active == seat &&
      (state_.resolving || (!state_.pile.empty() && state_.pending == Pending::Priority))) {
    state_.turn_ends = true;
  }
  // Alliances: a member leaves during his Trade put-back (Draw phase): the
  // next member's Trade abilities, or the Draw phase ends.
  if (team_goes_on && state_.pending == Pending::Choice && state_.choice.seat == seat &&
      state_.choice.kind == ResolutionChoice::Kind::PutBack) {
    state_.choice = ResolutionChoice{};
    state_.resolving = false;
    state_.pending = Pending::None;
    start_trades(state_.next_member(seat), ev);
    if (!state_.result && state_.pending != Pending::Choice) end_step(ev);
    return;
  }
  // A conceding seat's choice, or a choice left with nothing to choose (its cards
  // left with the seat, e.g. the mined region): resolution goes on.
  const auto k = state_.choice.kind;
  const bool listed = k != ResolutionChoice::Kind::May && k != ResolutionChoice::Kind::Search &&
                      k != ResolutionChoice::Kind::GiveOrder && k != ResolutionChoice::Kind::Region &&
                      k != ResolutionChoice::Kind::Copy && k != ResolutionChoice::Kind::Under;
  if (state_.pending == Pending::Choice &&
      (state_.choice.seat == seat || (listed && choice_candidates().empty()))) {
    state_.choice = ResolutionChoice{};
    state_.pending = Pending::None;
    resolve_pile(ev);
    if (state_.result) return;
  }
  if (redirect_after_elimination(seat, redirect_item_left, ev) && state_.result) return;
  // Abilities waiting for the active seat to order them may have left with
  // the seat: with fewer than two left there is nothing to order (the check
  // of every prompt in rules/core refuses an order_triggers prompt with no
  // options), so the pile forms as it would after the last ordering.
  if (state_.pending == Pending::OrderTriggers && state_.waiting.size() < 2 && state_.active != seat) {
    form_new_pile(ev);
  }
  if (state_.active == seat) {
    if (!state_.turn_ends) end_turn_now(ev);
    else if (!state_.resolving && state_.prompt_seat == seat) state_.prompt_seat = state_.next_priority(seat);
  } else if (state_.prompt_seat == seat) {
    // A combat decision of the eliminated seat: the combat goes on without it.
    if (state_.pending == Pending::AbilityTargets) next_trigger(ev);
    else if (state_.pending == Pending::AssignTarget) next_assignment(ev);
    else if (state_.pending == Pending::Withdraw) after_withdrawal_left(seat, ev);
    else if (state_.pending == Pending::Redirect) {
      const int n = seat_count();
      if (!ask_redirect((seat - state_.active + n) % n + 1, ev)) finish_redirect(ev);
    }
    else if (state_.pending == Pending::Clone) form_new_pile(ev);  // the next pilot's owner, or the pile
    else if (team_goes_on) member_left_prompt(seat, ev);
    else state_.prompt_seat = state_.next_priority(seat);
  }
}

// A member of the alliance whose turn it is left the game holding a prompt of
// the turn's own (alliances): the turn goes on with his allies.
void EveMatch::member_left_prompt(SeatIndex seat, Events& ev) {
  switch (state_.pending) {
    case Pending::IncomeChoice: income_answered(seat, ev); return;  // the next member, or the pile
    case Pending::Discard: discard_or_next_turn(state_.next_member(seat), ev); return;
    case Pending::ChooseAttack: next_attack(ev); return;  // his attacks may have left with him
    case Pending::OrderTriggers:
    case Pending::ContinueCombat: state_.prompt_seat = state_.active; return;
    default: state_.prompt_seat = state_.next_priority(seat); return;
  }
}

// The seat holding the `withdraw` prompt left the game: a forced withdrawal
// goes on with the next ship (its ships left with it), announcements with the
// next player to decide.
void EveMatch::after_withdrawal_left(SeatIndex seat, Events& ev) {
  auto& c = state_.combat;
  if (!c.must_withdraw) {
    open_withdrawal(next_decider(seat), ev);
    return;
  }
  if (!c.queue.empty()) {
    state_.prompt_seat = state_.cards[c.queue.front()].owner;
    return;
  }
  forced_withdrawals_chosen(ev);
}

// The winners when `seat` wins: alliances, every member of its alliance (those
// out of the game too: the alliance wins, chosen); otherwise the seat.
std::vector<SeatIndex> EveMatch::winners_with(SeatIndex seat) const {
  if (!state_.variants.alliances) return {seat};
  std::vector<SeatIndex> out;
  for (SeatIndex s = 0; s < seat_count(); ++s) {
    if (state_.allied(s, seat)) out.push_back(s);
  }
  return out;
}

std::string EveMatch::side_name(SeatIndex seat) const {
  if (!state_.variants.alliances) return seat_name(seat);
  std::string out = "the alliance of";
  const auto w = winners_with(seat);
  for (std::size_t i = 0; i < w.size(); ++i) out += (i == 0 ? " " : " and ") + seat_name(w[i]);
  return out;
}

}  // namespace concord::eve
