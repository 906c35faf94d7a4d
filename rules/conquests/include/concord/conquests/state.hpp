// The whole state of an EVE: Conquests match: board, political landscape,
// Empire cards, calendar, project decks, the turn and battle in progress, and
// what the engine waits for (Pending). Plain data; the Engine changes it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "concord/conquests/data.hpp"
#include "concord/rules/rng.hpp"
#include "concord/rules/types.hpp"

namespace concord::conquests {

inline constexpr int kUnitsPerEmpire = 60;
inline constexpr int kSquares = 9;           // political landscape: square = nebula * 3 + column
inline constexpr int kNoSeat = -1;

enum class EndCondition { Trinity = 0, Revelation = 1 };
enum class Length { Normal = 0, Long = 1, Epic = 2 };

// A region on the star map. `units` are the owner's (the bottom of the stack);
// `agents` are other seats' chips above them, bottom first, one entry per chip.
struct RegionState {
  bool exists = true;     // false: not used with two players (orange and red)
  int owner = kNoSeat;    // kNoSeat: empty (an HQ region is always its HQ's)
  int units = 0;
  std::vector<int> agents;
  int hq = kNoSeat;       // headquarters of this seat
  int outpost = -1;       // Kind of the outpost (-1: none)
  bool operator==(const RegionState&) const = default;
};

// One square of the political landscape: Region cards (region indices), top last.
struct Square {
  std::vector<int> cards;
  bool revealed = false;  // the top card is face up (its Region marker is on the map)
  bool operator==(const Square&) const = default;
};

struct CardInPlay {
  int card = 0;   // instance
  int token = 0;  // Kind of the resource token on it
  bool operator==(const CardInPlay&) const = default;
};

struct PlayerState {
  std::array<int, kKinds> schedule{};  // tokens allocated per schedule (0..2): level = 1 + tokens
  std::array<int, kKinds> reserves{};
  std::vector<int> hand;               // project card instances
  std::vector<CardInPlay> in_play;     // token cards in effect
  std::vector<int> region_cards;       // claimed or stolen Region cards (region indices)
  bool operator==(const PlayerState&) const = default;
};

// A Seal (seat >= 0) or the Impending Doom EVE marker (seat == kNoSeat).
struct Seal {
  int seat = kNoSeat;
  int kind = 0;   // Kind
  int month = 0;  // absolute month: 0 = January of the first year
  int order = 0;  // place within the month: lower = nearer the centre = sooner
  bool operator==(const Seal&) const = default;
};

struct TurnState {
  int seat = kNoSeat;
  int kind = 0;
  int actions = 0;                   // actions left
  bool claimed = false;              // Region cards claimed this development turn
  std::vector<char> acted;           // per region: units moved/attacked from/to (logistics)
  std::vector<char> planted;         // per region: an agent planted this turn
  std::vector<int> produced;         // per region: units produced this turn
  std::vector<char> present;         // per region: owned or agent at the start of the turn
  bool operator==(const TurnState&) const = default;
};

struct Dice {
  std::array<int, 3> count{};        // damage, shield, tactics
  bool operator==(const Dice&) const = default;
};

// Side 0 = attacker, 1 = defender.
struct Battle {
  std::array<int, 2> seat{};
  std::array<int, 2> region{};       // from, attacked
  std::array<int, 2> power_bonus{};  // cards played in this battle
  std::array<int, 2> shield_bonus{};
  std::array<int, 2> damage_bonus{};
  std::array<bool, 2> passed{};      // card window: side done playing cards
  int advantage = -1;                // side with more agents (asks a question), -1: none
  int question = -1;                 // DieColour asked, -1: not yet
  std::array<std::optional<Dice>, 2> choice;  // sealed until both have chosen
  std::array<std::array<int, 3>, 2> rolled{}; // symbols rolled per side: damage, shield, tactics
  int tactics_side = -1;             // side spending tactical actions
  int tactics_left = 0;
  std::array<int, 2> absorb{};       // damage absorbed by each side's tactics
  std::array<int, 2> lowered{};      // shields of each side lowered by the other's tactics
  bool operator==(const Battle&) const = default;
};

// A region lost in a battle, waiting for its aftermath.
struct Loss {
  int region = 0;
  int victim = 0;
  int winner = 0;         // the other seat of the battle
  int from = -1;          // the winner's battle region (invasion source)
  int outpost = -1;       // Kind of the destroyed outpost (-1: none)
  int stage = 0;          // 0 token, 1 steal, 2 invade
  bool operator==(const Loss&) const = default;
};

enum class Pending {
  SetupFlip,    // seat flips a landscape square (setup round)
  SetupHq,      // seat places its headquarters
  SetupUnit,    // seat places one unit (eight rounds)
  ChooseSeal,   // seat owns the next Seals one after the other: which first
  Discard,      // start of a turn: discard a card of the turn's type for an action
  Turn,         // actions, outposts, claims, cards, end of turn
  FlipAfterClaim,
  CardTarget,   // a played card waits for its target
  MoveUnits,    // distributing moved units
  Schedule,     // end of turn: the level of the next schedule
  CombatCards,  // battle: card window (attacker, then defender)
  Dice,         // battle: secret dice choices
  Ask,          // battle: the agent-advantage question
  Tactics,      // battle: spending tactical actions
  TokenLoss,    // aftermath: the winner picks where a lost token comes from
  Steal,        // aftermath: the winner may steal a Region card
  Invade,       // aftermath: the winner may invade
  Over
};
const char* pending_name(Pending p);

// Where the EVE marker starts: Trinity years (normal 2, long 3, epic 4) or the
// Revelation victory points (4 players 15/20/25, 3 players 20/25/30, 2 players 10/15/20).
int eve_marker_start(EndCondition end, Length length, int players);

struct GameState {
  int players = 0;
  EndCondition end = EndCondition::Trinity;
  Length length = Length::Normal;
  bool doom = false;                 // Impending Doom option
  bool doom_active = false;          // the EVE marker is on the calendar
  int eve_marker = 0;                // Trinity: years left; Revelation: victory points to reach
  int first = 0;                     // first player of the setup round
  int month = 0;                     // the time wheel (absolute month)
  int next_order = 0;                // counter for Seal places
  int setup_round = 0;               // unit placement rounds done
  std::vector<RegionState> regions;
  std::array<Square, kSquares> landscape{};
  std::vector<PlayerState> seats;
  std::vector<Seal> seals;
  std::vector<int> card_of;          // instance -> RulesData card index
  std::array<std::vector<int>, kKinds> decks{};     // top last
  std::array<std::vector<int>, kKinds> discards{};
  std::array<int, kKinds> token_supply{};           // resource tokens left in the box
  int outpost_supply = 60;
  Pending pending = Pending::SetupFlip;
  int pending_seat = 0;
  int pending_count = 0;             // flips left / card being resolved / moving region
  int move_left = 0;                 // MoveUnits: units still movable from the source
  bool moved_any = false;
  TurnState turn;
  std::optional<Battle> battle;
  std::vector<Loss> losses;          // aftermath queue, front first
  std::optional<rules::MatchResult> result;
  rules::Rng rng;

  explicit GameState(const rules::Seed& seed) : rng(seed) {}
};

}  // namespace concord::conquests
