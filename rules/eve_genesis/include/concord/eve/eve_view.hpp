// The projection of a match for one viewer. EveMatch::view() (src/view.cpp)
// is the only place that decides visibility: hands (owner and judges), market
// order (judges), off-deck remote regions (owner and judges), the upgraded
// side of a base (owner and judges until it is upgraded).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/types.hpp"

namespace concord::eve {

struct EveCardView {
  std::string ref;   // "c12"
  std::string card;  // card id
  std::string name;
  int build = 0;
  int damage = 0;
  int duration = 0;
  int x = 0;
  std::string order;
};

struct EveSeatView {
  int index = 0;
  std::string base_name;
  bool upgraded = false;
  std::optional<std::string> upgrade_name;  // owner/judge, or once upgraded
  int base_damage = 0;
  std::int64_t wallet = 0;
  unsigned hand_count = 0;
  unsigned market_count = 0;
  unsigned offdeck_count = 0;
  bool out = false;
  std::optional<std::vector<EveCardView>> hand;     // owner and judges
  std::optional<std::vector<EveCardView>> market;   // judges, top first
  std::optional<std::vector<std::string>> offdeck;  // owner and judges
  std::vector<EveCardView> scrapheap, docks, structures, news;  // public
};

struct EveRegionView {
  std::string key;
  std::string name;
  bool home = false;
  int owner = -1;
  std::optional<int> controller;
  std::vector<EveCardView> locations, ships;
};

struct EvePileView {
  int controller = 0;
  std::string kind;  // "card", "region", "upgrade", "jump", "ability"
  std::optional<EveCardView> card;
  std::string target;  // the card a targeted effect names ("c7"), or ""
  std::string region;  // region id, a location's target or a jump's destination
};

struct EveView : rules::View {
  rules::Viewer viewer;
  int turn = 1;
  int first = 0;
  int active = 0;
  std::string phase, step, prompt;
  int prompt_seat = -1;
  std::vector<EveSeatView> seats;
  std::vector<EveRegionView> regions;
  std::vector<EvePileView> pile;     // bottom first
  std::vector<EvePileView> waiting;  // pending abilities waiting to form a new pile
  std::optional<rules::MatchResult> result;
  std::string to_text() const override;
};

}  // namespace concord::eve
