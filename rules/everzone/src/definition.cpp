#include "concord/everzone/definition.hpp"

#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/everzone_match.hpp"

namespace concord::everzone {

rules::GameDefinition definition() {
  rules::GameDefinition def;
  def.id = kGameId;
  def.name = "EverZone: Strategic Battles in the Universe";
  def.min_seats = 2;
  def.max_seats = 6;
  def.needs_deck = true;
  rules::OptionSpec cp;
  cp.name = "command_points";
  cp.description =
      "Command Points per player (2 or 3 players: 10 short, 20 standard, 30 long) or per team (teams: 30 to 60)";
  cp.kind = rules::OptionSpec::Kind::Integer;
  cp.default_value = "20";
  cp.min = 10;
  cp.max = 60;
  def.options.push_back(cp);
  rules::OptionSpec teams;
  teams.name = "teams";
  teams.description =
      "Team game: 4 seats = 2-vs-2, 6 seats = 3-vs-3 (seats 0,2,4 against 1,3,5); off for 2 or 3 players";
  teams.kind = rules::OptionSpec::Kind::Boolean;
  teams.default_value = "false";
  def.options.push_back(teams);
  def.validate_deck = [](const rules::Deck& deck) { return validate_deck(CardDb::builtin(), deck); };
  def.check_room = check_room;
  def.create = [](const rules::MatchSetup& setup) -> std::unique_ptr<rules::Match> {
    auto state = initial_state(CardDb::builtin(), setup);
    if (!state) return nullptr;
    return std::make_unique<EverZoneMatch>(CardDb::builtin(), std::move(*state), true);
  };
  return def;
}

}  // namespace concord::everzone
