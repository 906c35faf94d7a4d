// definition(): registry entry for "eve_genesis".
#include "concord/eve/definition.hpp"

#include "concord/eve/deck_rules.hpp"
#include "concord/eve/eve_match.hpp"

namespace concord::eve {

namespace {

// "Optional Variants" (Multiplayer Rules). They are multiplayer rules: with
// 2 seats only their "off" values are accepted. `seats` 0 = the union (listings).
std::vector<rules::OptionSpec> variant_options(int seats) {
  const bool multi = seats == 0 || seats >= 3;
  rules::OptionSpec range;
  range.name = "range";
  range.description =
      "Range (3-4 seats): 1 = ships may jump only into the regions of the player to your left; "
      "2 = to your left and right; off = anywhere";
  range.kind = rules::OptionSpec::Kind::Choice;
  range.default_value = "off";
  range.choices = multi ? std::vector<std::string>{"off", "1", "2"} : std::vector<std::string>{"off"};
  rules::OptionSpec hunter;
  hunter.name = "hunter_and_prey";
  hunter.description =
      "Hunter and Prey (3-4 seats): the player to your left is your prey; when it is eliminated you draw 2 cards";
  hunter.kind = multi ? rules::OptionSpec::Kind::Boolean : rules::OptionSpec::Kind::Choice;
  hunter.default_value = "false";
  if (!multi) hunter.choices = {"false"};
  rules::OptionSpec destroying = hunter;
  destroying.name = "destroying_prey";
  destroying.description =
      "Destroying Prey (with hunter_and_prey): the hunter also attaches the prey's base to its own (+2 income)";
  // Alliances (L197-206), a team format: chosen, two alliances of two (seats
  // 0 and 2 against 1 and 3), so only a 4-seat room offers `true`.
  const bool four = seats == 0 || seats == 4;
  rules::OptionSpec alliances;
  alliances.name = "alliances";
  alliances.description =
      "Alliances (4 seats: seats 0 and 2 against 1 and 3): one turn and one home region per alliance, the bases' "
      "shields added together in the Results step; not with range or hunter_and_prey";
  alliances.kind = four ? rules::OptionSpec::Kind::Boolean : rules::OptionSpec::Kind::Choice;
  alliances.default_value = "false";
  if (!four) alliances.choices = {"false"};
  return {range, hunter, destroying, alliances};
}

}  // namespace

Variants variants_from_options(const rules::OptionValues& options) {
  Variants v;
  const auto range = options.find("range");
  if (range != options.end() && range->second != "off") v.range = range->second == "2" ? 2 : 1;
  const auto flag = [&](const char* name) {
    const auto it = options.find(name);
    return it != options.end() && it->second == "true";
  };
  v.hunter = flag("hunter_and_prey");
  v.destroying = flag("destroying_prey");
  v.alliances = flag("alliances");
  return v;
}

std::optional<std::string> check_room(const rules::OptionValues& options, int seats) {
  const Variants v = variants_from_options(options);
  if (seats < 3 && (v.range > 0 || v.hunter || v.destroying))
    return "the optional variants (range, hunter_and_prey, destroying_prey) are multiplayer rules: 3 or 4 seats";
  if (v.destroying && !v.hunter) return "destroying_prey is a Hunter and Prey reward: set hunter_and_prey=true too";
  // Chosen: two alliances of two; Range and Hunter and Prey speak of the
  // players to your left and right in a free-for-all, so they do not combine.
  if (v.alliances && seats != 4) return "alliances are two alliances of two: 4 seats (seats 0 and 2 against 1 and 3)";
  if (v.alliances && (v.range > 0 || v.hunter)) {
    return "alliances do not combine with range or hunter_and_prey (free-for-all variants)";
  }
  return std::nullopt;
}

rules::GameDefinition definition() {
  rules::GameDefinition def;
  def.id = kGameId;
  def.name = "EVE: The Second Genesis";
  def.min_seats = 2;
  def.max_seats = 4;
  def.needs_deck = true;
  def.options = variant_options(0);
  def.options_for_seats = [](int seats) { return variant_options(seats); };
  def.check_room = check_room;
  def.validate_deck = [](const rules::Deck& deck) { return validate_deck(deck); };
  def.create = [](const rules::MatchSetup& setup) -> std::unique_ptr<rules::Match> {
    std::vector<rules::Deck> decks;
    for (const auto& seat : setup.seats) {
      if (!seat.deck || !validate_deck(*seat.deck).empty()) return nullptr;
      decks.push_back(*seat.deck);
    }
    if (decks.size() < 2 || decks.size() > 4) return nullptr;
    if (check_room(setup.options, static_cast<int>(decks.size()))) return nullptr;
    return std::make_unique<EveMatch>(CardDb::standard(), decks, setup.seed, variants_from_options(setup.options));
  };
  return def;
}

}  // namespace concord::eve
