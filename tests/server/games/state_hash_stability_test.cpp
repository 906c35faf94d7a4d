// The state hash a room journals with every command is compared again when a
// match is rebuilt (recovery after a restart, a judge's rollback): a change to
// how a game hashes its state, however harmless it looks, makes every match
// journaled by the version before fail to recover ("state hash differs after
// replay"). These pin the hashes of seeded games, so that a refactor of a
// game's state hash (or of the EVE position text it hashes) cannot change
// them unnoticed. If a rules change alters them on purpose, matches in flight
// across that upgrade will not recover: update the values and say so.
#include <gtest/gtest.h>

#include "shipped_game_setup.hpp"

namespace concord::server::games {
namespace {

// The hashes (their first 16 digits) after commands 1, 10, 40 and 60 (or
// the last) of seeded random-bot game n, joined by spaces.
std::string hashes_of(const std::string& id, int seats, std::uint64_t n) {
  const auto& game = setups::shipped(id);
  auto setup = game.starter_decks.empty() ? rules::MatchSetup{} : setups::seeded_setup(game, seats, n);
  if (game.starter_decks.empty()) {  // a board game: no decks
    for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
    for (int i = 0; i < seats; ++i) setup.seats.push_back({"bot", std::nullopt});
    setup.seed = testsupport::seed_from_number(n);
  }
  std::string out;
  int commands = 0;
  testsupport::BotPlayOptions options;
  options.hash_before = false;
  options.max_commands = 60;
  options.on_step = [&](const testsupport::BotStep& step) {
    if (!step.outcome.accepted) return;
    ++commands;
    if (commands == 1 || commands == 10 || commands == 40) out += step.match.state_hash().substr(0, 16) + " ";
  };
  rules::Rng bot(testsupport::seed_from_number(~n));
  const auto played = testsupport::play_random(game.definition, setup, bot, options);
  if (played.match) out += played.match->state_hash().substr(0, 16);
  return out;
}

TEST(StateHashStability, EveGenesisHashesAreTheOnesEarlierVersionsJournaled) {
  EXPECT_EQ(hashes_of("eve_genesis", 2, 1), "c2e5c0378747a4c4 05e342f419783532 4a3ea57fa485608c 48f4f65389ab0781");
  EXPECT_EQ(hashes_of("eve_genesis", 2, 2), "de753b0f603b5ab2 dd896c14779da241 f74d239e1c008caf 4b181c81dcbc9eb6");
}

TEST(StateHashStability, EverZoneHashesAreTheOnesEarlierVersionsJournaled) {
  EXPECT_EQ(hashes_of("everzone", 2, 1), "c3c26e82c0fcc36b 960d9ad6f01bdc2e f95446ee0e60f745 1a4e2574d4fb8a06");
  EXPECT_EQ(hashes_of("everzone", 3, 2), "73f5ffbda3dffe29 2946d8085a948603 272371a1e18d61dd 15206c654ee9aea0");
}

TEST(StateHashStability, ConquestsHashesAreTheOnesEarlierVersionsJournaled) {
  EXPECT_EQ(hashes_of("conquests", 2, 1), "a739afe99ba3c716 57e4c972a8835133 4a88b37e2d8260a3 29642a29c82f6697");
}

}  // namespace
}  // namespace concord::server::games
