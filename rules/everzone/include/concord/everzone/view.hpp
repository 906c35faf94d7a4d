// What one viewer may see of an EverZone match. Built only by project_view()
// (view.cpp), the single place that decides visibility:
//   - hands, face-down deployed Units and pending secret choices: owner and judges
//   - decks (order): judges only; everyone sees counts
//   - active, withdrawn, Supports in play, retreated and fallen piles: everyone
//   - whether a seat has made its secret choice: everyone (never its content)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/everzone/card.hpp"
#include "concord/rules/types.hpp"

namespace concord::everzone {

struct SeatView {
  int seat = 0;
  int cp = 0;
  int surrenders = 0;
  bool leader_alive = true;
  int hand_count = 0;
  int deck_count = 0;
  int deployed_count = 0;
  bool has_prompt = false;
  bool has_chosen = false;                             // secret choice recorded
  Values army;                                         // totals of the active army (public)
  std::optional<std::vector<std::string>> hand;         // owner, judge
  std::optional<std::vector<std::string>> deployed;     // owner, judge
  std::optional<std::vector<std::string>> deck;         // judge
  std::optional<std::vector<std::string>> secret;       // owner, judge: pending choice
  std::vector<std::string> active, withdrawn, supports, retreated, fallen;
};

struct EverZoneView : rules::View {
  rules::Viewer viewer;
  std::string phase;
  std::string location;  // empty between battles
  int turn = 0;
  int turns = 0;
  int resource_limit = 0;
  int battle_deck_count = 0;
  std::vector<SeatView> seats;
  std::optional<rules::MatchResult> result;
  std::string to_text() const override;
};

}  // namespace concord::everzone
