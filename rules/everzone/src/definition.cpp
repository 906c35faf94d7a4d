#include "concord/everzone/definition.hpp"

#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "command_points.hpp"

namespace concord::everzone {

namespace {

// L10 "At the start, the players choose the number of Command Points (CP) ...
// In a 1-vs-1 game the standard is 20 CP (10 for a short game, 30 for a long
// one). In a team game (2-vs-2 or 3-vs-3) you should use at least 30 CP";
// L75 "at least 30–60 total CP per team (30 for a short game, 60 for a long
// one)". 10/20/30 and 30/60 are examples: any whole number is accepted.
// Chosen: at most kMaxCommandPoints (the scoring table counts tens and units:
// "3 scoring tables with 3 red and 3 blue tokens (for tens and units)"), at
// least 1; teams at least 30; team default 40 (the middle of 30–60).
// `exact` describes one seat count (teams or not); otherwise the union.
rules::OptionSpec command_points_option(bool exact, bool teams) {
  rules::OptionSpec cp;
  cp.name = "command_points";
  cp.kind = rules::OptionSpec::Kind::Integer;
  cp.max = kMaxCommandPoints;
  if (!exact) {
    cp.description =
        "Command Points per player (2 or 3 players: 10 short, 20 standard, 30 long, or any 1 to 99) or per team "
        "(teams: at least 30, 30 short to 60 long)";
    cp.default_value = "20";
    cp.min = kMinCommandPoints;
  } else if (teams) {
    cp.description = "Command Points per team: at least 30 (30 short, 60 long), up to 99";
    cp.default_value = "40";
    cp.min = kMinTeamCommandPoints;
  } else {
    cp.description = "Command Points per player: 10 short, 20 standard, 30 long, or any 1 to 99";
    cp.default_value = "20";
    cp.min = kMinCommandPoints;
  }
  return cp;
}

// 4 and 6 seats are always team games, 2 and 3 seats never are.
rules::OptionSpec teams_option(bool exact, bool teams) {
  rules::OptionSpec option;
  option.name = "teams";
  option.description =
      "Team game: 4 seats = 2-vs-2, 6 seats = 3-vs-3 (seats 0,2,4 against 1,3,5); off for 2 or 3 players";
  if (!exact) {
    option.kind = rules::OptionSpec::Kind::Boolean;
    option.default_value = "false";
    return option;
  }
  option.kind = rules::OptionSpec::Kind::Choice;
  option.default_value = teams ? "true" : "false";
  option.choices = {option.default_value};
  return option;
}

}  // namespace

rules::GameDefinition definition() {
  rules::GameDefinition def;
  def.id = kGameId;
  def.name = "EverZone: Strategic Battles in the Universe";
  def.min_seats = 2;
  def.max_seats = 6;
  def.needs_deck = true;
  def.seat_counts = {2, 3, 4, 6};
  def.options = {command_points_option(false, false), teams_option(false, false)};
  def.options_for_seats = [](int seats) {
    const bool teams = seats >= 4;
    return std::vector<rules::OptionSpec>{command_points_option(true, teams), teams_option(true, teams)};
  };
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
