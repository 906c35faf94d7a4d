// Issue 12, section 3: deviations from the rulebook found by a judge's read,
// one test each, named after the rulebook line or FAQ answer it follows (the
// ones that read best as positions are scenario files: scenarios/*l<N>*.txt).
#include <set>

#include "concord/rules/match.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

std::string apply_code(rules::Match& m, SeatIndex seat, const std::string& option) {
  rules::Command c;
  c.seat = seat;
  c.answer = pick(option);
  const std::string before = m.state_hash();
  const auto out = rules::apply(m, c);
  EXPECT_EQ(m.state_hash(), before);
  return out.accepted ? "" : out.rejection->code;
}

// L215 "Only one character can pilot one ship at a time" and the shared prompt
// rule: an option id appears once in a prompt. Ahremen Arkah piloting a ship
// was offered twice (`ability:cN:0`): the seat's pilots were added to a list
// that already held them.
TEST(EveDeviations, L215_AhremenArkahPilotingIsOfferedOnceAndPromptIdsAreUnique) {
  auto m = position(R"(seats 2
turn 6
active 0
seat 0 base=holder_tower
seat 1 base=gallente_control_tower
region aridia owner=0 controller=0
ship aridia 0 maller#1 pilot=c2
pilot 0 ahremen_arkah#2
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  const auto p = m->prompt(0);
  ASSERT_TRUE(p);
  EXPECT_FALSE(rules::check_prompt(*p)) << rules::check_prompt(*p)->message;
  int offered = 0;
  for (const auto& o : p->options) offered += o.id == "ability:c2:0" ? 1 : 0;
  EXPECT_EQ(offered, 1);
  EXPECT_EQ(apply_code(*m, 0, "no_such_option"), "UNKNOWN_OPTION");
}

// L82 (Draw phase): "This is the only phase in which no player may play News
// cards or use any abilities." A News answered then is refused as
// WINDOW_CLOSED through rules::apply, by the seat holding the Trade prompt and
// by a seat with no prompt at all (not NO_PROMPT / UNKNOWN_OPTION).
TEST(EveDeviations, L82_NewsDuringTheDrawPhaseIsRefusedAsWindowClosed) {
  auto m = position(R"(seats 2
turn 8
active 0
phase setup income
seat 0 base=caldari_control_tower
seat 1 base=gallente_control_tower
region aridia owner=0 controller=0
ship aridia 0 badger#2 order=trade
hand 0 heron#1 mind_clash#7
hand 1 mind_clash#8
market 0 kestrel#4 veldspar#5 omber#6
market 1 velator
)");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("income"));
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  ASSERT_EQ(m->state().phase, Phase::Draw);
  ASSERT_TRUE(m->prompt(0));
  ASSERT_FALSE(m->prompt(1));
  EXPECT_EQ(apply_code(*m, 0, "play:c7"), "WINDOW_CLOSED");
  EXPECT_EQ(apply_code(*m, 1, "play:c8"), "WINDOW_CLOSED");
  EXPECT_EQ(apply_code(*m, 1, "pass"), "NO_PROMPT");  // passing is not an action
}

// FAQ L268: "Can I sacrifice a ship that is in the docks? A: Yes, but you
// cannot sacrifice a ship (or any other card) unless a card effect says that
// you must or may do so." A docked Velator (Kamikaze 2: "Sacrifice: ...") is
// offered nothing but undocking: no sacrifice, no Kamikaze (its ability works
// only "in this system" at the start of the Combat phase), and an answer that
// tries is refused.
TEST(EveDeviations, L268_ADockedShipIsSacrificedOnlyWhenACardEffectSaysSo) {
  auto m = position(R"(seats 2
turn 6
active 0
seat 0 base=gallente_control_tower wallet=10
seat 1 base=caldari_control_tower
dock 0 velator#1
market 0 veldspar
market 1 heron
)");
  ASSERT_TRUE(m);
  const auto p = m->prompt(0);
  ASSERT_TRUE(p);
  for (const auto& o : p->options) {
    if (o.id.find("c1") == std::string::npos) continue;
    EXPECT_EQ(o.id.rfind("jump:c1@", 0), 0u) << o.id;
  }
  EXPECT_NE(apply_code(*m, 0, "kamikaze:c1@home1"), "");
  EXPECT_TRUE(std::find(m->state().seats[0].docks.begin(), m->state().seats[0].docks.end(), 0) !=
              m->state().seats[0].docks.end());
}

}  // namespace
}  // namespace concord::eve
