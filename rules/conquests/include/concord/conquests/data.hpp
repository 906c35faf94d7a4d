// The static data of EVE: Conquests: the star map (data/map.txt), the Empire
// card schedules and combat dice (data/empire.txt) and the project cards
// (data/projects.txt), embedded at build time and checked at load.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace concord::conquests {

inline constexpr const char* kGameId = "conquests";

// Turn types = Seal types = schedule types = resource token types = project decks.
enum class Kind { Development = 0, Production = 1, Logistics = 2 };
inline constexpr int kKinds = 3;
const char* kind_name(Kind k);                          // "development", ...
std::optional<Kind> kind_from(std::string_view name);

// Region value colours: green 1, blue 2, orange 3, red 4 victory points.
enum class Colour { Green = 0, Blue = 1, Orange = 2, Red = 3 };
const char* colour_name(Colour c);
std::optional<Colour> colour_from(std::string_view name);
inline int colour_value(Colour c) { return static_cast<int>(c) + 1; }

inline constexpr int kNebulae = 3;                      // rows of the political landscape
const char* nebula_name(int nebula);                    // "crimson", "azure", "amber"

struct Region {
  std::string key;   // "verge_vendor": option ids, positions
  std::string name;  // "Verge Vendor"
  Colour colour = Colour::Green;
  int nebula = 0;
  int hops = 0;      // gates from the empire high-security core (the colour rule's key)
  std::vector<int> gates;  // adjacent regions (indices), sorted
};

class StarMap {
 public:
  // Parses data/map.txt; errors as "line N: ..." in *error.
  static std::optional<StarMap> parse(std::string_view text, std::string* error);
  static const StarMap& builtin();

  int size() const { return static_cast<int>(regions_.size()); }
  const Region& region(int i) const { return regions_.at(static_cast<std::size_t>(i)); }
  std::optional<int> find(std::string_view key) const;
  bool adjacent(int a, int b) const;
  int gate_count() const;

 private:
  std::vector<Region> regions_;
};

struct Schedule {
  int actions = 0;
  int months = 0;
  bool chosen = true;
};

enum class Effect {
  ExtraAction,    // one more action this turn (turn of the card's deck type)
  FreeExpand,     // a unit on an empty region adjacent to one you own
  RevealRegion,   // flip a face-down landscape top
  ScheduleBonus,  // token card: +amount actions in turns of the card's deck type
  BattlePower,    // combat: power +amount
  BattleShields,  // combat: +amount shield points after the roll
  BattleDamage,   // combat: +amount damage points after the roll
  StandingPower,  // token card: +amount power in every battle
  AdvanceSeal,    // one of your other Seals one month earlier
  DelaySeal,      // an opponent's Seal one month later
};
const char* effect_name(Effect e);

struct ProjectCard {
  std::string id;
  std::string name;
  Kind deck = Kind::Development;
  int copies = 0;
  std::optional<Kind> token;  // the resource token it needs (token cards)
  Effect effect = Effect::ExtraAction;
  int amount = 0;
  std::string text;
  bool combat() const;  // played only in a battle's card window
};

class RulesData {
 public:
  static std::optional<RulesData> parse(std::string_view empire_text, std::string_view projects_text,
                                        std::string* error);
  static const RulesData& builtin();

  const Schedule& schedule(Kind k, int level) const;  // level 1..3
  const std::vector<std::string>& actions(Kind k) const { return actions_[static_cast<int>(k)]; }
  const std::array<int, 6>& die(int colour) const { return dice_.at(static_cast<std::size_t>(colour)); }
  int start_month(Kind k) const { return start_[static_cast<int>(k)]; }
  const std::vector<ProjectCard>& cards() const { return cards_; }
  const ProjectCard& card(int i) const { return cards_.at(static_cast<std::size_t>(i)); }
  std::optional<int> find_card(std::string_view id) const;

 private:
  friend class RulesDataParser;
  std::array<std::array<Schedule, 3>, kKinds> schedules_{};
  std::array<std::vector<std::string>, kKinds> actions_{};
  std::array<std::array<int, 6>, 3> dice_{};  // damage, shield, tactics
  std::array<int, kKinds> start_{};
  std::vector<ProjectCard> cards_;
};

// Dice colours as indices into RulesData::die and Dice arrays.
enum DieColour { kDamage = 0, kShield = 1, kTactics = 2 };

}  // namespace concord::conquests
