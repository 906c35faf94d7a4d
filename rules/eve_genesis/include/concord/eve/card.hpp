// One card definition (the C++ mirror of data.Card in proto/eve_cards.proto).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace concord::eve {

enum class CardType { Base, RemoteRegion, Ship, News, Structure, Location, Character };
enum class Race { Amarr, Caldari, Gallente, Minmatar };
enum class OrderKind {
  Ambush, Patrol, Jam, Kamikaze, SensorDampen, WarpScramble, MineMinerals, Trade, Haul, Tank, Sniper
};

// The values are the proto's (data.EffectKind); gaps are retired kinds.
enum class EffectKind {
  DrawCards = 1, DestroyTarget = 3, DiscardCards = 4, SacrificeLocation = 5, Handler = 6,
  WinIfInPlay = 7, DamageTarget = 8, AddEffect = 9, MoveTarget = 10, PutLocationFromScrapheap = 11,
  GiveOrder = 13, ForceWithdrawTarget = 16, MayPayReturnSelfToHand = 17, RevealLocationIntoPlay = 19,
  ReturnShipsHome = 20, CopyLocation = 21, PutCardUnderShip = 22
};
// MOVE_TARGET: the owner's zone the target goes to.
enum class Zone { None, OwnerHand, OwnerMarketBottom, OwnerDocks };
enum class Trigger {
  WhenResolved, EntersPlay, StartOfTurn, Activated, LocationPlayedHere, StartOfCombatPhase,
  StartOfWithdrawal, WhenDestroyed, StartOfOpponentTurn, BaseUpgraded
};
enum class TargetKind { None, Ship, News, Card, ScrapheapLocation, RemoteRegion, PilotedShip };
enum class AbilityCost { None, SacrificeSelf, ReturnSelfToHand };
enum class AbilityRole { Any, Agent, Pilot };

// The change of a continuous effect (static abilities and lingering effects
// share it: issue 12, one effect layer). Numbers add to a characteristic;
// the others are permissions taken away or damage prevented.
enum class ChangeKind {
  None,
  Shield,          // [+amount shield]
  Attack,          // [+amount attack]
  Jam,             // Jam +amount (added to existing Jam abilities)
  CannotExecute,   // cannot execute `order` ("" = any order)
  CannotJump,      // cannot jump (EMP Minefield FAQ: grounded)
  PreventDamage,   // prevent all damage dealt to it
  CannotWithdraw   // cannot withdraw from the battle (Warp Scramble)
};
struct Change {
  ChangeKind kind = ChangeKind::None;
  int amount = 0;
  std::string order{};  // CannotExecute: an order kind ("mine_minerals"), "" = every order
  bool operator==(const Change&) const = default;
};
// How long a lingering effect lasts.
enum class Duration {
  WhileSourceInPlay,  // "while <source> remains in play" (a News naming a ship)
  EndOfTurn,          // "until end of turn"
  EndOfPhase,         // "for the rest of that ... phase"
  EndOfCombatPhase    // "during this Combat phase"
};
// "for as long as a condition holds": checked whenever the effect is read.
enum class Condition {
  Always,
  InRemoteRegion,      // the affected ship is in a remote region
  WithFriendlyCompany  // another friendly ship is in the affected ship's region
};

// The values are the proto's (data.StaticKind); gaps are retired kinds.
enum class StaticKind {
  None = 0, Change = 1, IncomeAllPlayers = 4, AttackPerExcessShips = 5, PreventDamageFromShips = 6,
  GainCostOfDestroyedFriendly = 8, OpponentsOnlyNews = 9, RedirectFriendlyDamage = 10, MultiTarget = 11
};
enum class StaticScope {
  Self, EnemyShipsInRegion, OtherFriendlyShipsInRegion, FriendlyShipsInRegion,
  FriendlyShipsInHomeRegion, AllShipsInRegion
};

struct StaticDef {
  StaticKind kind = StaticKind::None;
  int amount = 0;
  StaticScope scope = StaticScope::Self;
  std::vector<Change> changes{};        // StaticKind::Change
  Condition condition = Condition::Always;
};

struct EffectDef {
  EffectKind kind = EffectKind::DrawCards;
  int amount = 0;
  TargetKind target = TargetKind::None;
  Trigger trigger = Trigger::WhenResolved;
  std::string handler;
  // Activated abilities ("cost : effect").
  int cost_credits = 0;
  AbilityCost cost = AbilityCost::None;
  bool target_in_region = false;
  bool target_attacking = false;
  AbilityRole role = AbilityRole::Any;
  // Pending abilities with targets: up to max_targets ships (DAMAGE_TARGET divides amount).
  int max_targets = 0;
  bool optional = false;        // "you may": no target declines
  bool target_friendly = false;  // "target friendly ship"
  int target_max_shield = 0;    // "target ship with shield N or less" (0 = any)
  bool amount_is_x = false;     // amount = the X paid
  std::string faction;          // "a Blood Raiders ship"
  // AddEffect: the changes, their duration and condition; MoveTarget: where to.
  std::vector<Change> changes{};
  Duration duration = Duration::WhileSourceInPlay;
  Condition condition = Condition::Always;
  Zone to = Zone::None;

  // A pending ability that names ship targets when it goes on the pile.
  bool pending_targets() const {
    return trigger != Trigger::WhenResolved && trigger != Trigger::Activated && target == TargetKind::Ship;
  }
  int target_limit() const { return max_targets > 0 ? max_targets : 1; }
};

struct OrderDef {
  OrderKind kind = OrderKind::Patrol;
  int strength = 0;
  int side = 0;
};

// "On the reverse side of every base card is its upgraded version."
struct UpgradeDef {
  std::string name;
  int cost = 0;
  int shield = 0;
  int income = 0;
  int locations = 0;
  std::string text;
};

struct CardDef {
  std::string id;
  std::string name;
  CardType type = CardType::Ship;
  std::string subtype;
  std::vector<Race> races;  // empty = any race
  int cost = 0;
  bool x_cost = false;
  int income = 0;
  int shield = 0;
  int attack = 0;
  int build = 0;
  int duration = 0;
  bool duration_infinite = false;
  int locations = 0;
  bool locations_unlimited = false;
  int mineral_volume = 0;
  int clone_cost = 0;
  bool limited = false;
  std::vector<OrderDef> orders;
  std::vector<OrderDef> keywords;  // keyword abilities (Jam X, Kamikaze X, ...), not orders
  std::string text;
  UpgradeDef upgrade;              // bases only
  std::vector<std::string> chosen;  // fields not given by the rulebook
  std::string source;
  std::vector<EffectDef> effects;
  bool untargetable = false;
  bool untargetable_by_news = false;
  bool indestructible = false;
  bool x_is_target_cost = false;
  bool no_attack_jumps = false;   // News: ships cannot jump into enemy regions
  bool locations_locked = false;  // remote regions: locations cannot leave or be played into it
  std::vector<StaticDef> statics;
  bool upgrade_as_news = false;   // bases: upgrade whenever News could be played (Holder Tower)
  std::string faction;            // ships: a pirate faction ("Blood Raiders")

  bool has_static(StaticKind kind) const;

  TargetKind target() const;  // the kind of target a played card names (News effects), or None

  bool playable_by(Race race) const;  // race icons
  bool stays_in_play() const { return duration > 0 || duration_infinite; }  // News
};

std::string to_string(CardType type);
std::string to_string(Race race);
std::string to_string(OrderKind kind);
std::string to_string(ChangeKind kind);
std::string to_string(Duration d);
std::string to_string(Condition c);
std::optional<ChangeKind> change_kind_from(const std::string& text);
std::optional<Duration> duration_from(const std::string& text);
std::optional<Condition> condition_from(const std::string& text);

}  // namespace concord::eve
