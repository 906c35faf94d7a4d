// Card data: the shipped files load cleanly, every card the rulebook names is
// present with its clarification as its text, and load errors name the line.
#include <gtest/gtest.h>

#include "concord/everzone/card_db.hpp"

namespace concord::everzone {
namespace {

TEST(EverZoneCards, ShippedCardFileLoadsWithoutErrors) {
  auto errors = CardDb::builtin_errors();
  for (const auto& e : errors) ADD_FAILURE() << e;
  EXPECT_GE(CardDb::builtin().cards().size(), 40u);
}

TEST(EverZoneCards, EveryCardTheRulebookNamesIsPresent) {
  for (const char* id : {"carapace", "tribe_recall", "xenogray", "kraken", "final_protocol", "vlad",
                         "engagement", "meraud", "ciel", "hantal_vexilium", "zarkendra", "virago", "jehrah",
                         "sniper", "moray", "sea_arrow", "medusa", "orbital_void", "cbl", "lak"}) {
    const Card* c = CardDb::builtin().find(id);
    ASSERT_NE(c, nullptr) << id;
    EXPECT_EQ(c->source, "rulebook") << id;
    EXPECT_FALSE(c->text.empty()) << id;
  }
}

TEST(EverZoneCards, ClarificationsAreTheCardText) {
  const auto& db = CardDb::builtin();
  EXPECT_NE(db.find("hantal_vexilium")->text.find("all active Units in the game receive -4 DEFENSE"),
            std::string::npos);
  EXPECT_NE(db.find("jehrah")->text.find("you must destroy one Unit under your control"), std::string::npos);
  EXPECT_NE(db.find("carapace")->text.find("Carapace brings it to 6"), std::string::npos);
}

// "the three base Location cards of Earth, Sea and Space"; "if the Location
// card provides 10, 20 and 35 RESOURCES over three turns".
TEST(EverZoneCards, BaseLocationsEarthSeaSpace) {
  const auto& db = CardDb::builtin();
  for (const char* id : {"earth", "sea", "space"}) {
    ASSERT_NE(db.find(id), nullptr);
    EXPECT_EQ(db.find(id)->kind, CardKind::Location);
  }
  EXPECT_EQ(db.find("earth")->limits, (std::vector<int>{10, 20, 35}));
  EXPECT_EQ(db.find("earth")->terrain, Terrain::Earth);
}

// "This special card can be summoned and activated in any location."
TEST(EverZoneCards, LeaderCanFightInAnyLocation) {
  const auto& db = CardDb::builtin();
  for (auto t : {Terrain::Earth, Terrain::Sea, Terrain::Space}) EXPECT_TRUE(db.find("kraken")->can_fight(t));
  EXPECT_FALSE(db.find("moray")->can_fight(Terrain::Earth));
}

TEST(EverZoneCards, LoadErrorsNameTheLine) {
  auto r = CardDb::parse(
      "# comment\n"
      "card a\n"
      "kind unit\n"
      "name A\n"
      "race numens\n"
      "values 1 2 3\n"
      "fights moon\n"
      "source rulebook\n"
      "bogus 1\n"
      "card a\n"
      "kind location\n");
  ASSERT_FALSE(r.ok());
  auto has = [&](const std::string& s) {
    for (const auto& e : r.errors)
      if (e.find(s) != std::string::npos) return true;
    return false;
  };
  EXPECT_TRUE(has("line 6: values must be four integers"));
  EXPECT_TRUE(has("line 7: unknown terrain 'moon'"));
  EXPECT_TRUE(has("line 9: unknown field 'bogus'"));
  EXPECT_TRUE(has("line 10: card 'a' lacks 'name'"));
  EXPECT_TRUE(has("line 10: duplicate card id 'a'"));
}

TEST(EverZoneCards, FieldBeforeCardAndDuplicateFieldAreErrors) {
  auto r = CardDb::parse("kind unit\ncard b\nname B\nname C\n");
  ASSERT_GE(r.errors.size(), 2u);
  EXPECT_EQ(r.errors[0], "line 1: expected 'card <id>' before 'kind'");
  EXPECT_EQ(r.errors[1], "line 4: duplicate field 'name'");
}

}  // namespace
}  // namespace concord::everzone
