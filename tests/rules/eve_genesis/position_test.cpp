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
