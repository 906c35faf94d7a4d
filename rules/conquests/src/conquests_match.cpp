#include "concord/conquests/conquests_match.hpp"

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::conquests {

ConquestsMatch::ConquestsMatch(GameState state, bool start) : state_(std::move(state)) {
  if (start) Engine(StarMap::builtin(), RulesData::builtin(), state_, start_events_).start();
}

std::optional<rules::Prompt> ConquestsMatch::prompt(rules::SeatIndex seat) const {
  if (seat < 0 || seat >= seat_count()) return std::nullopt;
  if (prompts_.size() != static_cast<std::size_t>(seat_count())) prompts_.assign(static_cast<std::size_t>(seat_count()), std::nullopt);
  auto& cached = prompts_[static_cast<std::size_t>(seat)];
  if (!cached) cached = Prompts(StarMap::builtin(), RulesData::builtin(), state_).for_seat(seat);
  return *cached;
}

rules::Outcome ConquestsMatch::submit(rules::SeatIndex seat, const rules::Answer& answer) {
  if (finished()) return rules::Outcome::reject("MATCH_OVER", "the match is over");
  const auto open = prompt(seat);
  if (!open) return rules::Outcome::reject("NO_PROMPT", "this seat has nothing to answer now");
  if (auto bad = rules::check_answer_shape(*open, answer)) return rules::Outcome::reject(bad->code, bad->message);
  GameState next = state_;
  std::vector<rules::Event> events;
  if (auto rejected = Engine(StarMap::builtin(), RulesData::builtin(), next, events).answer(seat, answer))
    return rules::Outcome::reject(rejected->code, rejected->message);
  state_ = std::move(next);
  prompts_.clear();
  return rules::Outcome::accept(std::move(events));
}

rules::Outcome ConquestsMatch::concede(rules::SeatIndex seat) {
  if (finished()) return rules::Outcome::reject("MATCH_OVER", "the match is over");
  if (seat < 0 || seat >= seat_count()) return rules::Outcome::reject("INVALID_SEAT", "no such seat");
  std::vector<rules::Event> events;
  Engine(StarMap::builtin(), RulesData::builtin(), state_, events).concede(seat);
  prompts_.clear();
  return rules::Outcome::accept(std::move(events));
}

}  // namespace concord::conquests
