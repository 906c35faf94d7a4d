#include "concord/everzone/everzone_match.hpp"

#include "engine.hpp"
#include "prompts.hpp"

namespace concord::everzone {

EverZoneMatch::EverZoneMatch(const CardDb& db, GameState state, bool start)
    : db_(db), state_(std::move(state)) {
  if (start) Engine(db_, state_, start_events_).start_game();
}

std::optional<rules::Prompt> EverZoneMatch::prompt(rules::SeatIndex seat) const {
  const auto kept = shared_prompt(seat);
  return kept ? std::optional<rules::Prompt>(*kept) : std::nullopt;
}

std::shared_ptr<const rules::Prompt> EverZoneMatch::shared_prompt(rules::SeatIndex seat) const {
  return prompts_.shared(seat, [this](rules::SeatIndex s) { return build_prompt(db_, state_, s); });
}

rules::Outcome EverZoneMatch::submit(rules::SeatIndex seat, const rules::Answer& answer) {
  if (finished()) return rules::Outcome::reject("WINDOW_CLOSED", "the match is over");
  const auto open = shared_prompt(seat);
  if (!open) return rules::Outcome::reject("NO_PROMPT", "this seat has nothing to answer now");
  if (auto bad = rules::check_answer_shape(*open, answer))
    return rules::Outcome::reject(bad->code, bad->message);
  const rules::PromptMemo::Change changing(prompts_);
  GameState next = state_;
  std::vector<rules::Event> events;
  if (auto rejected = Engine(db_, next, events).answer(seat, answer))
    return rules::Outcome::reject(rejected->code, rejected->message);
  state_ = std::move(next);
  return rules::Outcome::accept(std::move(events));
}

rules::Outcome EverZoneMatch::concede(rules::SeatIndex seat) {
  if (finished()) return rules::Outcome::reject("WINDOW_CLOSED", "the match is over");
  if (seat < 0 || seat >= seat_count()) return rules::Outcome::reject("INVALID_SEAT", "no such seat");
  if (state_.players.at(static_cast<std::size_t>(seat)).eliminated)
    return rules::Outcome::reject("WINDOW_CLOSED", "this seat is already out of the game");
  const rules::PromptMemo::Change changing(prompts_);
  std::vector<rules::Event> events;
  Engine(db_, state_, events).concede(seat);
  return rules::Outcome::accept(std::move(events));
}

}  // namespace concord::everzone
