// Per-seat prompt identity: see prompt_ids.hpp.
#include "concord/rules/prompt_ids.hpp"

namespace concord::rules {

PromptIds::PromptIds(const Match& match, std::uint64_t index, std::uint64_t epoch) : epoch_base_(epoch << 32) {
  const auto seats = static_cast<std::size_t>(match.seat_count());
  prompts_.resize(seats);
  ids_.assign(seats, 0);
  for (SeatIndex seat = 0; seat < match.seat_count(); ++seat) observe(seat, match.shared_prompt(seat), true, index);
}

void PromptIds::after_command(const Match& match, const Command& command, std::uint64_t index) {
  for (SeatIndex seat = 0; seat < match.seat_count(); ++seat) {
    observe(seat, match.shared_prompt(seat), seat == command.seat, index);
  }
}

void PromptIds::observe(SeatIndex seat, std::shared_ptr<const Prompt> prompt, bool consumed, std::uint64_t index) {
  const auto s = static_cast<std::size_t>(seat);
  const auto& was = prompts_[s];
  const bool same = !consumed && (prompt == was || (prompt && was && *prompt == *was));
  if (same) return;
  ids_[s] = prompt ? epoch_base_ + index + 1 : 0;
  prompts_[s] = std::move(prompt);
}

std::uint64_t PromptIds::id(SeatIndex seat) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= ids_.size()) return 0;
  return ids_[static_cast<std::size_t>(seat)];
}

}  // namespace concord::rules
