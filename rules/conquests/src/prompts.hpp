// Prompts: the open prompt of each seat, built from the state. Every option a
// prompt offers is legal (the random bot is never refused), so the prompt is
// where the rules of what may be done now live; the Engine applies choices.
#pragma once

#include <optional>
#include <vector>

#include "concord/conquests/board.hpp"
#include "concord/conquests/data.hpp"
#include "concord/conquests/state.hpp"
#include "concord/rules/types.hpp"

namespace concord::conquests {

class Prompts {
 public:
  Prompts(const StarMap& map, const RulesData& data, const GameState& state)
      : map_(map), data_(data), s_(state), board_(map, state) {}

  std::optional<rules::Prompt> for_seat(int seat) const;

  // Option lists shared with the Engine's helpers.
  std::vector<int> setup_unit_regions(int seat) const;
  std::vector<int> face_down_squares() const;
  std::vector<std::pair<int, int>> claimable(int seat) const;
  std::vector<int> playable_cards(int seat) const;  // in a turn (not a battle)
  std::vector<int> combat_cards(int seat) const;
  std::vector<int> withdraw_targets(int side) const;
  std::vector<int> expand_targets(int seat, bool at_turn_start) const;
  int power(int side) const;

 private:
  rules::Prompt setup_prompt() const;
  rules::Prompt turn_prompt() const;
  void action_options(rules::Prompt& p) const;
  void development_options(rules::Prompt& p) const;
  void logistics_options(rules::Prompt& p) const;
  void free_options(rules::Prompt& p) const;
  rules::Prompt card_target_prompt() const;
  rules::Prompt move_prompt() const;
  rules::Prompt schedule_prompt() const;
  rules::Prompt dice_prompt(int side) const;
  rules::Prompt tactics_prompt() const;
  rules::Prompt aftermath_prompt() const;
  std::optional<rules::Prompt> battle_prompt(int seat) const;
  bool card_playable(int seat, int card) const;

  const StarMap& map_;
  const RulesData& data_;
  const GameState& s_;
  Board board_;
};

std::string card_ref(int instance);                 // "c12" (1-based)
std::optional<int> card_from_ref(const std::string& ref);

}  // namespace concord::conquests
