// "Game Setup": the board, who goes first, the starting hand, the one-time
// mulligan, empty wallets; hidden information of the setup.
#include <set>

#include "concord/eve/eve_view.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

TEST(EveSetup, BaseRegionsMarketHandsAndEmptyWallets) {
  auto m = new_match(1);
  const auto& st = m->state();
  ASSERT_EQ(st.seats.size(), 2u);
  for (const auto& s : st.seats) {
    EXPECT_EQ(s.hand.size(), 7u);                 // "All players draw seven cards"
    EXPECT_EQ(s.offdeck.size(), 3u);              // "three remote regions face down"
    EXPECT_EQ(s.wallet, 0);                       // "All players' treasuries are empty"
    EXPECT_FALSE(s.upgraded);                     // "non-upgraded side face up"
    EXPECT_TRUE(s.scrapheap.empty());
  }
  EXPECT_EQ(st.seats[0].market.size(), 54u - 7u);  // Amarr deck: 54 market cards
  EXPECT_EQ(st.seats[1].market.size(), 52u - 7u);
  ASSERT_EQ(st.regions.size(), 2u);               // only the home regions are in play
  EXPECT_TRUE(st.regions[0].home);
  EXPECT_EQ(st.regions[0].controller, 0);
}

TEST(EveSetup, WhoGoesFirstIsDecidedRandomly) {
  std::set<SeatIndex> firsts;
  for (std::uint64_t seed = 0; seed < 20; ++seed) firsts.insert(new_match(seed)->state().first);
  EXPECT_EQ(firsts.size(), 2u);
}

TEST(EveSetup, MulliganStartsWithTheFirstPlayerAndHappensOnce) {
  auto m = new_match(3);
  const SeatIndex first = m->state().first;
  const SeatIndex second = 1 - first;
  EXPECT_FALSE(m->prompt(second));
  auto p = m->prompt(first);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "mulligan");
  EXPECT_EQ(p->min_choices, 0u);
  rejected(*m, second, picks({}), "NO_PROMPT");
  // "choose any number of cards from his hand, shuffle them into his market,
  // and then fill his hand back up to seven"
  const auto hand = m->state().seats[first].hand;
  ok(*m, first, picks({card_ref(hand[0]), card_ref(hand[1]), card_ref(hand[2])}));
  EXPECT_EQ(m->state().seats[first].hand.size(), 7u);
  ASSERT_TRUE(m->prompt(second));
  EXPECT_EQ(m->prompt(second)->kind, "mulligan");
  ok(*m, second, picks({}));
  // Turn 1 begins: the first player's Setup phase, duration step, with priority.
  EXPECT_EQ(m->state().turn, 1);
  EXPECT_EQ(m->state().active, first);
  EXPECT_EQ(m->state().phase, Phase::Setup);
  EXPECT_EQ(m->state().step, Step::Duration);
  EXPECT_EQ(m->prompt(first)->kind, "priority");
  EXPECT_FALSE(m->prompt(second));
}

TEST(EveSetup, OpponentSeesNoHandNoRegionsNoUpgradedSide) {
  auto m = new_match(4);
  auto base = m->view(rules::Viewer::of_seat(0));
  const auto& v = dynamic_cast<const EveView&>(*base);
  EXPECT_TRUE(v.seats[0].hand.has_value());
  EXPECT_TRUE(v.seats[0].offdeck.has_value());
  EXPECT_TRUE(v.seats[0].upgrade_name.has_value());
  EXPECT_FALSE(v.seats[1].hand.has_value());
  EXPECT_FALSE(v.seats[1].offdeck.has_value());
  EXPECT_FALSE(v.seats[1].upgrade_name.has_value());  // "not accidentally see the upgraded side"
  EXPECT_FALSE(v.seats[0].market.has_value());
  EXPECT_EQ(v.seats[1].hand_count, 7u);
  auto judge = m->view(rules::Viewer::judge());
  EXPECT_TRUE(dynamic_cast<const EveView&>(*judge).seats[1].market.has_value());
  for (CardId id : m->state().seats[1].hand) {
    EXPECT_EQ(v.to_text().find(card_ref(id) + " "), std::string::npos);
  }
}

}  // namespace
}  // namespace concord::eve
