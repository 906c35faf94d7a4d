// What one viewer may see of an EverZone match. Built only by project_view()
// (view.cpp), the single place that decides visibility:
//   - hands, face-down deployed Units and pending secret choices: owner and judges
//   - decks (order): judges only; everyone sees counts
//   - active, withdrawn, Supports in play, retreated and fallen piles: everyone
//   - whether a seat has made its secret choice: everyone (never its content)
//   - teams, revealed targets, alliances and armies of the current battle: everyone
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "concord/everzone/card.hpp"
#include "concord/everzone/sides.hpp"
#include "concord/rules/types.hpp"

namespace concord::everzone {

// One card instance in a view: what a client needs to name it and to answer
// prompts about it (option ids are the `ref`).
struct CardEntry {
  std::string ref;      // "c17": the instance, stable for the match (prompt option ids)
  std::string card_id;  // the card's id in cards/everzone.cards ("meraud")
  std::string name;     // display name ("Meraud")
  bool operator==(const CardEntry&) const = default;
};

// The view types are written once for two kinds of card: CardEntry (what
// is sent, EverZoneView) and int, the instance number of GameState (the same
// view with its cards unnamed, EverZoneViewIds: what a writer that keeps each
// instance's bytes reads; EverZoneMatch::view_ids).
template <typename Card>
struct BasicSeatView {
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
  std::optional<std::vector<Card>> hand;               // owner, judge
  std::optional<std::vector<Card>> deployed;           // owner, judge
  std::optional<std::vector<Card>> deck;               // judge
  // owner, judge: pending choice ("Name (cN)" for cards, "continue"/"surrender", "target_<seat>")
  std::optional<std::vector<std::string>> secret;
  // Cards in zones of this seat. `active`/`withdrawn` may hold a Unit owned by
  // another seat that this seat controls (Vlad; listed in EverZoneView::captured).
  std::vector<Card> active, withdrawn, supports, retreated, fallen;
  int team = 0;                // teams: the seat's team (0 or 1); otherwise the seat itself
  int target = -1;             // three players: revealed target seat this battle (-1: none)
  bool eliminated = false;     // three players: out of the game
  std::vector<int> allies;     // other seats in the same army this battle (team, alliance)
};
using SeatView = BasicSeatView<CardEntry>;

// One army of the current battle: a player, a three-player alliance or a team.
struct ArmyView {
  std::vector<int> seats;      // its members
  std::vector<int> attacks;    // the seats of the army it attacks (empty: not known yet)
  bool shared_limit = false;   // alliance: one RESOURCE limit for both allies
  Values values;               // ATTACK/DEFENSE/TARGET/RESOURCE of the whole army
  bool operator==(const ArmyView&) const = default;
};

// One lasting effect (GameState::lingering, effects.hpp), shown generically.
// Only effects whose source is public are listed, with their public cards.
template <typename Card>
struct BasicEffectView {
  Card source;                   // the card whose ability or effect made it
  int seat = -1;                 // the seat it serves
  std::vector<Card> cards;       // what it affects
  std::string change;            // "attack" "defense" "target" (`amount` added), "redeploy", "out_of_army", "control"
  int amount = 0;
  std::string lasts;             // "source" (while the source is in play), "turn", "battle"
  bool active = true;            // false while suspended (its source is withdrawn)
  bool operator==(const BasicEffectView&) const = default;
};
using EffectView = BasicEffectView<CardEntry>;

template <typename Card>
struct BasicViewFields {
  std::string phase;
  std::string location;  // empty between battles
  int turn = 0;
  int turns = 0;
  int resource_limit = 0;
  int battle_deck_count = 0;
  std::vector<BasicSeatView<Card>> seats;
  bool teams = false;            // 2-vs-2 / 3-vs-3 (CP and surrenders are the team's)
  std::vector<ArmyView> armies;  // during a battle (location set)
  bool after_clash = false;      // phase "support": the window after this turn's clash
  // Declared, unresolved effects and abilities, bottom first: the last entry
  // resolves first; effects resolve before abilities.
  std::vector<Card> effects, abilities;
  std::vector<Card> captured;  // Units under the control of a seat that does not own them
  std::vector<BasicEffectView<Card>> lingering;  // lasting effects, in the order they began
  std::optional<rules::MatchResult> result;
};

struct EverZoneView : rules::View, BasicViewFields<CardEntry> {
  rules::Viewer viewer;
  std::string to_text() const override;
};

// What a seat sees of its own seat beyond everyone else (the owner-only
// fields of SeatView): its hand, its face-down Units and its secret choice.
template <typename Card>
struct BasicSeatPrivate {
  std::vector<Card> hand, deployed;
  std::optional<std::vector<std::string>> secret;
  bool operator==(const BasicSeatPrivate&) const = default;
};
using SeatPrivate = BasicSeatPrivate<CardEntry>;

// The views of several seats and spectators after the same command, projected
// together (a room sends one to each after every command): what they all see
// alike once, and per viewer only what differs. Viewer i's view is `common`
// with own[i] in its own seat and lingering[i] as its lasting effects: the
// same as EverZoneMatch::view(viewers[i]). Judges are not projected this way.
struct EverZoneViews {
  std::unique_ptr<EverZoneView> common;  // the spectators' view
  std::vector<std::optional<SeatPrivate>> own;       // per viewer; set for seats
  std::vector<std::vector<EffectView>> lingering;    // per viewer
  // Viewer i's view assembled (tests; the server encodes the parts).
  EverZoneView view_of(std::size_t i, const rules::Viewer& viewer) const;
};

// EverZoneViews with cards as instance numbers (EverZoneMatch::view_ids):
// the same visibility, decided by the same projection; a card's entry is
// EverZoneMatch::card_entry(instance).
struct EverZoneViewIds {
  BasicViewFields<int> common;
  std::vector<std::optional<BasicSeatPrivate<int>>> own;
  std::vector<std::vector<BasicEffectView<int>>> lingering;
  std::vector<Side> sides;  // the sides of the state projected (kept for their capacity when projected again)
};

}  // namespace concord::everzone
