// DeckRepository against a real database.
#include "db_test.hpp"

namespace concord::persistence::test {
namespace {

using DecksTest = DbTest;

TEST_F(DecksTest, SaveThenGet) {
  const auto alice = make_player("alice");
  DeckRepository decks(*conn_);
  const auto id = decks.save(alice, "everzone", "Aggro", "2 Frigate\n1 Carrier\n", 3);
  const auto deck = decks.get(alice, id);
  ASSERT_TRUE(deck.has_value());
  EXPECT_EQ(deck->id, id);
  EXPECT_EQ(deck->player_id, alice);
  EXPECT_EQ(deck->game, "everzone");
  EXPECT_EQ(deck->name, "Aggro");
  EXPECT_EQ(deck->body, "2 Frigate\n1 Carrier\n");
  EXPECT_EQ(deck->card_count, 3u);
}

TEST_F(DecksTest, SavingTheSameNameReplaces) {
  const auto alice = make_player("alice");
  DeckRepository decks(*conn_);
  const auto first = decks.save(alice, "everzone", "Aggro", "old", 1);
  const auto second = decks.save(alice, "everzone", "Aggro", "new", 2);
  EXPECT_EQ(first, second);
  const auto all = decks.list(alice, "everzone");
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].body, "new");
  EXPECT_EQ(all[0].card_count, 2u);
  // The same name in another game is another deck.
  EXPECT_NE(decks.save(alice, "conquests", "Aggro", "x", 1), first);
}

TEST_F(DecksTest, ListFiltersByGame) {
  const auto alice = make_player("alice");
  const auto bob = make_player("bob");
  DeckRepository decks(*conn_);
  decks.save(alice, "everzone", "B", "b", 1);
  decks.save(alice, "everzone", "A", "a", 1);
  decks.save(alice, "conquests", "C", "c", 1);
  decks.save(bob, "everzone", "Bob's", "x", 1);

  const auto everzone = decks.list(alice, "everzone");
  ASSERT_EQ(everzone.size(), 2u);
  EXPECT_EQ(everzone[0].name, "A");
  EXPECT_EQ(everzone[1].name, "B");
  EXPECT_EQ(decks.list(alice, "conquests").size(), 1u);
  EXPECT_EQ(decks.list(alice, "").size(), 3u);
  EXPECT_TRUE(decks.list(alice, "no-such-game").empty());
}

TEST_F(DecksTest, PlayersOnlySeeTheirOwnDecks) {
  const auto alice = make_player("alice");
  const auto bob = make_player("bob");
  DeckRepository decks(*conn_);
  const auto id = decks.save(alice, "everzone", "Secret", "s", 1);
  EXPECT_FALSE(decks.get(bob, id).has_value());
  EXPECT_FALSE(decks.remove(bob, id));
  EXPECT_TRUE(decks.get(alice, id).has_value());
}

TEST_F(DecksTest, Remove) {
  const auto alice = make_player("alice");
  DeckRepository decks(*conn_);
  const auto id = decks.save(alice, "everzone", "Gone", "g", 1);
  EXPECT_TRUE(decks.remove(alice, id));
  EXPECT_FALSE(decks.remove(alice, id));
  EXPECT_FALSE(decks.get(alice, id).has_value());
  EXPECT_TRUE(decks.list(alice, "").empty());
}

}  // namespace
}  // namespace concord::persistence::test
