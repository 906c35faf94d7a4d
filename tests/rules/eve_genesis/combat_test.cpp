// Combat: the view fields added with combat, the prompts' shape and a few
// rules the scenario files do not show on their own.
#include "concord/eve/eve_view.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

const char* kDamageStep = R"(seats 2
turn 9
active 0
phase combat damage_distribution
seat 0 base=gallente_control_tower
seat 1 base=holder_tower
region aridia owner=1 controller=1
ship aridia 1 maller#2 pilot=c5 order=patrol
pilot 1 ahremen_arkah#5
ship aridia 0 tristan#1
location aridia 1 ice_ore#3
news 1 stubborn_mechanic#4 duration=1
attack aridia
attacker c1 aridia
combat aridia defender=1 stage=start must_withdraw=no
defenders c2
assigned c1 c2
effect 1 c4 c2 shield=2 until=source
effect 1 c2 c1 attack=-1 until=combat_phase
pile 0 damage aridia c1>c2=1
market 0 veldspar
market 1 omber
)";

const EveView& as_eve(const rules::View& v) { return dynamic_cast<const EveView&>(v); }

TEST(EveCombat, TheViewShowsTheCombatState) {
  auto m = position(kDamageStep);
  ASSERT_TRUE(m);
  auto base = m->view(rules::Viewer::spectator());
  const EveView& v = as_eve(*base);
  EXPECT_EQ(v.combat.region, "aridia");
  EXPECT_EQ(v.combat.defender, 1);
  EXPECT_EQ(v.combat.attacks, std::vector<std::string>{"aridia"});
  EXPECT_EQ(v.combat.attackers, std::vector<std::string>{"c1"});
  EXPECT_EQ(v.combat.defenders, std::vector<std::string>{"c2"});
  ASSERT_EQ(v.combat.assigned.size(), 1u);
  EXPECT_EQ(v.combat.assigned[0], std::make_pair(std::string("c1"), std::string("c2")));
  const auto& ships = v.regions.back().ships;
  ASSERT_EQ(ships.size(), 2u);
  // Maller: shield 5 - 1 (Ice Ore) + 2 (Stubborn Mechanic), piloted.
  EXPECT_EQ(ships[0].shield, 6);
  EXPECT_EQ(ships[0].pilot, "c5");
  EXPECT_FALSE(ships[0].attacking);
  // Tristan: attack 2 - 1 (Sensor Dampen), attacking.
  EXPECT_EQ(ships[1].attack, 1);
  EXPECT_TRUE(ships[1].attacking);
  EXPECT_EQ(v.seats[1].base_shield, 10);
  EXPECT_EQ(v.seats[1].pilots.size(), 1u);
  EXPECT_EQ(v.seats[1].news[0].names, "c2");
  ASSERT_EQ(v.pile.size(), 1u);
  EXPECT_EQ(v.pile[0].kind, "damage");
  ASSERT_EQ(v.pile[0].damage.size(), 1u);
  EXPECT_EQ(v.pile[0].damage[0].target, "c2");
  EXPECT_EQ(v.pile[0].damage[0].amount, 1);
}

TEST(EveCombat, OnlyNewsAndAbilitiesDuringCombat) {
  // "News cards are the only cards that can be played outside your Management phase."
  auto m = position(std::string(kDamageStep) + "seat 0 wallet=5\nhand 0 velator#6 mind_clash#7\n");
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("play:c6"), "WINDOW_CLOSED");
  rejected(*m, 0, pick("jump:c1@home0"), "SHIP_ATTACKING");
  EXPECT_TRUE(offers(*m, 0, "play:c7"));
}

TEST(EveCombat, KamikazeOnlyAtTheStartOfTheCombatPhase) {
  const std::string text = R"(seats 2
turn 9
active 0
phase combat withdrawal
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
ship home1 0 velator#1
attack home1
attacker c1 home1
combat home1 defender=1 stage=after must_withdraw=no
market 0 veldspar
market 1 omber
)";
  auto m = position(text);
  ASSERT_TRUE(m);
  rejected(*m, 0, pick("kamikaze:c1@home1"), "ILLEGAL_ABILITY");
}

TEST(EveCombat, ShieldsRechargeWhenTheCombatPhaseEnds) {
  // "All shields recharge at the end of each phase - damage is not carried over
  // from one Combat phase to another."
  const std::string text = R"(seats 2
turn 9
active 0
phase combat results
seat 0 base=gallente_control_tower
seat 1 base=holder_tower
region aridia owner=1 controller=1
ship aridia 1 maller#2 damage=4
ship aridia 0 tristan#1 damage=1
attack aridia
attacker c1 aridia
combat aridia defender=1 stage=start must_withdraw=no
defenders c2
market 0 veldspar
market 1 omber
)";
  auto m = position(text);
  ASSERT_TRUE(m);
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  EXPECT_EQ(m->state().cards[0].damage, 0);
  EXPECT_EQ(m->state().cards[1].damage, 0);
  EXPECT_EQ(m->state().pending, Pending::Withdraw);  // all defenders survived
}

}  // namespace
}  // namespace concord::eve
