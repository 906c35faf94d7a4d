// Decks through a real server: save, list, fetch, delete, validation.
#include "harness.hpp"

namespace concord::testing {
namespace {

class Decks : public ServerTest {};

v1::Deck deck_with(std::vector<std::pair<std::string, unsigned>> cards, const std::string& name = "mine") {
  v1::Deck deck;
  deck.set_game("test_highcard");
  deck.set_name(name);
  auto* section = deck.add_sections();
  section->set_name("cards");
  for (const auto& [card, count] : cards) {
    auto* c = section->add_cards();
    c->set_card(card);
    c->set_count(count);
  }
  return deck;
}

TEST_F(Decks, SaveListFetchDelete) {
  auto alice = player("alice");
  const auto id = save_standard_deck(*alice);
  const auto list = alice->list_decks("test_highcard");
  ASSERT_EQ(list.decks_size(), 1);
  EXPECT_EQ(list.decks(0).deck_id(), id);
  EXPECT_EQ(list.decks(0).name(), "standard");
  const auto detail = alice->get_deck(id);
  EXPECT_EQ(detail.deck().game(), "test_highcard");
  EXPECT_GE(detail.deck().sections_size(), 1);
  alice->delete_deck(id);
  EXPECT_EQ(alice->list_decks().decks_size(), 0);
  EXPECT_EQ(error_code_of([&] { alice->get_deck(id); }), "DECK_NOT_FOUND");
}

TEST_F(Decks, SavingTheSameNameReplacesTheDeck) {
  auto alice = player("alice");
  const auto first = save_standard_deck(*alice);
  const auto second = save_standard_deck(*alice);
  EXPECT_EQ(first, second);
  EXPECT_EQ(alice->list_decks().decks_size(), 1);
}

TEST_F(Decks, AnInvalidDeckListsEveryViolation) {
  auto alice = player("alice");
  try {
    alice->save_deck(deck_with({{"c1", 5}, {"joker", 1}}));
    FAIL() << "an invalid deck was accepted";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "DECK_INVALID");
    std::set<std::string> codes;
    for (const auto& v : e.violations()) codes.insert(v.code());
    EXPECT_TRUE(codes.count("UNKNOWN_CARD")) << e.what();
    EXPECT_TRUE(codes.count("TOO_MANY_COPIES")) << e.what();
    EXPECT_TRUE(codes.count("TOO_FEW_CARDS")) << e.what();
  }
  EXPECT_EQ(alice->list_decks().decks_size(), 0);
}

TEST_F(Decks, UnknownGameAndOtherPlayersDecksAreRefused) {
  auto alice = player("alice");
  auto bob = player("bob");
  auto deck = deck_with({{"c1", 2}});
  deck.set_game("no_such_game");
  EXPECT_EQ(error_code_of([&] { alice->save_deck(deck); }), "UNKNOWN_GAME");
  const auto id = save_standard_deck(*alice);
  EXPECT_EQ(error_code_of([&] { bob->get_deck(id); }), "DECK_NOT_FOUND");
  EXPECT_EQ(error_code_of([&] { bob->delete_deck(id); }), "DECK_NOT_FOUND");
  EXPECT_EQ(alice->list_decks().decks_size(), 1);
}

}  // namespace
}  // namespace concord::testing
