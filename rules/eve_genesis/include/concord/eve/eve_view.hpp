// The projection of a match for one viewer. EveMatch::view() (src/view.cpp)
// is the only place that decides visibility: hands (owner and judges), market
// order (judges), off-deck remote regions (owner and judges), the upgraded
// side of a base (owner and judges until it is upgraded).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "concord/rules/types.hpp"

namespace concord::eve {

// The view types are templates over the card type: EveCardView (EveView, what
// clients and tests read) or a card instance number (EveViewIds, for a
// server that writes each card's bytes once and keeps them while its
// EveCardKey stays the same). One projection (src/view.cpp) builds both.

struct EveCardView {
  std::string ref;   // "c12"
  std::string card;  // card id
  std::string name;
  int build = 0;
  int damage = 0;
  int duration = 0;
  int x = 0;
  std::string order;
  // Added with combat: current numbers with every modifier (ships only),
  // whether the ship is attacking, and the card a News in play names ("" = none).
  int shield = 0;
  int attack = 0;
  bool attacking = false;
  std::string names{};
  std::string pilot{};  // ships: the character piloting it ("c9"), or ""
  // Added with the last card texts:
  std::string region{};   // News in play: the region it names (Forsaken Ruins), or ""
  std::string copies{};   // a location in play as a copy (Reflection of Time): the copied card id
  unsigned under = 0;     // ships: cards face down under it (Blood Rogue); which ones is hidden
};

// The key's fields that rules give (the modifier pass for ships, a search
// of the lingering effects for News in play), not the instance itself.
struct EveKeyNumbers {
  int shield = 0;
  int attack = 0;
  bool attacking = false;
  int names = -1;  // the card a News in play names (instance), or -1
  unsigned under = 0;
  bool operator==(const EveKeyNumbers&) const = default;
};

// What of a card's view can change during a match: the view is its ref (from
// the instance number), its card id and name (from the card, or the copied
// card, `copies`) and these (EveMatch::card_view builds it from them).
struct EveCardKey {
  int build = 0;
  int damage = 0;
  int duration = 0;
  int x = 0;
  std::string order;
  EveKeyNumbers numbers;
  int pilot = -1;  // the instance piloting the ship, or -1
  std::string region;
  std::string copies;
  bool operator==(const EveCardKey&) const = default;
};

template <typename Card>
struct BasicSeatView {
  int index = 0;
  std::string base_name;
  bool upgraded = false;
  std::optional<std::string> upgrade_name;  // owner/judge, or once upgraded
  int base_damage = 0;
  int base_shield = 0;  // total: base (or upgraded side) + structures
  std::int64_t wallet = 0;
  unsigned hand_count = 0;
  unsigned market_count = 0;
  unsigned offdeck_count = 0;
  bool out = false;
  std::optional<std::vector<Card>> hand;            // owner and judges
  std::optional<std::vector<Card>> market;          // judges, top first
  std::optional<std::vector<std::string>> offdeck;  // owner and judges
  std::vector<Card> scrapheap, docks, structures, news;  // public
  std::vector<Card> pilots{};  // characters piloting ships (public)
  // Added with the multiplayer variants:
  int table_position = 0;  // where the seat sits (0..n-1, clockwise; seats are drawn from the seed)
  int prey = -1;           // Hunter and Prey: the seat's prey (the player to its left), -1 = none
  std::vector<std::string> attached{};  // Destroying Prey: names of the prey bases attached (+2 income each)
  // Added with Alliances:
  int alliance = 0;           // alliances: 0 (seats 0, 2) or 1 (seats 1, 3); otherwise the seat itself
  std::string home_region{};  // key of the seat's home region (alliances: the alliance's, home<alliance>)
};
using EveSeatView = BasicSeatView<EveCardView>;

template <typename Card>
struct BasicRegionView {
  std::string key;
  std::string name;
  bool home = false;
  int owner = -1;
  std::optional<int> controller;
  std::vector<Card> locations, ships;
  bool operator==(const BasicRegionView&) const = default;
};
using EveRegionView = BasicRegionView<EveCardView>;

struct EvePileView {
  int controller = 0;
  std::string kind;  // "card", "region", "upgrade", "jump", "ability"
  std::optional<EveCardView> card;
  std::string target;  // the card a targeted effect names ("c7"), or ""
  std::string region;  // region id, a location's target or a jump's destination
  // kind "keyword" (a keyword order ability, e.g. Ambush) and "damage":
  std::string keyword{};             // "ambush", "jam", ...
  int strength = 0;                  // its X
  std::vector<std::string> targets{};  // chosen targets ("c7"); "base<seat>" for a base
  struct Damage {
    std::string source;  // "c5"
    std::string target;  // "c7" or "base<seat>"
    int amount = 0;
  };
  std::vector<Damage> damage{};      // kind "damage": dealt simultaneously
};

// "4. Combat Phase": public combat state.
struct EveCombatView {
  std::vector<std::string> attacks;    // attacked regions not yet resolved
  std::vector<std::string> attackers;  // attacking ships ("c5")
  std::string region;                  // the attack being resolved ("" = none)
  int defender = -1;
  std::string stage;                   // "start" | "decide" | "after"
  std::vector<std::string> defenders;  // defending ships at the start of this Combat phase
  std::vector<std::pair<std::string, std::string>> assigned;  // ship -> target
  // Jam / Warp Scramble / Sensor Dampen targets: EveView::effects (until combat_phase).
  std::vector<std::pair<std::string, std::string>> forced;    // Patrol: ship -> patrolling ship
  std::vector<std::pair<std::string, std::string>> withdrawals;  // announced: ship -> destination
  std::vector<EvePileView> triggered{};  // pending abilities waiting for their targets
};

// A lingering effect (issue 12: the one effect layer, public): its source, what
// it affects (a card, or the controller's friendly ships in a region), the
// change, how long it lasts and the condition it holds under.
struct EveEffectView {
  std::string source;      // "c7": the card that created it ("" while it is in a hand or market the viewer cannot see)
  std::string source_name;
  int controller = 0;
  std::string card;        // the affected card ("c5"), or "" with region
  std::string region;      // the controller's friendly ships in this region
  std::string change;      // shield | attack | jam | cannot_execute | cannot_jump | prevent_damage | cannot_withdraw
  int amount = 0;          // shield/attack/jam: the number added
  std::string order;       // cannot_execute: the order ("" = every order)
  std::string until;       // source | turn | phase | combat_phase
  std::string condition;   // "" = always; remote_region: only while the ship is in a remote region
};

// A pile item's card is a whole EveCardView in both forms (a card whose
// ability is pending after it went back to a hand is shown without its ref).
template <typename Card>
struct BasicViewFields {
  int turn = 1;
  int first = 0;
  int active = 0;
  std::string phase, step, prompt;
  int prompt_seat = -1;
  std::vector<BasicSeatView<Card>> seats;
  std::vector<BasicRegionView<Card>> regions;
  std::vector<EvePileView> pile;     // bottom first
  std::vector<EvePileView> waiting;  // pending abilities waiting to form a new pile
  EveCombatView combat;
  std::vector<EveEffectView> effects;  // lingering effects, in the order created
  std::optional<rules::MatchResult> result;
  // Added with the multiplayer variants (public): the seats clockwise from
  // table position 0 ("Seats at the table are chosen randomly"), and the
  // room's optional variants.
  std::vector<int> table{};
  int range = 0;             // 0 off, 1 left, 2 left and right
  bool hunter_and_prey = false;
  bool destroying_prey = false;
  bool alliances = false;    // room option `alliances` (added with Alliances)
};

struct EveView : rules::View, BasicViewFields<EveCardView> {
  rules::Viewer viewer;
  std::string to_text() const override;
};

// What a seat sees of its own seat beyond everyone else (the owner-only
// fields of EveSeatView): the upgraded side of its base, its hand and its
// off-deck remote regions.
template <typename Card>
struct BasicSeatPrivate {
  std::string upgrade_name;
  std::vector<Card> hand;
  std::vector<std::string> offdeck;
  bool operator==(const BasicSeatPrivate&) const = default;
};
using EveSeatPrivate = BasicSeatPrivate<EveCardView>;

// The views of several seats and spectators after the same command, projected
// together (a room sends one to each after every command): what they all see
// alike once, and per viewer only what differs. Viewer i's view is `common`
// with own[i] in its own seat and effects[i] as its lingering effects: the
// same as EveMatch::view(viewers[i]). Judges are not projected this way.
struct EveViews {
  std::unique_ptr<EveView> common;                   // the spectators' view
  std::vector<std::optional<EveSeatPrivate>> own;    // per viewer; set for seats
  std::vector<std::vector<EveEffectView>> effects;   // per viewer
  // Viewer i's view assembled (tests; the server encodes the parts).
  EveView view_of(std::size_t i, const rules::Viewer& viewer) const;
};

// The same with cards as instance numbers (EveMatch::view_ids).
struct EveViewIds {
  BasicViewFields<int> common;
  std::vector<std::optional<BasicSeatPrivate<int>>> own;
  std::vector<std::vector<EveEffectView>> effects;
};

}  // namespace concord::eve
