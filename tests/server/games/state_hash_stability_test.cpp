// The state hash a room journals with every command is compared again when a
// match is rebuilt (recovery after a restart, a judge's rollback): a change to
// how a game hashes its state, however harmless it looks, makes every match
// journaled by the version before fail to recover ("state hash differs after
// replay"). These pin the hashes of seeded games, so that a refactor of a
// game's state hash (or of the EVE position text it hashes) cannot change
// them unnoticed. If a rules change alters them on purpose, matches in flight
// across that upgrade will not recover: update the values and say so.
// Both versions of the hash are pinned: SHA-256 (what matches journaled
// before December 2026 carry; recovery still checks them by it) and XXH64.
#include <gtest/gtest.h>

#include "shipped_game_setup.hpp"

namespace concord::server::games {
namespace {

// Seeded game n: the card games' seeded setup; a board game has no decks.
rules::MatchSetup setup_of(const GameEntry& game, int seats, std::uint64_t n) {
  if (!game.starter_decks.empty()) return setups::seeded_setup(game, seats, n);
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  for (int i = 0; i < seats; ++i) setup.seats.push_back({"bot", std::nullopt});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

// The hashes (their first 16 digits) after commands 1, 10, 40 and 60 (or
// the last) of seeded random-bot game n, joined by spaces.
std::string hashes_of(const std::string& id, int seats, std::uint64_t n,
                      rules::StateHashVersion version = rules::StateHashVersion::Sha256) {
  const auto& game = setups::shipped(id);
  const auto setup = setup_of(game, seats, n);
  std::string out;
  int commands = 0;
  testsupport::BotPlayOptions options;
  options.hash_before = false;
  options.max_commands = 60;
  options.on_step = [&](const testsupport::BotStep& step) {
    if (!step.outcome.accepted) return;
    ++commands;
    if (commands == 1 || commands == 10 || commands == 40) out += step.match.state_hash_as(version).substr(0, 16) + " ";
  };
  rules::Rng bot(testsupport::seed_from_number(~n));
  const auto played = testsupport::play_random(game.definition, setup, bot, options);
  if (played.match) out += played.match->state_hash_as(version).substr(0, 16);
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

constexpr auto kXxh64 = rules::StateHashVersion::Xxh64;

// Recovery and rollback check a rebuilt match with has_state_hash: a hash
// journaled by the version before (SHA-256) is checked by SHA-256, a new one
// by XXH64, and anything else (another state's hash, a changed digit, a
// length of neither) is refused.
TEST(StateHashStability, JournaledHashesAreCheckedByTheVersionTheyWereMadeWith) {
  for (const auto& [id, seats] : {std::pair<std::string, int>{"eve_genesis", 2}, {"everzone", 3}, {"conquests", 2}}) {
    const auto& game = setups::shipped(id);
    const auto setup = setup_of(game, seats, 3);
    std::string before_sha, before_xxh;
    int checked = 0;
    testsupport::BotPlayOptions options;
    options.max_commands = 40;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted) return;
      const auto sha = step.match.state_hash_as(rules::StateHashVersion::Sha256);
      const auto xxh = step.match.state_hash();
      ASSERT_EQ(sha.size(), 64u);
      ASSERT_EQ(xxh.size(), 16u);
      EXPECT_TRUE(step.match.has_state_hash(sha)) << id;
      EXPECT_TRUE(step.match.has_state_hash(xxh)) << id;
      auto changed = xxh;
      changed[5] = changed[5] == '0' ? '1' : '0';
      EXPECT_FALSE(step.match.has_state_hash(changed)) << id;
      EXPECT_FALSE(step.match.has_state_hash(xxh.substr(0, 15))) << id;
      if (!before_sha.empty() && before_sha != sha) {
        EXPECT_FALSE(step.match.has_state_hash(before_sha)) << id;
        EXPECT_FALSE(step.match.has_state_hash(before_xxh)) << id;
      }
      before_sha = sha, before_xxh = xxh;
      ++checked;
    };
    rules::Rng bot(testsupport::seed_from_number(~3ull));
    testsupport::play_random(game.definition, setup, bot, options);
    EXPECT_GT(checked, 5) << id;
  }
}

TEST(StateHashStability, Xxh64HashesOfEveryGameArePinnedToo) {
  EXPECT_EQ(hashes_of("eve_genesis", 2, 1, kXxh64), "8f8e22809e98e05a 1b6831e09ec4b644 7672020e5c8f1663 20f741edb68021d4");
  EXPECT_EQ(hashes_of("everzone", 3, 2, kXxh64), "82606506f99b92a6 69af1281f3c0e5a9 4b292dc58ed42ab0 0964641dddb35147");
  EXPECT_EQ(hashes_of("conquests", 2, 1, kXxh64), "ba8da53b36deabdd 54c7e9c12167e29d c174566d3ca7842e b7de2a2a59de0bfe");
}

}  // namespace
}  // namespace concord::server::games
