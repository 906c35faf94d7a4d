// The EVE: Conquests Match (rules::Match). Each submit runs the Engine on a
// copy of the state and keeps it only when the answer is accepted.
#pragma once

#include <memory>
#include <vector>

#include "concord/conquests/data.hpp"
#include "concord/conquests/state.hpp"
#include "concord/rules/match.hpp"

namespace concord::conquests {

class ConquestsMatch : public rules::Match {
 public:
  // Starts a match from a prepared state (initial_state or a position): runs
  // game preparation if `start` is set; otherwise the state is taken as is.
  ConquestsMatch(GameState state, bool start);

  std::optional<rules::Prompt> prompt(rules::SeatIndex seat) const override;
  rules::Outcome submit(rules::SeatIndex seat, const rules::Answer& answer) override;
  rules::Outcome concede(rules::SeatIndex seat) override;
  std::unique_ptr<rules::View> view(const rules::Viewer& viewer) const override;
  std::string state_hash_as(rules::StateHashVersion version) const override;
  bool finished() const override { return state_.pending == Pending::Over; }
  std::optional<rules::MatchResult> result() const override { return state_.result; }
  int seat_count() const override { return state_.players; }

  const GameState& state() const { return state_; }
  const std::vector<rules::Event>& start_events() const { return start_events_; }

 private:
  GameState state_;
  std::vector<rules::Event> start_events_;
  // Prompts are built once per state (bots and apply() ask several times).
  mutable std::vector<std::optional<std::optional<rules::Prompt>>> prompts_;
};

}  // namespace concord::conquests
