// Card references are opaque per match (issue 9, 1b): instances are numbered
// by a permutation drawn from the match seed, not in deck-list order, so the
// ref of a hidden card names neither the card nor its place in the deck.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "botplay/bot_play.hpp"
#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/everzone_match.hpp"

namespace concord::everzone {
namespace {

GameState start(std::uint64_t seed) {
  rules::MatchSetup setup;
  setup.options = {{"command_points", "20"}, {"teams", "false"}};
  const auto decks = ready_made_decks();
  setup.seats = {{"a", decks[0]}, {"b", decks[2]}};
  setup.seed = testsupport::seed_from_number(seed);
  auto state = initial_state(CardDb::builtin(), setup);
  EXPECT_TRUE(state.has_value());
  return EverZoneMatch(CardDb::builtin(), std::move(*state), true).state();
}

// The refs of every copy of `card` owned by `seat`.
std::set<int> refs_of(const GameState& s, int seat, const std::string& card) {
  std::set<int> out;
  for (std::size_t i = 0; i < s.card_of.size(); ++i)
    if (s.owner_of[i] == seat && CardDb::builtin().at(s.card_of[i]).id == card) out.insert(static_cast<int>(i));
  return out;
}

TEST(EverZoneCardRefs, DifferentSeedsGiveTheSameCardsDifferentRefs) {
  const GameState a = start(1), b = start(2);
  EXPECT_NE(a.players[0].leader, b.players[0].leader);
  EXPECT_NE(refs_of(a, 0, "numen_sentinel"), refs_of(b, 0, "numen_sentinel"));
  EXPECT_EQ(refs_of(a, 0, "numen_sentinel").size(), refs_of(b, 0, "numen_sentinel").size());
}

TEST(EverZoneCardRefs, TheSameSeedGivesTheSameRefsAndHash) {
  const GameState a = start(7), b = start(7);
  EXPECT_EQ(a.card_of, b.card_of);
  EXPECT_EQ(a.players, b.players);
  rules::MatchSetup setup;
  setup.options = {{"command_points", "20"}, {"teams", "false"}};
  setup.seats = {{"a", ready_made_decks()[1]}, {"b", ready_made_decks()[3]}};
  setup.seed = testsupport::seed_from_number(7);
  EXPECT_EQ(EverZoneMatch(CardDb::builtin(), *initial_state(CardDb::builtin(), setup), true).state_hash(),
            EverZoneMatch(CardDb::builtin(), *initial_state(CardDb::builtin(), setup), true).state_hash());
}

// A ref names no card: across matches, c0 is many different cards of both seats.
TEST(EverZoneCardRefs, ARefSaysNothingOfTheCardOrItsOwner) {
  std::set<std::pair<int, int>> behind_c0;  // (owner, card)
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const GameState s = start(seed);
    behind_c0.insert({s.owner_of[0], s.card_of[0]});
  }
  std::set<int> owners;
  for (const auto& [owner, card] : behind_c0) owners.insert(owner);
  EXPECT_EQ(owners.size(), 2u);
  EXPECT_GE(behind_c0.size(), 10u);
}

// The refs in a hand say nothing of the deck order: the next card's ref is not
// one past the hand's refs, and the deck's refs are not in any order.
TEST(EverZoneCardRefs, HandRefsSayNothingOfTheDeckOrder) {
  int next_follows_hand = 0, deck_sorted = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const GameState s = start(seed);
    const auto& p = s.players[0];
    ASSERT_FALSE(p.deck.empty());
    const int top = p.deck.back();
    const int highest = *std::max_element(p.hand.begin(), p.hand.end());
    if (top == highest + 1) ++next_follows_hand;
    if (std::is_sorted(p.deck.begin(), p.deck.end()) || std::is_sorted(p.deck.rbegin(), p.deck.rend())) ++deck_sorted;
  }
  EXPECT_LE(next_follows_hand, 5);
  EXPECT_EQ(deck_sorted, 0);
}

}  // namespace
}  // namespace concord::everzone
