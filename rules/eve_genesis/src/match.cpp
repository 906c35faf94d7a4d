// EveMatch: prompt dispatch, submit, concede, income and small helpers.
#include "concord/eve/eve_match.hpp"
#include "concord/eve/timing.hpp"
#include "concord/eve/position.hpp"
#include "concord/rules/hash.hpp"

namespace concord::eve {

std::optional<rules::Prompt> EveMatch::prompt(SeatIndex seat) const {
  const auto kept = shared_prompt(seat);
  return kept ? std::optional<rules::Prompt>(*kept) : std::nullopt;
}

std::shared_ptr<const rules::Prompt> EveMatch::shared_prompt(SeatIndex seat) const {
  return prompts_.shared(seat, [this](SeatIndex s) { return open_prompt(s); });
}

std::optional<rules::Prompt> EveMatch::open_prompt(SeatIndex seat) const {
  if (state_.result || seat != state_.prompt_seat || seat < 0 || seat >= seat_count()) {
    return std::nullopt;
  }
  switch (state_.pending) {
    case Pending::Mulligan: return mulligan_prompt(seat);
    case Pending::IncomeChoice: return income_prompt();
    case Pending::Priority: return priority_prompt(seat);
    case Pending::Discard: return discard_prompt(seat);
    case Pending::OrderTriggers: return order_triggers_prompt();
    case Pending::Choice: return choice_prompt();
    case Pending::ChooseAttack: return choose_attack_prompt();
    case Pending::Withdraw: return withdraw_prompt();
    case Pending::AssignTarget: return assign_prompt();
    case Pending::AbilityTargets: return ability_targets_prompt();
    case Pending::ContinueCombat: return continue_prompt();
    case Pending::Clone: return clone_prompt();
    case Pending::Redirect: return redirect_prompt();
    case Pending::None: break;
  }
  return std::nullopt;
}

rules::Outcome EveMatch::submit(SeatIndex seat, const rules::Answer& answer) {
  const rules::PromptMemo::Change changing(prompts_);
  if (state_.result) return rules::Outcome::reject("NO_PROMPT", "the match is over");
  if (seat < 0 || seat >= seat_count()) return rules::Outcome::reject("INVALID_SEAT", "no such seat");
  if (seat != state_.prompt_seat) {
    if (state_.pending == Pending::Priority) {
      return rules::Outcome::reject("NOT_YOUR_PRIORITY",
                                    seat_name(state_.prompt_seat) + " has priority");
    }
    return rules::Outcome::reject("NO_PROMPT", seat_name(seat) + " has nothing to answer now");
  }
  if (state_.pending == Pending::Priority) return submit_priority(seat, answer);
  const auto kept = shared_prompt(seat);  // held: the state changes below, and with it the memo
  const rules::Prompt& p = *kept;
  if (auto r = rules::check_answer_shape(p, answer)) return {false, {}, std::move(r)};
  Events ev;
  switch (state_.pending) {
    case Pending::Mulligan: apply_mulligan(seat, answer, ev); break;
    case Pending::IncomeChoice: apply_income(answer, ev); break;
    case Pending::Discard: apply_discard(seat, answer, ev); break;
    case Pending::OrderTriggers: apply_order_triggers(answer, ev); break;
    case Pending::Choice: apply_choice(answer, ev); break;
    case Pending::ChooseAttack: apply_choose_attack(answer, ev); break;
    case Pending::Withdraw: apply_withdraw(answer, ev); break;
    case Pending::AssignTarget: apply_assign(answer, ev); break;
    case Pending::AbilityTargets: apply_ability_targets(answer, ev); break;
    case Pending::ContinueCombat: apply_continue(answer, ev); break;
    case Pending::Clone: apply_clone(answer, ev); break;
    case Pending::Redirect: apply_redirect(answer, ev); break;
    default: break;
  }
  return rules::Outcome::accept(std::move(ev));
}

std::optional<rules::Rejection> EveMatch::explain_refusal(SeatIndex seat, const rules::Answer& answer,
                                                         const rules::Rejection&) const {
  if (state_.result || seat < 0 || seat >= seat_count() || answer.choices.size() != 1) return std::nullopt;
  const auto& c = answer.choices.front();
  const auto a = Action::parse(c.option_id, c.value);
  if (!a || a->kind == Action::Kind::Pass) return std::nullopt;
  if (!window(state_.phase, state_.step).priority) {
    const bool news = a->kind == Action::Kind::Play && a->card >= 0 &&
                      a->card < static_cast<CardId>(state_.cards.size()) && def(a->card).type == CardType::News;
    const std::string why = state_.phase == Phase::Draw
                                ? (news ? "News cannot be played during the Draw phase"
                                        : "no card or ability may be played during the Draw phase")
                                : "no priority during the " + to_string(state_.phase) + " phase";
    return rules::Rejection{"WINDOW_CLOSED", why};
  }
  if (state_.pending == Pending::Priority && seat == state_.prompt_seat) return check(seat, *a);
  return std::nullopt;
}

rules::Outcome EveMatch::concede(SeatIndex seat) {
  const rules::PromptMemo::Change changing(prompts_);
  if (state_.result) return rules::Outcome::reject("MATCH_OVER", "the match is over");
  if (seat < 0 || seat >= seat_count()) return rules::Outcome::reject("INVALID_SEAT", "no such seat");
  if (state_.seats[seat].out) return rules::Outcome::reject("ALREADY_OUT", "this seat is out");
  Events ev;
  eliminate(seat, "conceded", ev);
  return rules::Outcome::accept(std::move(ev));
}

// Up to Xxh64 the hash is of the canonical position text, which covers the
// whole state (hidden parts and the RNG included): journals keep those hashes,
// so they stay exactly as they were. From Fields on the same fields are fed to
// the hasher directly (state_hash.cpp), without building the text.
std::string EveMatch::state_hash_as(rules::StateHashVersion version) const {
  if (version == rules::StateHashVersion::Sha256 || version == rules::StateHashVersion::Xxh64) {
    rules::StateHasher h(version);
    h.add(std::string_view("eve_genesis")).add(save_position(*this));
    return h.hex();
  }
  return state_fields_hash(version);
}

const CardDef& EveMatch::def(CardId id) const {
  // Reflection of Time "enters play as a copy of that location".
  if (!state_.cards[id].copy.empty()) return *db_.find(state_.cards[id].copy);
  if (static_cast<std::size_t>(id) < defs_.size()) return *defs_[id];
  return *db_.find(state_.cards[id].card);
}

// "Add up all income bonuses from all cards you control": the base (or its
// upgraded side), structures, controlled remote regions and the locations in
// every region the seat controls.
std::int64_t EveMatch::income(SeatIndex seat) const {
  const SeatState& s = state_.seats[seat];
  const CardDef* base = db_.find(s.base);
  std::int64_t total = base ? (s.upgraded ? base->upgrade.income : base->income) : 0;
  for (CardId id : s.structures) total += def(id).income;
  // Destroying Prey: "attaches it to his own with an income bonus of +2".
  total += 2 * static_cast<std::int64_t>(s.attached.size());
  for (const auto& r : state_.regions) {
    if (!r.home && r.controller == seat) total += db_.find(r.card)->income;
    for (CardId id : r.locations) {
      if (state_.location_controller(r, id) == seat) total += def(id).income;  // alliances: his own, at home
    }
  }
  // Haul X (chosen definition, README): "your income is increased by X".
  for (CardId id : controlled_in_play(seat)) {
    if (def(id).type == CardType::Ship) total += order_strength(id, OrderKind::Haul);
  }
  return total + income_bonus();
}

void EveMatch::emit(Events& ev, const std::string& kind, const std::string& text,
                    rules::Visibility vis) const {
  ev.push_back(rules::Event{kind, text, std::move(vis), nullptr});
}

std::string EveMatch::seat_name(SeatIndex seat) const {
  std::string out = "seat ";
  out += std::to_string(seat);
  return out;
}

std::string EveMatch::card_name(CardId id) const { return def(id).name; }

}  // namespace concord::eve
