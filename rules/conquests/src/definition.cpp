#include "concord/conquests/definition.hpp"

#include "concord/conquests/conquests_match.hpp"
#include "engine.hpp"

namespace concord::conquests {

namespace {

// `seats` 0: the listing of every room (all player counts); otherwise the
// options of a room with that many players, the length saying exactly where
// the EVE marker starts for that count.
std::vector<rules::OptionSpec> option_specs(int seats = 0) {
  rules::OptionSpec end;
  end.name = "end_condition";
  end.description = "Trinity: the game ends after a number of in-game years; Revelation: when a player reaches a "
                    "number of victory points";
  end.kind = rules::OptionSpec::Kind::Choice;
  end.default_value = "trinity";
  end.choices = {"trinity", "revelation"};
  rules::OptionSpec length;
  length.name = "length";
  if (seats == 0) {
    length.description = "normal, long or epic: Trinity 2, 3 or 4 years; Revelation 15/20/25 (4 players), "
                         "20/25/30 (3), 10/15/20 (2) victory points";
  } else {
    std::string points;
    for (auto l : {Length::Normal, Length::Long, Length::Epic})
      points += (points.empty() ? "" : "/") + std::to_string(eve_marker_start(EndCondition::Revelation, l, seats));
    length.description = "normal, long or epic: Trinity 2, 3 or 4 years; Revelation " + points +
                         " victory points with " + std::to_string(seats) + " players";
  }
  length.kind = rules::OptionSpec::Kind::Choice;
  length.default_value = "normal";
  length.choices = {"normal", "long", "epic"};
  rules::OptionSpec doom;
  doom.name = "impending_doom";
  doom.description = "Impending Doom: when the end condition is met, the game goes on until a blank tactics roll";
  doom.kind = rules::OptionSpec::Kind::Boolean;
  doom.default_value = "false";
  return {end, length, doom};
}

}  // namespace

rules::GameDefinition definition() {
  rules::GameDefinition def;
  def.id = kGameId;
  def.name = "EVE: Conquests";
  def.min_seats = 2;
  def.max_seats = 4;
  def.needs_deck = false;
  def.options = option_specs();
  def.options_for_seats = [](int seats) { return option_specs(seats); };
  def.create = [](const rules::MatchSetup& setup) -> std::unique_ptr<rules::Match> {
    auto state = initial_state(StarMap::builtin(), RulesData::builtin(), setup);
    if (!state) return nullptr;
    return std::make_unique<ConquestsMatch>(std::move(*state), true);
  };
  return def;
}

}  // namespace concord::conquests
