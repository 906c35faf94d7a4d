// The shipped games and seeded setups for the random-bot tests of the wire
// adapters and view deltas: seats take the starter decks in turn from game n,
// options their defaults (four EverZone seats play two against two).
#pragma once

#include <string>

#include "botplay/bot_play.hpp"
#include "concord/server/shipped_games.hpp"

namespace concord::server::games::setups {

inline const GameEntry& shipped(const std::string& id) {
  static const GameCatalog catalog = shipped_games();
  return *catalog.find(id);
}

inline rules::MatchSetup seeded_setup(const GameEntry& game, int seats, std::uint64_t n) {
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  if (seats == 4) {  // EverZone: four seats play two against two, with at least 30 points a team
    setup.options["teams"] = "true";
    setup.options["command_points"] = "40";
  }
  const auto& decks = game.starter_decks;
  for (int i = 0; i < seats; ++i) {
    setup.seats.push_back({"bot", decks[(n + static_cast<std::uint64_t>(i)) % decks.size()]});
  }
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

}  // namespace concord::server::games::setups
