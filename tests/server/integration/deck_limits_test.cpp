// Deck caps through a real server (issue 10): decks that once took the server
// down (500 M cards, counts of 2^31-1) or could be saved but not read back
// (200,000) are refused at SaveDeck with DECK_INVALID and their violations,
// and a deck at the game's cap saves and reads back unchanged.
#include <climits>
#include <set>

#include "harness.hpp"

namespace concord::testing {
namespace {

class DeckLimits : public ServerTest {};

// The violation codes of a SaveDeck that must be refused with DECK_INVALID.
std::set<std::string> refused(Client& client, const v1::Deck& deck) {
  try {
    client.save_deck(deck);
  } catch (const ClientError& e) {
    EXPECT_EQ(e.code(), "DECK_INVALID") << e.what();
    std::set<std::string> codes;
    for (const auto& v : e.violations()) codes.insert(v.code());
    return codes;
  }
  ADD_FAILURE() << "the deck was saved";
  return {};
}

v1::Deck with_count(v1::Deck deck, unsigned count) {
  deck.mutable_sections(0)->mutable_cards(1)->set_count(count);
  return deck;
}

// The largest legal EverZone deck: 100 cards (the chosen cap), a Leader and
// ten copies of nine cards and nine of a tenth (up to 11 copies are allowed).
v1::Deck everzone_at_the_cap() {
  v1::Deck deck;
  deck.set_game("everzone");
  deck.set_name("at the cap");
  auto* force = deck.add_sections();
  force->set_name("force");
  auto add = [](v1::DeckSection* section, const std::string& card, unsigned count) {
    auto* c = section->add_cards();
    c->set_card(card);
    c->set_count(count);
  };
  add(force, "virago", 1);
  for (const char* card : {"numen_aegis", "numen_tidecaller", "numen_skyblade", "jehrah", "meraud",
                           "hantal_vexilium", "engagement", "numen_focus", "ciel"})
    add(force, card, 10);
  add(force, "numen_warden", 9);
  auto* locations = deck.add_sections();
  locations->set_name("locations");
  for (const char* card : {"abyssal_trench", "ice_shelf", "asteroid_belt"}) add(locations, card, 1);
  return deck;
}

TEST_F(DeckLimits, HugeCountsAreRefusedWithViolations) {
  auto alice = player("alice");
  const auto starter = starter_deck(*alice, "everzone", "numens_virago");
  for (unsigned count : {500000000u, static_cast<unsigned>(INT_MAX), 200000u, 4294967295u}) {
    const auto codes = refused(*alice, with_count(starter, count));
    EXPECT_TRUE(codes.count("COUNT_TOO_LARGE")) << count;
    EXPECT_TRUE(codes.count("DECK_TOO_LARGE")) << count;
  }
  // Within the core caps, the game's own limits: 12 copies, 103 cards.
  auto deck = everzone_at_the_cap();
  deck.mutable_sections(0)->mutable_cards(10)->set_count(12);
  EXPECT_EQ(refused(*alice, deck), (std::set<std::string>{"TOO_MANY_COPIES", "TOO_MANY_CARDS"}));
  EXPECT_EQ(alice->list_decks().decks_size(), 0);
  // The server is still up and answers.
  EXPECT_EQ(alice->list_decks("everzone").decks_size(), 0);
}

TEST_F(DeckLimits, ADeckAtTheCapSavesAndReadsBack) {
  auto alice = player("alice");
  const auto deck = everzone_at_the_cap();
  const auto id = alice->save_deck(deck);
  const auto back = alice->get_deck(id);
  EXPECT_EQ(back.deck().SerializeAsString(), deck.SerializeAsString());
  const auto list = alice->list_decks("everzone");
  ASSERT_EQ(list.decks_size(), 1);
  EXPECT_EQ(list.decks(0).card_count(), 103u);
}

}  // namespace
}  // namespace concord::testing
