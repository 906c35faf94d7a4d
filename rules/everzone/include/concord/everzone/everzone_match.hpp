// The EverZone Match (rules::Match). Each submit runs the Engine on a copy of
// the state and keeps it only when the answer is accepted.
#pragma once

#include <memory>

#include "concord/everzone/card_db.hpp"
#include "concord/everzone/state.hpp"
#include "concord/everzone/view.hpp"
#include "concord/rules/hash.hpp"
#include "concord/rules/match.hpp"
#include "concord/rules/prompt_memo.hpp"

namespace concord::everzone {

class EverZoneMatch : public rules::Match {
 public:
  // Starts a match from a prepared state (setup or a position): runs the
  // first round if `start` is set; otherwise the state is taken as is.
  EverZoneMatch(const CardDb& db, GameState state, bool start);

  std::optional<rules::Prompt> prompt(rules::SeatIndex seat) const override;
  std::shared_ptr<const rules::Prompt> shared_prompt(rules::SeatIndex seat) const override;
  rules::Outcome submit(rules::SeatIndex seat, const rules::Answer& answer) override;
  rules::Outcome concede(rules::SeatIndex seat) override;
  std::unique_ptr<rules::View> view(const rules::Viewer& viewer) const override;
  // The views of `viewers` (seats and spectators) projected together (view.hpp).
  EverZoneViews views(const std::vector<rules::Viewer>& viewers) const;
  // The same with cards as instance numbers; card_entry names one (view.hpp).
  EverZoneViewIds view_ids(const std::vector<rules::Viewer>& viewers) const;
  // The same into `out`, which may hold the views of an earlier state: its
  // vectors are filled in place and keep their capacity.
  void view_ids(const std::vector<rules::Viewer>& viewers, EverZoneViewIds& out) const;
  CardEntry card_entry(int instance) const;
  std::string state_hash_as(rules::StateHashVersion version) const override;
  bool finished() const override { return state_.phase == Phase::Over; }
  std::optional<rules::MatchResult> result() const override { return state_.result; }
  int seat_count() const override { return static_cast<int>(state_.players.size()); }
  int turn_number() const override { return state_.turn; }

  const GameState& state() const { return state_; }
  const std::vector<rules::Event>& start_events() const { return start_events_; }

 private:
  const CardDb& db_;
  GameState state_;
  std::vector<rules::Event> start_events_;
  rules::StateHasherPrefix hash_prefix_;  // state_hash(): the instances' cards and owners, fed once
  rules::PromptMemo prompts_;             // prompt(): computed once per state
};

// Builds the state at the start of a match (2 or 3 players, or teams of 2 or
// 3): instances for every force card, Leader in hand, shuffled decks, the
// nine-card battle deck. Returns nullopt (and *error) if the setup is unusable.
std::optional<GameState> initial_state(const CardDb& db, const rules::MatchSetup& setup,
                                       std::string* error = nullptr);

// Checks a room's seat count against its options; the error says what to fix:
// 2 or 3 seats without teams (1 to 99 CP), 4 or 6 seats with teams (30 to 99 CP).
std::optional<std::string> check_room(const rules::OptionValues& options, int seats);

}  // namespace concord::everzone
