// What one viewer may see of an EVE: Conquests match. Built only by
// project_view() (view.cpp), the single place that decides visibility:
//   - the star map, the political landscape's face-up tops, the calendar, the
//     Empire cards (schedules, reserves, token cards in play), Region cards
//     and victory points: everyone
//   - project cards in hand: the owner and judges (everyone sees the count)
//   - face-down landscape cards and deck order: nobody (counts only)
//   - a battle's secret dice choice: its owner and judges, until both sides
//     have chosen and the dice are rolled (everyone sees whether a side has chosen)
//   - the answer to the agent-advantage question: the two sides and judges
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/conquests/state.hpp"
#include "concord/rules/types.hpp"

namespace concord::conquests {

struct RegionView {
  std::string key;
  int owner = -1;
  int units = 0;
  std::vector<int> agents;  // bottom first
  int hq = -1;
  std::string outpost;      // "" or the outpost's type
  std::string marker;       // Region marker on it: "crimson A" ...
  std::string name;         // map data (public, fixed): "Verge Vendor"
  std::string colour;       // "green" (1 VP), "blue" (2), "orange" (3), "red" (4)
  std::string nebula;       // "crimson", "azure", "amber"
  std::vector<std::string> gates;  // adjacent regions in use (keys)
};

struct HandCard {
  std::string ref;   // "c12"
  std::string id;    // card id in data/projects.txt
  std::string name;
};

struct SeatView {
  int seat = 0;
  int victory_points = 0;
  std::array<int, kKinds> schedule{};   // tokens per schedule (level - 1)
  std::array<int, kKinds> reserves{};
  std::vector<HandCard> in_play;        // token cards in effect
  std::vector<std::string> region_cards;
  int hand_count = 0;
  std::optional<std::vector<HandCard>> hand;  // owner, judge
  int units_in_supply = 0;
};

struct SealView {
  int seat = -1;  // -1: the EVE marker (Impending Doom)
  std::string kind;
  int month = 0;  // absolute month (0 = January of the first year)
};

struct BattleView {
  std::array<int, 2> seats{};
  std::array<std::string, 2> regions;
  std::array<bool, 2> chosen{};                  // a side has chosen its dice
  std::array<std::optional<Dice>, 2> choice;     // owner and judge until rolled; everyone after
  int advantage = -1;
  std::string question;                          // asked question ("" none)
  std::optional<int> answer;                     // the two sides and judges
  std::optional<std::array<std::array<int, 3>, 2>> rolled;
};

struct ConquestsView : rules::View {
  rules::Viewer viewer;
  int players = 0;
  std::string pending;
  int pending_seat = -1;
  int month = 0;
  int eve_marker = 0;
  std::string end_condition;
  bool doom_active = false;
  std::vector<RegionView> regions;       // only the regions in use
  std::array<int, kSquares> square_counts{};
  std::array<std::string, kSquares> face_up;  // region key of a face-up top ("" none)
  std::vector<SealView> seals;
  std::vector<SeatView> seats;
  std::array<int, kKinds> deck_counts{};
  std::optional<BattleView> battle;
  std::optional<rules::MatchResult> result;
  std::string to_text() const override;
};

std::unique_ptr<ConquestsView> project_view(const GameState& state, const rules::Viewer& viewer);

}  // namespace concord::conquests
