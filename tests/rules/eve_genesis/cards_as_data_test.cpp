// Issue 12 section 1: the one effect layer and cards as data. The three cards
// invented for it (Overcharged Capacitors, Shield Relay, Stasis Webifier) are
// data only: they use the generic vocabulary (ADD_EFFECT, static CHANGE)
// and no C++ of their own.
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

// Passes priority (and takes income) until the turn number changes.
void play_to_next_turn(EveMatch& m) {
  const int turn = m.state().turn;
  for (int i = 0; i < 64 && m.state().turn == turn && !m.finished(); ++i) {
    if (m.state().pending != Pending::Priority) break;
    ok(m, m.state().prompt_seat, pick("pass"));
  }
}

TEST(EveCardsAsData, TheNewCardsUseOnlyTheGenericVocabulary) {
  const auto& db = CardDb::standard();
  for (const char* id : {"overcharged_capacitors", "shield_relay", "stasis_webifier"}) {
    const CardDef* d = db.find(id);
    ASSERT_NE(d, nullptr) << id;
    for (const auto& e : d->effects) {
      EXPECT_EQ(e.kind, EffectKind::AddEffect) << id;
      EXPECT_TRUE(e.handler.empty()) << id;
    }
    for (const auto& s : d->statics) EXPECT_EQ(s.kind, StaticKind::Change) << id;
    const auto& c = d->chosen;
    EXPECT_NE(std::find(c.begin(), c.end(), "text"), c.end()) << id << ": invented, so chosen";
  }
}

// Overcharged Capacitors (invented): "Target ship gets [+2 attack] until end of turn."
TEST(EveCardsAsData, OverchargedCapacitorsGivesPlusTwoAttackUntilEndOfTurn) {
  auto m = position(R"(seats 2
seat 0 base=minmatar_control_tower wallet=1
seat 1 base=holder_tower
ship home0 0 slasher#1
hand 0 overcharged_capacitors#2
market 0 veldspar veldspar
market 1 omber omber
)");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("play:c2>c1"));
  pass_all(*m);
  EXPECT_EQ(m->attack_of(0), 3 + 2);
  EXPECT_EQ(line_of(*m, "effect"), "effect 0 c2 c1 attack=2 until=turn");
  EXPECT_EQ(line_of(*m, "scrapheap 0"), "scrapheap 0 overcharged_capacitors#2");
  play_to_next_turn(*m);
  EXPECT_EQ(m->state().turn, 2);
  EXPECT_EQ(m->attack_of(0), 3) << "until end of turn";
  EXPECT_EQ(line_of(*m, "effect"), "");
}

// Shield Relay (invented): "Friendly ships in your home region get [+1 shield]."
TEST(EveCardsAsData, ShieldRelayGivesFriendlyShipsInTheHomeRegionPlusOneShield) {
  auto m = position(R"(seats 2
seat 0 base=minmatar_control_tower
seat 1 base=holder_tower
structure 0 shield_relay#1
ship home0 0 slasher#2
ship home0 1 executioner#3
region aridia owner=0 controller=0
ship aridia 0 slasher#4
dock 0 slasher#5
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->shield_of(1), 2 + 1);
  EXPECT_EQ(m->shield_of(2), 3) << "an enemy ship there";
  EXPECT_EQ(m->shield_of(3), 2) << "outside the home region";
  EXPECT_EQ(m->shield_of(4), 2) << "docked";
}

// Stasis Webifier (invented): "[2 credits]: Target attacking ship gets [-2
// attack] until end of turn." An activated ability, like EMP Minefield's.
TEST(EveCardsAsData, StasisWebifierGivesAnAttackingShipMinusTwoAttack) {
  auto m = position(R"(seats 2
turn 6
seat 0 base=minmatar_control_tower
seat 1 base=holder_tower wallet=2
structure 1 stasis_webifier#1
ship home0 0 slasher#2
ship home1 1 executioner#3
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("jump:c2@home1"));
  ok(*m, 0, pick("pass"));
  EXPECT_FALSE(offers(*m, 1, "ability:c1:0>c2")) << "not attacking yet (the jump is on the pile)";
  ok(*m, 1, pick("pass"));
  ASSERT_TRUE(m->is_attacking(1));
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("ability:c1:0>c2"));
  ok(*m, 1, pick("pass"));
  ok(*m, 0, pick("pass"));
  EXPECT_EQ(m->attack_of(1), 3 - 2);
  EXPECT_EQ(m->state().seats[1].wallet, 0);
  EXPECT_EQ(line_of(*m, "effect"), "effect 1 c1 c2 attack=-2 until=turn");
}

// The layer: every kind of change, duration and condition survives the
// position format, and the numbers come from printed values + statics +
// lingering effects (Ice Ore -1, Field Supply Router +1, a News +2).
TEST(EveLayer, EffectsOfEveryKindRoundTripAndAddUp) {
  auto m = position(R"(seats 2
seat 0 base=minmatar_control_tower
seat 1 base=holder_tower
region aridia owner=1 controller=1
ship aridia 1 executioner#1
location aridia 1 ice_ore#2
structure 1 field_supply_router#3
news 1 stubborn_mechanic#4 duration=1
scrapheap 0 overcharged_capacitors#5
effect 1 c3 aridia shield=1 until=turn
effect 1 c4 c1 shield=2 until=source
effect 0 c5 c1 jam=1 until=combat_phase
effect 0 c5 c1 cannot_execute until=phase
effect 0 c5 c1 cannot_execute=patrol until=turn if=friendly_company
effect 0 c5 c1 prevent_damage until=turn if=remote_region
)");
  ASSERT_TRUE(m);
  const std::string text = save_position(*m);
  auto again = position(text);
  ASSERT_TRUE(again);
  EXPECT_EQ(save_position(*again), text);
  EXPECT_NE(text.find("effect 0 c5 c1 cannot_execute=patrol until=turn if=friendly_company"), std::string::npos);
  EXPECT_EQ(m->shield_of(0), 3 - 1 + 1 + 2);
  EXPECT_EQ(m->keyword_strength(0, OrderKind::Jam), 1);
}

TEST(EveLayer, AnEffectWhileItsSourceIsInPlayEndsWithTheSource) {
  auto m = position(R"(seats 2
seat 0 base=minmatar_control_tower wallet=2
seat 1 base=holder_tower
ship home1 1 executioner#1
news 1 stubborn_mechanic#2 duration=1
hand 0 damage_control#3
effect 1 c2 c1 shield=2 until=source
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->shield_of(0), 3 + 2);
  ok(*m, 0, pick("play:c3>c2"));
  pass_all(*m);
  EXPECT_EQ(m->shield_of(0), 3);
  EXPECT_EQ(line_of(*m, "effect"), "");
}

TEST(EveCardLoader, AddEffectNeedsAChangeAndMoveTargetAZone) {
  std::vector<std::string> errors;
  CardDb::load({{"f", "card { id: \"a\" name: \"A\" type: NEWS effect { kind: ADD_EFFECT target: TARGET_SHIP } }\n"
                      "card { id: \"b\" name: \"B\" type: NEWS effect { kind: MOVE_TARGET target: TARGET_SHIP } }\n"
                      "card { id: \"c\" name: \"C\" type: NEWS effect { kind: ADD_EFFECT target: TARGET_SHIP "
                      "change { kind: ATTACK } } }\n"}},
               &errors);
  ASSERT_EQ(errors.size(), 3u);
  EXPECT_NE(errors[0].find("ADD_EFFECT needs"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("MOVE_TARGET needs"), std::string::npos) << errors[1];
  EXPECT_NE(errors[2].find("need an amount"), std::string::npos) << errors[2];
}

}  // namespace
}  // namespace concord::eve
