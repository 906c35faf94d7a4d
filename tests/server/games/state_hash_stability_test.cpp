// The state hash a room journals with every command is compared again when a
// match is rebuilt (recovery after a restart, a judge's rollback): a change to
// how a game hashes its state, however harmless it looks, makes every match
// journaled by the version before fail to recover ("state hash differs after
// replay"). These pin the hashes of seeded games, so that a refactor of a
// game's state hash (or of the EVE position text it hashes) cannot change
// them unnoticed. If a rules change alters them on purpose, matches in flight
// across that upgrade will not recover: update the values and say so.
// Every version of the hash is pinned: SHA-256 (what matches journaled before
// December 2026 carry; recovery still checks them by it), XXH64 (EVE: of the
// position text), Fields ("v3:" + XXH64; EVE: of the state's fields fed
// directly, rules/eve_genesis/src/state_hash.cpp), CardHashes ("v4:") and
// PackedLists, the current one ("v5:"; lists of numbers packed).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "shipped_game_setup.hpp"

namespace concord::server::games {
namespace {

constexpr auto kXxh64 = rules::StateHashVersion::Xxh64;
constexpr auto kFields = rules::StateHashVersion::Fields;
constexpr auto kCardHashes = rules::StateHashVersion::CardHashes;
constexpr auto kPackedLists = rules::StateHashVersion::PackedLists;

// Seeded game n: the card games' seeded setup; a board game has no decks.
rules::MatchSetup setup_of(const GameEntry& game, int seats, std::uint64_t n) {
  if (!game.starter_decks.empty()) return setups::seeded_setup(game, seats, n);
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  for (int i = 0; i < seats; ++i) setup.seats.push_back({"bot", std::nullopt});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

// The hashes (their first 16 digits; from Fields on whole, "v<n>:" and 16) after
// commands 1, 10, 40 and 60 (or the last) of seeded random-bot game n, joined
// by spaces.
std::string hashes_of(const std::string& id, int seats, std::uint64_t n,
                      rules::StateHashVersion version = rules::StateHashVersion::Sha256) {
  const auto& game = setups::shipped(id);
  const auto setup = setup_of(game, seats, n);
  const std::size_t length = version >= kFields ? 19 : 16;
  std::string out;
  int commands = 0;
  testsupport::BotPlayOptions options;
  options.hash_before = false;
  options.max_commands = 60;
  options.on_step = [&](const testsupport::BotStep& step) {
    if (!step.outcome.accepted) return;
    ++commands;
    if (commands == 1 || commands == 10 || commands == 40) out += step.match.state_hash_as(version).substr(0, length) + " ";
  };
  rules::Rng bot(testsupport::seed_from_number(~n));
  const auto played = testsupport::play_random(game.definition, setup, bot, options);
  if (played.match) out += played.match->state_hash_as(version).substr(0, length);
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

// Recovery and rollback check a rebuilt match with has_state_hash: a hash
// journaled by an older version (SHA-256, XXH64, Fields, CardHashes) is
// checked by that version, a new one by PackedLists, and anything else (another state's hash, a changed
// digit, a length or prefix of none) is refused.
TEST(StateHashStability, JournaledHashesAreCheckedByTheVersionTheyWereMadeWith) {
  for (const auto& [id, seats] : {std::pair<std::string, int>{"eve_genesis", 2}, {"everzone", 3}, {"conquests", 2}}) {
    const auto& game = setups::shipped(id);
    const auto setup = setup_of(game, seats, 3);
    std::vector<std::string> before;
    int checked = 0;
    testsupport::BotPlayOptions options;
    options.max_commands = 40;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted) return;
      const auto sha = step.match.state_hash_as(rules::StateHashVersion::Sha256);
      const auto xxh = step.match.state_hash_as(kXxh64);
      const auto fields = step.match.state_hash_as(kFields);
      const auto cards = step.match.state_hash_as(kCardHashes);
      const auto current = step.match.state_hash();
      ASSERT_EQ(sha.size(), 64u);
      ASSERT_EQ(xxh.size(), 16u);
      ASSERT_EQ(fields.size(), 19u);
      ASSERT_EQ(fields.substr(0, 3), "v3:");
      ASSERT_EQ(current.size(), 19u);
      ASSERT_EQ(cards.substr(0, 3), "v4:");
      ASSERT_EQ(current.substr(0, 3), "v5:");
      ASSERT_EQ(step.match.state_hash_as(kPackedLists), current);
      if (id != "eve_genesis") {
        EXPECT_EQ(fields.substr(3), xxh) << id << ": other games feed Fields the bytes they fed Xxh64";
        EXPECT_EQ(cards.substr(3), xxh) << id << ": other games feed CardHashes the bytes they fed Xxh64";
      } else {
        EXPECT_NE(fields.substr(3), xxh) << "EVE feeds Fields its fields, Xxh64 its position text";
        EXPECT_NE(cards.substr(3), fields.substr(3)) << "EVE feeds CardHashes a card's id as a number";
        EXPECT_FALSE(step.match.has_state_hash("v3:" + xxh));
        EXPECT_FALSE(step.match.has_state_hash("v4:" + fields.substr(3))) << "Fields digits as CardHashes";
        EXPECT_FALSE(step.match.has_state_hash(fields.substr(3))) << "Fields digits without the prefix";
      }
      EXPECT_NE(current.substr(3), cards.substr(3)) << id << ": PackedLists feeds lists packed";
      EXPECT_FALSE(step.match.has_state_hash("v5:" + cards.substr(3))) << id << ": CardHashes digits as PackedLists";
      EXPECT_FALSE(step.match.has_state_hash("v4:" + current.substr(3))) << id << ": PackedLists digits as CardHashes";
      for (const auto& hash : {sha, xxh, fields, cards, current}) {
        EXPECT_TRUE(step.match.has_state_hash(hash)) << id << " " << hash;
        auto changed = hash;
        changed[5] = changed[5] == '0' ? '1' : '0';
        EXPECT_FALSE(step.match.has_state_hash(changed)) << id;
        EXPECT_FALSE(step.match.has_state_hash(hash.substr(0, hash.size() - 1))) << id;
      }
      if (!before.empty() && before[0] != sha) {
        for (const auto& old : before) EXPECT_FALSE(step.match.has_state_hash(old)) << id;
      }
      before = {sha, xxh, fields, cards, current};
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

// Each of the space-separated hashes with `prefix` before it.
std::string prefixed(const std::string& prefix, const std::string& hashes) {
  std::string out;
  std::size_t at = 0;
  while (at < hashes.size()) {
    const std::size_t end = std::min(hashes.find(' ', at), hashes.size());
    out += (out.empty() ? "" : " ") + prefix + hashes.substr(at, end - at);
    at = end + 1;
  }
  return out;
}

// EVE's hashes by the versions that feed its fields: Fields, what rooms
// journaled from 2026-11 until CardHashes, and CardHashes, the current one
// (what rooms journal from now on), which feeds its cards' ids as numbers.
struct Pinned {
  int seats;
  std::uint64_t game;
  rules::StateHashVersion version;
  const char* hashes;
};
constexpr Pinned kEvePinned[] = {
    {2, 1, kFields, "v3:ddd5c9e74bcfb88e v3:cf1af44991df9de0 v3:ab5cbc96d23017ca v3:d8047ba7d6a6c492"},
    {2, 2, kFields, "v3:9851664b27fc57f6 v3:976b41ae09e77a03 v3:c6a843c286d0fae3 v3:407f75453a5e2c62"},
    {3, 4, kFields, "v3:90352f8baedf32b5 v3:512ae775a02ea5f0 v3:ca350fb3456e57c8 v3:552d90f7b066a8dd"},
    {2, 1, kCardHashes, "v4:ec5dac0fad5fe043 v4:92252acea17d7d04 v4:ac94d3d2c2111a41 v4:d10697335f52b2a1"},
    {2, 2, kCardHashes, "v4:3b5d3ce6033ee5d2 v4:0dfd2d45388f644a v4:90d972d8f9251ece v4:31348ac9a230b3ae"},
    {3, 4, kCardHashes, "v4:6b87eb02dbbb0bf3 v4:6b0b4620cce4991a v4:c9af5e7937499244 v4:860e230202e1323e"},
};

// EverZone and Conquests feed Fields and CardHashes the bytes they fed Xxh64
// (pinned above): their digits are those, after the version's prefix.
TEST(StateHashStability, FieldsAndCardHashesHashesOfEveryGameArePinnedToo) {
  for (const auto& pin : kEvePinned) {
    EXPECT_EQ(hashes_of("eve_genesis", pin.seats, pin.game, pin.version), pin.hashes)
        << pin.seats << " seats, game " << pin.game;
  }
  for (const auto& [id, seats, n] : {std::tuple<std::string, int, std::uint64_t>{"everzone", 3, 2}, {"conquests", 2, 1}}) {
    const std::string xxh = hashes_of(id, seats, n, kXxh64);
    EXPECT_EQ(hashes_of(id, seats, n, kFields), prefixed("v3:", xxh)) << id;
    EXPECT_EQ(hashes_of(id, seats, n, kCardHashes), prefixed("v4:", xxh)) << id;
  }
}

// PackedLists, the current version (what rooms journal from now on): every
// game feeds it its lists packed, so its digits are its own.
TEST(StateHashStability, PackedListsHashesOfEveryGameArePinned) {
  EXPECT_EQ(hashes_of("eve_genesis", 2, 1, kPackedLists),
            "v5:a7f97e4b33ec346d v5:82fdd299fcc51a29 v5:98b8b9e33e1bd884 v5:e06147b1a866a3f1");
  EXPECT_EQ(hashes_of("everzone", 2, 1, kPackedLists),
            "v5:7de9dfc4b6d96f11 v5:9b77ab70c05ea7fc v5:6cd549c2f21369dc v5:1940013a0de4efdc");
  EXPECT_EQ(hashes_of("everzone", 3, 2, kPackedLists),
            "v5:38941530a07eb151 v5:e2d0f3316cff4eb6 v5:57d2aca0c759c9b2 v5:b46e44ad6820a42c");
  EXPECT_EQ(hashes_of("conquests", 2, 1, kPackedLists),
            "v5:2ff7848c3b3ea169 v5:293e91b573238aaa v5:760197de2dad1090 v5:636eecb8caf12f74");
}

}  // namespace
}  // namespace concord::server::games
