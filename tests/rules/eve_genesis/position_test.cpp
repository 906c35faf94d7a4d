// The position format: round trips, defaults and line-numbered errors.
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

std::string load_error(const std::string& text) {
  std::string error;
  EXPECT_EQ(load_position(text, &error), nullptr) << text;
  return error;
}

const char* kTwo = "seats 2\nseat 0 base=holder_tower\nseat 1 base=gallente_control_tower\n";

TEST(EvePosition, SaveLoadRoundTripsANewMatchBitForBit) {
  auto m = new_match(11);
  const std::string text = save_position(*m);
  auto again = position(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(save_position(*again), text);
  EXPECT_EQ(again->state_hash(), m->state_hash());
  // Same answers, same result.
  ok(*m, m->state().first, picks({}));
  ok(*again, again->state().first, picks({}));
  EXPECT_EQ(again->state_hash(), m->state_hash());
}

// The lines of the second vocabulary load and save back to the same text.
TEST(EvePosition, SecondVocabularyLinesRoundTrip) {
  auto m = position(R"(seats 2
turn 6
active 0
phase combat damage_distribution
prompt redirect 1
seat 0 base=minmatar_control_tower
seat 1 base=holder_tower
region aridia owner=1 controller=1
ship aridia 0 slasher#1
ship aridia 1 guardian#2
ship aridia 1 executioner#3
ship aridia 1 cruor#4
under 1 c4 veldspar#5 omber#6
location aridia 1 reflection_of_time#7 copy=veldspar
news 0 forsaken_ruins#8 duration=2 region=aridia
structure 1 sentry_gun#9
scrapheap 0 depleted_resources#10
structure 1 field_supply_router#11
market 0 veldspar
market 1 omber
attack aridia
attacker c1 aridia
combat aridia defender=1 stage=start must_withdraw=no
defenders c2 c3 c4
assigned c1 c3
effect 0 c10 c3 cannot_execute=mine_minerals until=turn
effect 1 c11 aridia shield=1 until=turn
effect 1 c11 aridia attack=1 until=turn
pile 1 ability c9 0 targets=c1 amount=2
pile 0 damage aridia c1>c3=3
)");
  ASSERT_TRUE(m);
  const std::string text = save_position(*m);
  auto again = position(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(save_position(*again), text);
  EXPECT_NE(text.find("under 1 c4 veldspar#5 omber#6"), std::string::npos) << text;
  EXPECT_NE(text.find("pile 1 ability c9 0 targets=c1 amount=2"), std::string::npos) << text;
  EXPECT_EQ(m->def(6).id, "veldspar");             // Reflection of Time as a copy
  EXPECT_EQ(m->shield_of(3), 2 + 2 + 1);           // Cruor: two cards under it, boost +1
  EXPECT_EQ(m->attack_of(3), 2 + 2 + 1);
  auto p = m->prompt(1);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "redirect");
  EXPECT_EQ(p->options.size(), 1u);  // c1's damage to c3 may go to Guardian c2
}

// Guardian: the damage of an effect waits on top of the resolving pile for `redirect`.
TEST(EvePosition, EffectDamageWaitingForGuardianRoundTrips) {
  const std::string ships = std::string(kTwo) +
                            "region aridia owner=0 controller=0\n"
                            "ship aridia 0 executioner#1\nship aridia 0 guardian#2\n"
                            "scrapheap 1 pirate_mercenary#3\n";
  auto m = position(ships + "pile 1 damage effect c3>c1=2\nresolving yes\nprompt redirect 0\n");
  ASSERT_TRUE(m);
  const std::string text = save_position(*m);
  auto again = position(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(save_position(*again), text);
  EXPECT_NE(text.find("pile 1 damage effect c3>c1=2\n"), std::string::npos) << text;
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->kind, "redirect");
  ASSERT_EQ(p->options.size(), 1u);
  EXPECT_EQ(p->options[0].id, "c3>c1>c2");
  // An effect's damage is asked for only while the pile resolves, combat damage only before.
  EXPECT_NE(load_error(ships + "pile 1 damage effect c3>c1=2\nprompt redirect 0\n").find("prompt redirect"),
            std::string::npos);
  EXPECT_NE(load_error(ships + "pile 1 damage aridia c3>c1=2\nresolving yes\nprompt redirect 0\n")
                .find("prompt redirect"),
            std::string::npos);
}

TEST(EvePosition, UnderNamesAShipInPlay) {
  EXPECT_NE(load_error(std::string(kTwo) + "under 0 c2 veldspar#1\nhand 0 velator#2\n").find("not a ship in play"),
            std::string::npos);
}

TEST(EvePosition, EverythingHasADefault) {
  auto m = position(kTwo);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state().turn, 1);
  EXPECT_EQ(m->state().phase, Phase::Management);
  EXPECT_EQ(m->state().pending, Pending::Priority);
  EXPECT_EQ(m->state().prompt_seat, 0);
  EXPECT_EQ(m->state().seats[1].wallet, 0);
}

TEST(EvePosition, CardsWithoutIdsAreNumberedInOrderAroundExplicitIds) {
  auto m = position(std::string(kTwo) + "hand 0 velator veldspar#1 omber\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(line_of(*m, "hand 0"), "hand 0 velator#2 veldspar#1 omber#3");
}

TEST(EvePosition, AllZonesCountersPileAndRegions) {
  const std::string text = std::string(kTwo) +
                           "turn 7\nfirst 1\nactive 1\nphase management main\nprompt priority 0\n"
                           "passes 1\nregion_played yes\n"
                           "seat 1 wallet=3 upgraded=yes base_damage=2 limited_played=yes\n"
                           "offdeck 0 aridia cloud_ring\n"
                           "dock 1 thorax build=1\nstructure 1 sentry_gun\nnews 0 martial_law duration=2\n"
                           "region metropolis owner=1 controller=1\n"
                           "ship metropolis 1 tristan damage=1 order=patrol\n"
                           "location metropolis 0 veldspar\n"
                           "pile 1 card mind_clash\npile 1 card veldspar target=home0\n"
                           "pile 0 region aridia\npile 1 upgrade\n";
  auto m = position(text);
  ASSERT_TRUE(m);
  const auto& st = m->state();
  EXPECT_EQ(st.pile.size(), 4u);
  EXPECT_EQ(st.pile[1].region, "home0");
  EXPECT_TRUE(st.seats[1].upgraded);
  EXPECT_EQ(st.region("metropolis")->controller, 1);
  EXPECT_EQ(line_of(*m, "ship metropolis"), "ship metropolis 1 tristan#4 damage=1 order=patrol");
  auto again = position(save_position(*m));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->state_hash(), m->state_hash());
}

TEST(EvePosition, ErrorsNameTheLine) {
  EXPECT_EQ(load_error("seats 2\nseat 0 base=holder_tower\nhand 0 velatorr\n"),
            "line 3: unknown card 'velatorr'");
  EXPECT_EQ(load_error("hand 0 velator\n"), "line 1: 'seats N' must come first");
  EXPECT_EQ(load_error(std::string(kTwo) + "frobnicate 3\n"), "line 4: unknown keyword 'frobnicate'");
  EXPECT_EQ(load_error(std::string(kTwo) + "hand 2 velator\n"),
            "line 4: expected a number in 0..1, got '2'");
  EXPECT_EQ(load_error(std::string(kTwo) + "dock 0 veldspar\n"),
            "line 4: 'veldspar' is a location, expected ship or character");
  EXPECT_EQ(load_error(std::string(kTwo) + "ship aridia 0 velator\n"),
            "line 4: region 'aridia' is not in play (declare it with 'region aridia ...')");
  EXPECT_EQ(load_error(std::string(kTwo) + "pile 0 card veldspar\n"),
            "line 4: a location on the pile needs target=<region>");
  EXPECT_EQ(load_error(std::string(kTwo) + "phase draw main\n"),
            "line 4: step 'main' is not part of phase 'draw'");
  EXPECT_EQ(load_error(std::string(kTwo) + "hand 0 velator#1 omber#1\n"), "line 4: card id #1 used twice");
  EXPECT_EQ(load_error(std::string(kTwo) + "dock 0 velator order=patrol\n"),
            "line 4: 'velator' has no order 'patrol'");
  EXPECT_EQ(load_error("seats 2\nseat 0 base=holder_tower\n"), "position: seat 1 has no base=");
}

// Found by the eve_position fuzz target: an off-deck holding a region twice
// offered "region:<key>" twice in one priority prompt.
TEST(EvePosition, L25_EveryDeckContainsExactlyThreeDifferentRemoteRegions) {
  EXPECT_EQ(load_error(std::string(kTwo) + "offdeck 0 aridia aridia\n"),
            "line 4: remote region 'aridia' is twice in seat 0's off-deck");
  EXPECT_TRUE(position(std::string(kTwo) + "offdeck 0 aridia\noffdeck 1 aridia\npile 1 region cloud_ring\n"));
}

// Found by EvePositionFuzz.MutatedCombatPositions: a combat whose defender was
// the active seat listed that seat twice among those announcing withdrawals,
// and open_withdrawal looped forever.
TEST(EvePosition, TheDefenderIsNeverTheAttackingSeat) {
  const std::string combat = std::string(kTwo) + "region aridia owner=0 controller=1\n"
                             "ship aridia 0 velator\nship aridia 1 velator\nphase combat withdrawal\n";
  EXPECT_NE(load_error(combat + "combat aridia defender=0 stage=start must_withdraw=no\n").find("defender cannot be the active seat"),
            std::string::npos);
}

TEST(EvePosition, PromptMustFitThePhase) {
  EXPECT_NE(load_error(std::string(kTwo) + "phase draw draw\n").find("no priority"), std::string::npos);
  EXPECT_NE(load_error(std::string(kTwo) + "prompt discard 0\n").find("discard"), std::string::npos);
  EXPECT_NE(load_error(std::string(kTwo) + "prompt income 0\n").find("income"), std::string::npos);
}

}  // namespace
}  // namespace concord::eve

namespace concord::eve {
namespace {

using namespace testing;

TEST(EvePosition, AChoiceWhileResolvingRoundTripsAndResumes) {
  auto m = position(
      "seats 2\nseat 0 base=caldari_control_tower\nseat 1 base=gallente_control_tower\n"
      "hand 0 velator#3 mind_clash#4\npile 0 card scordite#1 target=home0\n"
      "pile 0 card omber#2 target=home0\nmarket 0 heron\nmarket 1 velator\n");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  ok(*m, 0, pick("ability:c1:0"));
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  ASSERT_EQ(m->state().pending, Pending::Choice);
  EXPECT_EQ(m->prompt(0)->kind, "choose_discard");
  const std::string text = save_position(*m);
  EXPECT_NE(text.find("choice discard 0 1 c2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("pile 0 ability c1 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("resolving yes\n"), std::string::npos) << text;
  auto again = position(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(again->state_hash(), m->state_hash());
  ok(*again, 0, pick({"c4"}));
  EXPECT_EQ(again->prompt(0)->kind, "choose_sacrifice");
}

TEST(EvePosition, ChoicePromptNeedsAChoiceLine) {
  std::string error;
  EXPECT_EQ(load_position("seats 2\nseat 0 base=holder_tower\nseat 1 base=holder_tower\n"
                          "prompt choice 0\n", &error), nullptr);
  EXPECT_NE(error.find("choice"), std::string::npos);
}

}  // namespace
}  // namespace concord::eve
