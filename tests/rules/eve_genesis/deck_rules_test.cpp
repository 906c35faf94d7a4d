// Deck rules ("Game Setup": one base, three remote regions, a market of at
// least 52 cards, no more than four copies of each card; race icons).
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

std::vector<std::string> codes(const std::vector<rules::DeckViolation>& v) {
  std::vector<std::string> out;
  for (const auto& x : v) out.push_back(x.code);
  return out;
}

TEST(EveDecks, FourReadyMadeDecksAreLegal) {
  for (Race r : {Race::Amarr, Race::Caldari, Race::Gallente, Race::Minmatar}) {
    const rules::Deck d = standard_deck(r);
    EXPECT_EQ(d.game, "eve_genesis");
    EXPECT_TRUE(validate_deck(d).empty()) << to_string(r) << ": " << validate_deck(d).front().message;
    EXPECT_GE(d.section("market")->cards.size(), 13u);
  }
}

TEST(EveDecks, StandardFormatListsEveryViolation) {
  rules::Deck d = standard_deck(Race::Amarr);
  d.sections[0].cards.push_back({"caldari_control_tower", 1});       // two bases
  d.sections[1].cards[1] = {"aridia", 1};                             // aridia twice
  d.sections[2].cards = {{"bestower", 5}, {"kestrel", 4}, {"nope", 1}};  // copies, race, unknown, size
  const auto v = codes(validate_deck(d));
  for (const char* code : {"BASE_COUNT", "DUPLICATE_REGION", "TOO_MANY_COPIES", "WRONG_RACE",
                           "UNKNOWN_CARD", "TOO_FEW_CARDS"}) {
    EXPECT_NE(std::find(v.begin(), v.end(), code), v.end()) << code;
  }
}

TEST(EveDecks, ExactlyThreeDifferentRemoteRegions) {
  rules::Deck d = standard_deck(Race::Gallente);
  d.sections[1].cards.pop_back();
  EXPECT_EQ(codes(validate_deck(d)), std::vector<std::string>{"REGION_COUNT"});
}

TEST(EveDecks, RegionsAndBasesAreNotMarketCards) {
  rules::Deck d = standard_deck(Race::Gallente);
  d.sections[2].cards.push_back({"cloud_ring", 1});
  d.sections[1].cards[0] = {"velator", 1};
  const auto v = codes(validate_deck(d));
  EXPECT_NE(std::find(v.begin(), v.end(), "NOT_A_MARKET_CARD"), v.end());
  EXPECT_NE(std::find(v.begin(), v.end(), "NOT_A_REGION"), v.end());
}

unsigned market_size(const rules::Deck& d) {
  unsigned n = 0;
  for (const auto& c : d.section("market")->cards) n += c.count;
  return n;
}

// "A market of at least 52 cards; no more than four copies of each card." The
// rulebook sets no maximum: at most 104 market cards is chosen (README "Decks").
TEST(EveDecks, TheLargestDeckOfEachRaceHas104MarketCardsAndIsLegal) {
  for (Race r : {Race::Amarr, Race::Caldari, Race::Gallente, Race::Minmatar}) {
    const rules::Deck d = largest_deck(r);
    EXPECT_EQ(market_size(d), kMaxMarket) << to_string(r);
    EXPECT_TRUE(validate_deck(d).empty()) << to_string(r) << ": " << validate_deck(d).front().message;
    EXPECT_TRUE(rules::validate_deck(definition(), d).empty()) << to_string(r);
  }
}

TEST(EveDecks, MoreThan104MarketCardsAreRefused) {
  rules::Deck d = standard_deck(Race::Amarr);
  auto& market = d.sections[2].cards;
  const auto kept = market;
  while (market_size(d) <= kMaxMarket) market.insert(market.end(), kept.begin(), kept.end());
  const auto v = codes(validate_deck(d));
  EXPECT_NE(std::find(v.begin(), v.end(), "TOO_MANY_CARDS"), v.end());
  EXPECT_NE(std::find(v.begin(), v.end(), "TOO_MANY_COPIES"), v.end());
}

TEST(EveDecks, MissingSectionsAndWrongGame) {
  rules::Deck d{"other", "x", {}};
  const auto v = codes(validate_deck(d));
  EXPECT_EQ(std::count(v.begin(), v.end(), "MISSING_SECTION"), 3);
  EXPECT_NE(std::find(v.begin(), v.end(), "WRONG_GAME"), v.end());
}

TEST(EveDecks, DefinitionValidatesAndRefusesIllegalDecks) {
  const auto def = definition();
  EXPECT_EQ(def.id, "eve_genesis");
  EXPECT_TRUE(def.validate_deck(standard_deck(Race::Minmatar)).empty());
  rules::MatchSetup setup;
  setup.seats = {{"a", standard_deck(Race::Amarr)}, {"b", rules::Deck{"eve_genesis", "x", {}}}};
  EXPECT_EQ(def.create(setup), nullptr);
  setup.seats[1].deck = standard_deck(Race::Caldari);
  EXPECT_NE(def.create(setup), nullptr);
}

}  // namespace
}  // namespace concord::eve
