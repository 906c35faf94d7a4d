// "3. Management Phase": playing cards with costs, build counters, remote
// regions, locations, structures, upgrading the base, Limited cards, X costs;
// the Setup phase counters (duration, build) and income.
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

// Seat 0 (Gallente) active in its Management phase with 10 credits.
std::string board(const std::string& extra, int wallet = 10) {
  std::string out = "seats 2\nturn 3\nfirst 0\nactive 0\nseat 0 base=gallente_control_tower wallet=";
  out += std::to_string(wallet);
  out += "\nseat 1 base=holder_tower wallet=10\nmarket 0 veldspar veldspar\nmarket 1 veldspar veldspar\n";
  out += extra;
  return out;
}

void resolve(EveMatch& m) {
  ok(m, m.state().prompt_seat, pick("pass"));
  ok(m, m.state().prompt_seat, pick("pass"));
}

TEST(EveManagement, ExampleVelatorPaysOneAndEntersPlayBuiltInTheDocks) {
  // Management phase example: "Elisha played the ship Velator, paying 1 credit.
  // The Velator does not need to go through construction, so it entered play
  // built and docked in the docks."
  auto m = position(board("hand 0 velator#1\n", 1));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  EXPECT_EQ(m->state().seats[0].wallet, 0);
  resolve(*m);
  ASSERT_EQ(m->state().seats[0].docks, std::vector<CardId>{0});
  EXPECT_EQ(m->state().cards[0].build, 0);
}

TEST(EveManagement, ShipsWithBuildTabsEnterTheDocksUnderConstruction) {
  auto m = position(board("hand 0 thorax#1\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  resolve(*m);
  EXPECT_EQ(m->state().cards[0].build, 2);
  EXPECT_EQ(line_of(*m, "dock 0"), "dock 0 thorax#1 build=2");
}

TEST(EveManagement, ExampleBuildStepGuristasNullifierRotatesFromBuildTwoToOne) {
  // Setup phase example: "Now she rotates the ship card from build 2 to build 1.
  // This means she must wait one more turn".
  // A position entered at the build step has already rotated: start from the turn before.
  auto m2 = position(board("phase end_of_turn end\nactive 1\ndock 0 guristas_nullifier#1 build=2\n"));
  ASSERT_TRUE(m2);
  pass_all(*m2);  // seat 1 ends its turn; seat 0's turn begins (duration step)
  ASSERT_EQ(m2->state().active, 0);
  pass_all(*m2);  // duration -> build step (rotates)
  EXPECT_EQ(m2->state().step, Step::Build);
  EXPECT_EQ(m2->state().cards[0].build, 1);
}

TEST(EveManagement, ExampleDurationAndAssemblyForsakenRuinsAndBestower) {
  // "Jan's turn 9 ... 'Duration 2' is on top ... 'Assembly 1' ... turn 10 ...
  // 'Duration 1' ... the Bestower ... is built ... turn 11: The duration of the
  // News card Forsaken Ruins has expired, so it is placed on Jan's scrapheap."
  auto m = position(
      "seats 2\nturn 15\nactive 1\nphase end_of_turn end\n"
      "seat 0 base=holder_tower\nseat 1 base=gallente_control_tower\n"
      "market 0 veldspar veldspar veldspar veldspar veldspar\n"
      "market 1 velator velator velator velator velator\n"
      "news 0 forsaken_ruins#1 duration=3\ndock 0 bestower#2 build=2\n");
  ASSERT_TRUE(m);
  auto next_turn_of_seat0 = [&] {
    while (!(m->state().active == 0 && m->state().step == Step::Build)) {
      if (m->state().pending == Pending::IncomeChoice) {
        ok(*m, m->state().active, pick("income"));
      } else {
        ok(*m, m->state().prompt_seat, pick("pass"));
      }
    }
  };
  next_turn_of_seat0();  // turn 9
  EXPECT_EQ(m->state().cards[0].duration, 2);
  EXPECT_EQ(m->state().cards[1].build, 1);
  pass_all(*m);
  next_turn_of_seat0();  // turn 10
  EXPECT_EQ(m->state().cards[0].duration, 1);
  EXPECT_EQ(m->state().cards[1].build, 0);  // built, still docked
  pass_all(*m);
  next_turn_of_seat0();  // turn 11
  EXPECT_TRUE(m->state().seats[0].news.empty());
  EXPECT_EQ(m->state().seats[0].scrapheap, std::vector<CardId>{0});
}

TEST(EveManagement, ExampleDurationStepMarketFluctuationsAtDurationOneEnds) {
  // Setup phase example: "This card has duration 2 and is currently at duration
  // 1. This means that the duration of Market Fluctuations now ends, and it is
  // placed on Elisha's scrapheap."
  auto m = position(board("phase end_of_turn end\nactive 1\nnews 0 market_fluctuations#1 duration=1\n"));
  ASSERT_TRUE(m);
  pass_all(*m);
  EXPECT_EQ(m->state().step, Step::Duration);
  EXPECT_EQ(m->state().seats[0].scrapheap, std::vector<CardId>{0});
}

TEST(EveManagement, ExampleIncomeStepBaseVeldsparAndAridiaGiveFive) {
  // Setup phase example: "Elisha adds up 2 credits of income from her base, 1
  // credit from the location Veldspar, and 2 from the remote region Aridia,
  // which she controls. She received 5".
  auto m = position(board(
      "phase setup income\nregion aridia owner=0 controller=0\nship aridia 0 velator\n"
      "location home0 0 veldspar\n", 0));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->income(0), 5);
  ok(*m, 0, pick("income"));
  EXPECT_EQ(m->state().seats[0].wallet, 5);
}

TEST(EveManagement, LocationsInAnUncontrolledRegionGiveNoIncome) {
  auto m = position(board("region aridia owner=0 controller=none\nlocation aridia 0 veldspar\n"));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->income(0), 2);
}

TEST(EveManagement, StructuresAttachToYourBaseAndAddIncome) {
  // "Structures enter play attached to your base." "Their ... income bonus are
  // added to the corresponding bonuses of your base."
  auto m = position(board("hand 0 beggars_emporium#1\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  resolve(*m);
  EXPECT_EQ(m->state().seats[0].structures, std::vector<CardId>{0});
  EXPECT_EQ(m->income(0), 3);
}

TEST(EveManagement, CannotAffordIsRejectedAndChangesNothing) {
  auto m = position(board("hand 0 megathron#1\n", 8));
  ASSERT_TRUE(m);
  EXPECT_FALSE(offers(*m, 0, "play:c1"));
  rejected(*m, 0, pick("play:c1"), "CANNOT_AFFORD");
}

TEST(EveManagement, OnlyCardsOfYourBasesRace) {
  // "You may play only cards whose race icon matches the race of your base."
  auto m = position(board("hand 0 executioner#1 guristas_nullifier#2\n"));
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("play:c1"), "WRONG_RACE");
  EXPECT_TRUE(offers(*m, 0, "play:c2"));  // "If a card shows no icon ... any race may play it."
}

TEST(EveManagement, FaqCanIPlayARemoteRegionOnMyFirstTurn_YesItEntersUncontrolled) {
  // FAQ: "Yes. However, remote regions enter play uncontrolled".
  auto m = position(board("turn 1\noffdeck 0 aridia metropolis\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("region:aridia"));
  EXPECT_EQ(m->state().seats[0].wallet, 8);
  resolve(*m);
  const Region* r = m->state().region("aridia");
  ASSERT_NE(r, nullptr);
  EXPECT_FALSE(r->controller.has_value());
  EXPECT_EQ(m->income(0), 2);  // no benefits until controlled
}

TEST(EveManagement, OnlyOneRemoteRegionPerTurn) {
  // "you may play only one remote region per turn."
  auto m = position(board("offdeck 0 aridia metropolis\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("region:aridia"));
  resolve(*m);
  EXPECT_FALSE(offers(*m, 0, "region:metropolis"));
  rejected(*m, 0, pick("region:metropolis"), "REGION_ALREADY_PLAYED");
}

TEST(EveManagement, RemoteRegionNamesAreUnique) {
  // "You may play a remote region only if no region with that name is already in play".
  auto m = position(board("region aridia owner=1 controller=none\noffdeck 0 aridia\n"));
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("region:aridia"), "REGION_IN_PLAY");
}

TEST(EveManagement, FaqCanIPlayLocationsIntoOtherPlayersRegions_EvenHomeRegions) {
  // FAQ: "Yes. Even if those are their home regions."
  auto m = position(board("hand 0 veldspar#1\n"));
  ASSERT_TRUE(m);
  EXPECT_TRUE(offers(*m, 0, "play:c1@home0"));
  ok(*m, 0, pick("play:c1@home1"));
  resolve(*m);
  EXPECT_EQ(m->state().region("home1")->locations, std::vector<CardId>{0});
  // "whoever controls a region controls the locations placed in it"
  EXPECT_EQ(m->income(1), 3);
  EXPECT_EQ(m->income(0), 2);
}

TEST(EveManagement, NoMoreLocationsThanTheRegionHolds) {
  // "If the maximum available number of locations ... has been reached, you may
  // not play more locations into it." (Moon of Ndoria holds 1.)
  auto m = position(board(
      "region moon_of_ndoria owner=0 controller=none\nlocation moon_of_ndoria 1 omber\n"
      "hand 0 veldspar#1\n"));
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("play:c1@moon_of_ndoria"), "REGION_FULL");
  rejected(*m, 0, pick("play:c1@nowhere"), "ILLEGAL_TARGET");
}

TEST(EveManagement, UpgradeYourBasePaysAndTurnsItOver) {
  // "Upgrade your base: Pay the upgrade cost and turn your base over." "The base
  // remains upgraded until the end of the game."
  auto m = position(board(""));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("upgrade"));
  EXPECT_EQ(m->state().seats[0].wallet, 4);
  rejected(*m, 0, pick("upgrade"), "ALREADY_UPGRADED");
  resolve(*m);
  EXPECT_TRUE(m->state().seats[0].upgraded);
  EXPECT_EQ(m->income(0), 3);
  EXPECT_FALSE(offers(*m, 0, "upgrade"));
}

TEST(EveManagement, OnlyOneLimitedCardPerTurn) {
  // Glossary: "Limited > You may play only one 'Limited' card per turn."
  auto m = position(
      "seats 2\nseat 0 base=minmatar_control_tower wallet=20\nseat 1 base=holder_tower\n"
      "hand 0 martial_law#1 armageddon_project#2\n");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  rejected(*m, 0, pick("play:c2"), "LIMITED_ALREADY_PLAYED");
}

TEST(EveManagement, XCostIsChosenWithinTheWallet) {
  // "If the card's cost is 'X' and the card's text does not say what makes up
  // this number 'X', you may choose the number yourself."
  auto m = position(board("hand 0 remnant_of_vakatioth#1\n", 10));
  ASSERT_TRUE(m);
  auto p = m->prompt(0);
  auto it = std::find_if(p->options.begin(), p->options.end(),
                         [](const auto& o) { return o.id == "play:c1"; });
  ASSERT_NE(it, p->options.end());
  ASSERT_TRUE(it->range);
  EXPECT_EQ(it->range->min, 0);
  EXPECT_EQ(it->range->max, 10);
  rejected(*m, 0, pick("play:c1", 11), "CANNOT_AFFORD");
  ok(*m, 0, pick("play:c1", 10));  // FAQ: "paying 10 credits for it"
  EXPECT_EQ(m->state().seats[0].wallet, 0);
  EXPECT_EQ(m->state().cards[0].x, 10);
}

TEST(EveManagement, CharactersEnterPlayInYourDocks) {
  // "When you play a character, it enters play in your docks."
  auto m = position(board("hand 0 blood_rogue#1\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  resolve(*m);
  EXPECT_EQ(m->state().seats[0].docks, std::vector<CardId>{0});
}

TEST(EveManagement, NewsWithoutDurationGoesToTheScrapheapAfterResolving) {
  // "Most News cards go to your scrapheap right after resolving from the stack,
  // but some remain in play".
  auto m = position(board("hand 0 mind_clash#1 insurance_fraud#2\n"));
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c1"));
  ok(*m, 0, pick("play:c2"));
  resolve(*m);
  EXPECT_EQ(m->state().seats[0].scrapheap, std::vector<CardId>{0});
  EXPECT_EQ(m->state().seats[0].news, std::vector<CardId>{1});
  EXPECT_EQ(m->state().cards[1].duration, 1);
}

}  // namespace
}  // namespace concord::eve

namespace concord::eve {
namespace {

using namespace testing;

TEST(EveOrders, FaqSeveralOrdersAtOnce_TristanOneMallerBothOnTheSameSide) {
  // FAQ: "a ship cannot execute several orders at once, unless their tabs are on
  // the same side of the card. For example, the ship Tristan can execute only
  // one of its orders, while the ship Maller can execute both of its possible
  // orders at once."
  auto m = position(
      "seats 2\nseat 0 base=gallente_control_tower\nseat 1 base=holder_tower\n"
      "ship home0 0 tristan#1 order=patrol\nship home1 1 maller#2 order=patrol\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->executing_orders(0), std::vector<OrderKind>{OrderKind::Patrol});
  EXPECT_EQ(m->executing_orders(1), (std::vector<OrderKind>{OrderKind::Patrol, OrderKind::Tank}));
  ok(*m, 0, pick("order:c1@sensor_dampen"));  // rotating to the other tab replaces the order
  EXPECT_EQ(m->executing_orders(0), std::vector<OrderKind>{OrderKind::SensorDampen});
  ok(*m, 0, pick("order:c1@cancel"));
  EXPECT_TRUE(m->executing_orders(0).empty());
  rejected(*m, 0, pick("order:c1@cancel"), "ILLEGAL_ORDER");
  rejected(*m, 0, pick("order:c1@ambush"), "ILLEGAL_ORDER");
  rejected(*m, 0, pick("order:c2@tank"), "ILLEGAL_TARGET");  // not your ship
}

TEST(EveOrders, DockedShipsCannotReceiveOrders) {
  // "Ships that are docked or attacking cannot receive, and therefore cannot execute, orders."
  auto m = position("seats 2\nseat 0 base=gallente_control_tower\nseat 1 base=holder_tower\n"
                    "dock 0 tristan#1\n");
  ASSERT_TRUE(m);
  EXPECT_FALSE(offers(*m, 0, "order:c1@patrol"));
  rejected(*m, 0, pick("order:c1@patrol"), "ILLEGAL_TARGET");
}

}  // namespace
}  // namespace concord::eve
