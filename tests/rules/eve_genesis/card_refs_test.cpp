// Card references are opaque per match (issue 9, 1b): instances are numbered
// by a permutation drawn from the match seed, not in deck-list or market
// order, so the ref of a hidden card names neither the card, nor its owner,
// nor its place in the market.
#include <set>

#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using testing::new_match;

std::set<CardId> refs_of(const GameState& st, SeatIndex seat, const std::string& card) {
  std::set<CardId> out;
  for (std::size_t i = 0; i < st.cards.size(); ++i)
    if (st.cards[i].owner == seat && st.cards[i].card == card) out.insert(static_cast<CardId>(i));
  return out;
}

TEST(EveCardRefs, DifferentSeedsGiveTheSameCardsDifferentRefs) {
  const auto a = new_match(1), b = new_match(2);
  const std::string card = standard_deck(Race::Amarr).section("market")->cards.front().card;
  EXPECT_FALSE(refs_of(a->state(), 0, card).empty());
  EXPECT_NE(refs_of(a->state(), 0, card), refs_of(b->state(), 0, card));
  EXPECT_EQ(refs_of(a->state(), 0, card).size(), refs_of(b->state(), 0, card).size());
}

TEST(EveCardRefs, TheSameSeedGivesTheSameRefsAndHash) {
  EXPECT_EQ(new_match(9)->state_hash(), new_match(9)->state_hash());
  EXPECT_EQ(save_position(*new_match(9)), save_position(*new_match(9)));
}

// c1 is many different cards of both seats across matches.
TEST(EveCardRefs, ARefSaysNothingOfTheCardOrItsOwner) {
  std::set<std::pair<SeatIndex, std::string>> behind_c1;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const auto m = new_match(seed);
    behind_c1.insert({m->state().cards[0].owner, m->state().cards[0].card});
  }
  std::set<SeatIndex> owners;
  for (const auto& [owner, card] : behind_c1) owners.insert(owner);
  EXPECT_EQ(owners.size(), 2u);
  EXPECT_GE(behind_c1.size(), 10u);
}

// The seven refs of the opening hand were once the first seven of the market
// order, so the next draw was the next ref: now they say nothing of it.
TEST(EveCardRefs, HandRefsSayNothingOfTheMarketOrder) {
  int next_follows_hand = 0, market_sorted = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    const auto m = new_match(seed);
    const auto& seat = m->state().seats[0];
    ASSERT_EQ(seat.hand.size(), 7u);
    const CardId top = seat.market.front();
    if (top == *std::max_element(seat.hand.begin(), seat.hand.end()) + 1) ++next_follows_hand;
    if (std::is_sorted(seat.market.begin(), seat.market.end())) ++market_sorted;
  }
  EXPECT_LE(next_follows_hand, 5);
  EXPECT_EQ(market_sorted, 0);
}

}  // namespace
}  // namespace concord::eve
