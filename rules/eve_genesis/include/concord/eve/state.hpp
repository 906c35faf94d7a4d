// The complete state of an EVE: The Second Genesis match (plain data).
// Every card instance lives in exactly one zone list; a zone is a list of
// instance ids (index into GameState::cards).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "concord/eve/card.hpp"
#include "concord/rules/types.hpp"

namespace concord::eve {

using rules::SeatIndex;
using CardId = int;  // index into GameState::cards; shown as "c<id+1>"

// "Gameplay": the turn sequence. Mulligan is the one-time pre-game step.
enum class Phase { Mulligan, Setup, Draw, Management, Combat, EndOfTurn };
enum class Step {
  Mulligan,
  Duration, Build, Income,          // Setup phase
  Draw,                             // Draw phase
  Main,                             // Management phase
  StartOfCombat, Withdrawal, TargetAssignment, DamageDistribution, Results,  // Combat
  End                               // End of Turn phase
};
// Which prompt is open (held by GameState::prompt_seat).
enum class Pending {
  None, Mulligan, IncomeChoice, Priority, Discard, OrderTriggers, Choice,
  ChooseAttack, Withdraw, AssignTarget, AbilityTargets, ContinueCombat,  // combat
  Clone,  // a pilot whose ship left play: pay the clone cost?
  Redirect  // Guardian: redirect the damage item on top of the pile dealt to other friendly ships?
};

struct CardInstance {
  std::string card;     // card id in the CardDb
  SeatIndex owner = 0;
  int build = 0;        // build tabs left (ships under construction)
  int damage = 0;
  int duration = 0;     // duration tabs left (News in play)
  int x = 0;            // the X chosen when played (X cost)
  std::string order;    // order being executed ("" = none)
  CardId pilot = -1;    // ships: the character piloting it (in its owner's `pilots`)
  std::string region{};  // News in play: the region it names (Forsaken Ruins)
  std::string copy{};    // a location in play copying another card (Reflection of Time)
};

struct Region {
  std::string key;      // "home<seat>" for home regions, else the remote region id
  std::string card;     // the base or remote region card id
  bool home = false;
  SeatIndex owner = -1;  // home: that seat; remote: who played it
  std::optional<SeatIndex> controller;  // home: always the owner
  std::vector<CardId> locations;
  std::vector<CardId> ships;
};

struct SeatState {
  std::string base;          // base card id
  bool upgraded = false;
  int base_damage = 0;
  std::int64_t wallet = 0;
  std::vector<CardId> market;      // front = top
  std::vector<CardId> hand;
  std::vector<CardId> scrapheap;   // back = most recent
  std::vector<CardId> docks;       // ships (built or not) and characters
  std::vector<CardId> pilots;      // characters piloting ships (in play, not docked)
  std::vector<CardId> structures;
  std::vector<CardId> news;        // News in play
  std::vector<std::string> offdeck;  // remote regions not yet played (face down)
  bool limited_played = false;     // "only one Limited card per turn"
  bool out = false;                // conceded or eliminated
  // Destroying Prey: the bases of eliminated prey "attached to his own with an
  // income bonus of +2" (base card ids, in the order taken).
  std::vector<std::string> attached{};
};

// "Optional Variants" of the Multiplayer Rules (room options, README "Variants").
struct Variants {
  int range = 0;            // 0 = off; 1 = jump only into the regions of the player to your left; 2 = left and right
  bool hunter = false;      // Hunter and Prey: your prey is the player to your left
  bool destroying = false;  // Destroying Prey (a Hunter and Prey reward; implies hunter)
  // Alliances (L197-206): four seats, seats 0 and 2 against 1 and 3 (chosen);
  // one turn and one home region per alliance (README "Alliances").
  bool alliances = false;
  bool operator==(const Variants&) const = default;
};

// Where a jump goes when it is not a region: the owner's docks.
inline constexpr const char* kDocks = "docks";

// One ship's damage: to a ship (target) or to a base (base = its seat).
struct DamageEntry {
  CardId source = -1;
  CardId target = -1;
  SeatIndex base = -1;
  int amount = 0;
  bool redirected = false;  // Guardian: "damage that was redirected to it" is not prevented
  bool operator==(const DamageEntry&) const = default;
};

struct PileItem {
  enum class Kind { Card, Region, Upgrade, Jump, Ability, Keyword, Damage };
  Kind kind = Kind::Card;
  SeatIndex controller = 0;
  // Kind::Card: the card played; Kind::Jump: the ship; Kind::Ability: its source
  CardId card = -1;
  // Kind::Ability of a remote region (Ginnungagap): card = -1, region = its key.
  // Kind::Region: the region id; Kind::Card: a location's target region;
  // Kind::Jump: the destination region key or kDocks; Kind::Damage: the battle's
  // region (combat damage) or "" (the damage of an effect, resolves next).
  std::string region;
  CardId target = -1;     // Kind::Card: the card its effect targets (chosen when played)
  int effect = -1;        // Kind::Ability: index into the source card's effects
  // Kind::Keyword: a keyword order ability of ship `card` (Ambush, Jam, ...)
  // with its strength X and the targets chosen when it went on the pile.
  OrderKind keyword = OrderKind::Ambush;
  int strength = 0;
  std::vector<CardId> targets{};
  SeatIndex base_target = -1;      // Kamikaze: "target ship or headquarters"
  std::vector<DamageEntry> damage{};  // Kind::Damage: dealt simultaneously
  // Kind::Jump of a withdrawal: the region the ship withdraws from (L187
  // "Ships may withdraw from battle by jumping"); "" for the jumps of the
  // Management phase. A withdrawal resolves only if the ship is still there
  // and is never an attack.
  std::string from{};
};

// "4. Combat Phase": attacks declared this turn and the one being resolved.
struct CombatState {
  // Combat phase sub-stage of a step: abilities at its start, then the
  // players' decisions (withdrawal, target assignment), then priority again.
  enum class Stage { Start, Decide, After };
  std::vector<std::string> attacks;  // attacked regions not yet resolved (declaration order)
  std::vector<std::pair<CardId, std::string>> attackers;  // attacking ship -> attacked region
  std::string region;                // the attack being resolved ("" = none)
  SeatIndex defender = -1;
  Stage stage = Stage::Start;
  std::vector<CardId> defenders;     // defending ships at the start of this Combat phase
  std::vector<std::pair<CardId, CardId>> assigned;      // ship -> target ship
  // L98 "If your ship may be assigned several targets, you must choose at this
  // step ... how to distribute damage among them": the damage chosen for each
  // of a ship's targets but the last, which gets the rest (`share` lines).
  struct Share {
    CardId ship = -1;
    CardId target = -1;
    int amount = 0;
    bool operator==(const Share&) const = default;
  };
  std::vector<Share> shares;
  // Jam, Warp Scramble and Sensor Dampen targets are lingering effects of this
  // Combat phase (GameState::effects, until combat_phase), not lists here.
  std::vector<std::pair<CardId, CardId>> forced;        // Patrol: attacker -> patrolling ship
  std::vector<std::pair<CardId, std::string>> withdrawals;  // announced: ship -> destination
  std::vector<CardId> queue;         // ships still to decide (assignment / forced withdrawal)
  std::vector<PileItem> triggered;   // keyword abilities waiting for their targets
  bool must_withdraw = false;        // queue holds ships that must withdraw
  bool defender_left = false;        // a defending ship left play during this Combat phase
};

// A choice made while the pile resolves (resolution waits for it).
struct ResolutionChoice {
  enum class Kind {
    None, Discard, SacrificeLocation, MineLocation, PutBack, May, DestroyShip, Search,
    GiveOrder,   // Frontline Intelligence: the order the target ship (source) gets
    Region,      // a region of the seat's choice (source: the card)
    Copy,        // Reflection of Time: the location it copies (or none)
    Under        // Blood Rogue: a hand card to put face down under a ship (or none)
  };
  Kind kind = Kind::None;
  SeatIndex seat = -1;
  int count = 0;       // MineLocation: Mine Minerals strength; PutBack: trades left; May: effect index
  CardId source = -1;
  std::string region{};  // source -1: the remote region whose ability asks (Dam Torsad)
};

// A lingering (continuous) effect: issue 12 section 1, the one effect layer
// (README "Cards as data"). It has a source, what it affects, the change and a
// duration; characteristics are computed from the printed values through the
// static abilities in play and then these effects, in the order they were
// created (match_layer.cpp).
struct LingeringEffect {
  CardId source = -1;          // the card that created it
  SeatIndex controller = -1;   // its controller when created ("friendly" is his)
  CardId card = -1;            // the affected card, or -1 with `region`:
  std::string region{};        // every friendly ship (of `controller`) in this region
  Change change{};             // what it changes (a characteristic, a permission)
  Duration until = Duration::EndOfTurn;
  Condition condition = Condition::Always;  // applies only while this holds
  bool operator==(const LingeringEffect&) const = default;
};

struct GameState {
  std::vector<CardInstance> cards;
  std::vector<SeatState> seats;
  std::vector<Region> regions;  // home regions first (seat order), then remote in play order
  std::vector<PileItem> pile;   // back = top
  int turn = 1;
  SeatIndex first = 0;
  SeatIndex active = 0;
  Phase phase = Phase::Mulligan;
  Step step = Step::Mulligan;
  Pending pending = Pending::Mulligan;
  SeatIndex prompt_seat = 0;    // who holds the open prompt
  int passes = 0;               // consecutive passes in the current priority round
  bool region_played = false;   // "only one remote region per turn"
  bool resolving = false;       // the pile is resolving (waiting for a choice)
  // The active seat left the game while the pile held other seats' items: the
  // pile resolves (in this turn), then the turn ends.
  bool turn_ends = false;
  ResolutionChoice choice;      // the open choice while resolving
  // Pending abilities that triggered while the pile resolved: "they wait until
  // that pile has fully resolved and then form their own pile" (Errata).
  std::vector<PileItem> waiting;
  CombatState combat;
  std::vector<CardId> mined;    // locations mined this turn ("one ship at a time ... each turn")
  // Pilots whose ship left play (now on the scrapheap) waiting for their
  // owner's decision to pay the clone cost (asked before the next pile forms).
  std::vector<CardId> clones;
  // Lingering effects in the order they were created (match_layer.cpp): EMP
  // Minefield's "no jump this Management phase", Ahremen Arkah's prevention,
  // Depleted Resources, Field Supply Router's boost, Stubborn Mechanic's shield,
  // the targets of Jam, Warp Scramble and Sensor Dampen (this Combat phase), ...
  std::vector<LingeringEffect> effects;
  // Cards lying face down under ships (card, ship), in the order put there (Blood Rogue).
  std::vector<std::pair<CardId, CardId>> under;
  std::optional<rules::MatchResult> result;
  Variants variants{};
  // "Seats at the table are chosen randomly": the seats in table order,
  // clockwise (table[0] sits at position 0). Drawn from the match seed at
  // setup; empty = index order (positions without a `table` line).
  std::vector<SeatIndex> table{};

  int living_seats() const;
  // The next seat still in the game clockwise from `from` (table order): the
  // next to play, and the player sitting to `from`'s left.
  SeatIndex next_living(SeatIndex from) const;
  // The previous seat still in the game (the player sitting to `from`'s right).
  SeatIndex previous_living(SeatIndex from) const;
  // Table position of a seat (0..n-1).
  int table_position(SeatIndex seat) const;
  // The seat at table position `position` (mod n).
  SeatIndex seat_at(int position) const;
  // Hunter and Prey: `seat`'s prey (the player to its left), or -1 (variant off, seat out).
  SeatIndex prey_of(SeatIndex seat) const;

  // Alliances (README "Alliances"). Without the variant every seat is an
  // alliance of its own, so these are the free-for-all answers.
  // The seat's alliance: seat % 2 with alliances, else the seat itself.
  int alliance_of(SeatIndex seat) const;
  // Same alliance (a seat is its own ally); allies' cards are "friendly"
  // (Glossary), every other seat's are "enemy".
  bool allied(SeatIndex a, SeatIndex b) const;
  // The seat's alliance from left to right (L200 "Priority within an alliance
  // goes from left to right"), seats out of the game included: allies sit
  // side by side, the leftmost is the one whose left neighbour is no ally.
  std::vector<SeatIndex> members(SeatIndex seat) const;
  // The first member still in the game (left to right); the seat itself if none.
  SeatIndex lead(SeatIndex seat) const;
  // The next member still in the game to the right of `seat`, or -1.
  SeatIndex next_member(SeatIndex seat) const;
  // Every member of the seat's alliance is out of the game.
  bool side_out(SeatIndex seat) const;
  // Alliances (or seats) with a member still in the game.
  int living_sides() const;
  // Who receives priority after `from`: the next member of its alliance to
  // the right, then the next alliance clockwise from its leftmost member
  // (free-for-all: next_living).
  SeatIndex next_priority(SeatIndex from) const;
  // Whose turn comes after the turn of `active`'s alliance: the lead of the
  // next alliance clockwise (free-for-all: next_living).
  SeatIndex next_turn(SeatIndex active) const;
  // The key of the seat's home region: home<seat>; with alliances the one
  // home region of its alliance, home<seat % 2> (L202).
  std::string home_of(SeatIndex seat) const;
  // A home region whose owners are all out of the game.
  bool home_lost(const Region& r) const;
  // The seat whose base counter takes damage dealt to the base(s) of a home
  // region: its owner, or (alliances) the lead of its alliance.
  SeatIndex home_holder(const Region& r) const;
  // Who controls a location in region r: the region's controller (-1: none);
  // in an alliance's home region each member controls the locations he owns
  // (enemy locations there: the region's controller).
  SeatIndex location_controller(const Region& r, CardId location) const;
  const Region* region(const std::string& key) const;
  Region* region(const std::string& key);
};

std::string card_ref(CardId id);                    // "c<id+1>"
std::optional<CardId> parse_card_ref(const std::string& text);  // inverse
std::string home_key(SeatIndex seat);               // "home<seat>"
std::string to_string(Phase phase);
std::string to_string(Step step);
std::string to_string(Pending pending);

}  // namespace concord::eve
