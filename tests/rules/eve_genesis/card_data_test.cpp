// Card data: the shipped files load, every card the rulebook names is there,
// and load errors name the file, line and column.
#include <gtest/gtest.h>

#include "concord/eve/card_db.hpp"

namespace concord::eve {
namespace {

TEST(EveCardData, ShippedCardsLoadWithoutErrors) {
  EXPECT_FALSE(CardDb::standard().empty());
}

TEST(EveCardData, VelatorCostsOneAndNeedsNoBuild) {
  // Management phase example: "Elisha played the ship Velator, paying 1 credit.
  // The Velator does not need to go through construction".
  const CardDef* v = CardDb::standard().find("velator");
  ASSERT_NE(v, nullptr);
  EXPECT_EQ(v->cost, 1);
  EXPECT_EQ(v->build, 0);
  EXPECT_EQ(v->type, CardType::Ship);
}

TEST(EveCardData, BaseBringsTwoIncome) {
  // FAQ: "On the first turn the amount is 2, which the base brings."
  for (const auto& [id, card] : CardDb::standard().all()) {
    if (card.type == CardType::Base) {
      EXPECT_EQ(card.income, 2) << id;
    }
  }
}

TEST(EveCardData, EveryCardTheRulebookNamesIsDefined) {
  const char* named[] = {
      "holder_tower", "aridia", "moon_of_ndoria", "metropolis", "dam_torsad", "sanshas_nation",
      "cloud_ring", "ginnungagap", "velator", "guristas_nullifier", "kestrel", "heron", "badger",
      "scorpion", "incursus", "tristan", "thorax", "megathron", "oneiros", "bestower",
      "executioner", "maller", "guardian", "slasher", "rupture", "scimitar", "angel_impaler",
      "market_fluctuations", "veterans_premature_retirement", "forsaken_ruins",
      "stubborn_mechanic", "armageddon_project", "mind_clash", "mind_control",
      "cult_of_tetrimon", "frontline_intelligence", "damage_control", "feed_on_the_weak",
      "martial_law", "remnant_of_vakatioth", "exiled_from_the_empire", "depleted_resources",
      "pirate_mercenary", "insurance_fraud", "by_the_emperors_decree", "emp_minefield",
      "beggars_emporium", "cathedral", "censor_office", "sentry_gun", "ecm_turret",
      "field_supply_router", "veldspar", "omber", "crokite", "scordite", "ice_ore",
      "archaeological_site", "echoes_of_gloom_bay", "sanshas_scout_outpost",
      "reflection_of_time", "ahremen_arkah", "blood_rogue"};
  for (const char* id : named) EXPECT_NE(CardDb::standard().find(id), nullptr) << id;
}

TEST(EveCardData, ErrataTextIsQuoted) {
  // Errata: "Sentry Gun now reads: ..."
  EXPECT_EQ(CardDb::standard().find("sentry_gun")->text,
            "At the start of each Combat phase, if able, Sentry Gun deals 2 damage to target "
            "ship located in this region, or 1 damage to each of two target ships located in "
            "this region.");
}

TEST(EveCardData, NumbersFromTheRulebookExamplesAreNotMarkedChosen) {
  const auto& db = CardDb::standard();
  auto chosen = [&](const char* id, const std::string& field) {
    const auto& c = db.find(id)->chosen;
    return std::find(c.begin(), c.end(), field) != c.end();
  };
  EXPECT_FALSE(chosen("velator", "cost"));
  EXPECT_FALSE(chosen("guristas_nullifier", "build"));
  EXPECT_FALSE(chosen("market_fluctuations", "duration"));
  EXPECT_TRUE(chosen("kestrel", "cost"));
  EXPECT_EQ(db.find("forsaken_ruins")->duration, 3);
  EXPECT_EQ(db.find("bestower")->build, 2);
  EXPECT_EQ(db.find("veterans_premature_retirement")->cost, 5);
  EXPECT_TRUE(db.find("remnant_of_vakatioth")->x_cost);
}

TEST(EveCardLoader, SyntaxErrorNamesFileLineAndColumn) {
  std::vector<std::string> errors;
  auto db = CardDb::load({{"bad.textproto", "card {\n  id: \"a\"\n  cost: \"x\"\n}\n"}}, &errors);
  EXPECT_TRUE(db.empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].rfind("bad.textproto:3:", 0), 0u) << errors[0];
}

TEST(EveCardLoader, UnknownFieldIsAnError) {
  std::vector<std::string> errors;
  CardDb::load({{"f", "card { id: \"a\" nmae: \"A\" }"}}, &errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("nmae"), std::string::npos) << errors[0];
}

TEST(EveCardLoader, SemanticErrorsAreListedWithTheFieldLine) {
  std::vector<std::string> errors;
  const char* text =
      "card {\n"
      "  id: \"Bad Id\"\n"
      "  name: \"Ship\"\n"
      "  type: SHIP\n"
      "  cost: -1\n"
      "  duration: 2\n"
      "}\n";
  CardDb::load({{"s.textproto", text}}, &errors);
  ASSERT_EQ(errors.size(), 4u);  // id, no shield, duration on a ship, negative cost
  EXPECT_EQ(errors[0], "s.textproto:2:3: card 'Bad Id': id must be lowercase letters, digits and '_'");
  bool found_cost = false;
  for (const auto& e : errors) found_cost |= e.rfind("s.textproto:5:3:", 0) == 0;
  EXPECT_TRUE(found_cost);
}

TEST(EveCardLoader, DuplicateIdsAreRejected) {
  std::vector<std::string> errors;
  const char* card = "card { id: \"a\" name: \"A\" type: NEWS }\n";
  CardDb::load({{"one", card}, {"two", card}}, &errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("more than once"), std::string::npos);
}

TEST(EveCardLoader, ChosenMustNameAField) {
  std::vector<std::string> errors;
  CardDb::load({{"f", "card { id: \"a\" name: \"A\" type: NEWS chosen: \"colour\" }"}}, &errors);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("colour"), std::string::npos);
}

}  // namespace
}  // namespace concord::eve

namespace concord::eve {
namespace {

TEST(EveCardLoader, PendingAbilitiesBelongToCardsThatEnterPlay) {
  std::vector<std::string> errors;
  CardDb::load({{"f", "card { id: \"n\" name: \"N\" type: NEWS "
                      "effect { kind: DRAW_CARDS amount: 1 trigger: ENTERS_PLAY } }\n"
                      "card { id: \"l\" name: \"L\" type: LOCATION "
                      "effect { kind: DRAW_CARDS amount: 1 } }\n"
                      "card { id: \"h\" name: \"H\" type: STRUCTURE "
                      "effect { kind: HANDLER handler: \"nope\" trigger: ENTERS_PLAY } }\n"
                      "card { id: \"t\" name: \"T\" type: NEWS effect { kind: DESTROY_TARGET } }\n"}},
               &errors);
  ASSERT_EQ(errors.size(), 4u);
  EXPECT_EQ(errors[0].rfind("f:1:", 0), 0u) << errors[0];
  EXPECT_EQ(errors[1].rfind("f:2:", 0), 0u) << errors[1];
  EXPECT_NE(errors[2].find("handler"), std::string::npos);
  EXPECT_NE(errors[3].find("needs target"), std::string::npos);
}

}  // namespace
}  // namespace concord::eve
