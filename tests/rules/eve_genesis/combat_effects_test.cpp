// The one effect layer in combat and in generic choices (issue 12 section 1):
//  - Jam X: "During this Combat phase the chosen targets cannot execute
//    orders."; Warp Scramble X: "During this Combat phase the chosen targets
//    cannot withdraw."; Sensor Dampen X: "For this Combat phase the chosen
//    target gets [-X attack]." Each is a lingering effect (until=combat_phase),
//    shown by the generic `effect` lines and EveView::effects, and it ends
//    with the Combat phase.
//  - Field Supply Router: "At the start of each opponent's turn you MAY choose
//    a remote region": the data line's `optional` is what offers `decline`.
#include <filesystem>
#include <fstream>
#include <sstream>

#include "concord/eve/eve_view.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

const std::string kUntilCombatPhase = "until=combat_phase";

std::vector<std::string> combat_phase_effects(const EveMatch& m) {
  std::vector<std::string> out;
  std::istringstream lines(save_position(m));
  std::string l;
  while (std::getline(lines, l)) {
    if (l.rfind("effect ", 0) == 0 && l.find(kUntilCombatPhase) != std::string::npos) out.push_back(l);
  }
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Answers the open prompt plainly: pass priority, `done`, else the first option.
void answer_plainly(EveMatch& m) {
  const SeatIndex s = m.state().prompt_seat;
  const auto p = m.prompt(s);
  ASSERT_TRUE(p);
  ASSERT_FALSE(p->options.empty()) << p->kind;
  std::string id = p->options.front().id;
  for (const auto& o : p->options) {
    if (o.id == "pass" || o.id == "done") id = o.id;
  }
  ok(m, s, pick(id));
}

// Guristas Nullifier (Jam 1, Warp Scramble 1) attacks Aridia, defended by a
// Kestrel (Ambush) and a Tristan executing Sensor Dampen 1: the three
// effects are made by the keyword abilities, hold through the Combat phase
// and are gone once it is over.
TEST(EveLayer, JamWarpScrambleAndSensorDampenEndWithTheCombatPhase) {
  auto m = position(R"(seats 2
turn 9
active 0
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
ship home0 0 guristas_nullifier#1
region aridia owner=1 controller=1
ship aridia 1 kestrel#2 order=ambush
ship aridia 1 tristan#3 order=sensor_dampen
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  ok(*m, 0, pick("jump:c1@aridia"));
  bool seen_all = false;
  Step last = m->state().step;
  bool ended_after_results = false;
  for (int i = 0; i < 200 && m->state().turn == 9; ++i) {
    const auto before = combat_phase_effects(*m);
    answer_plainly(*m);
    if (HasFatalFailure()) return;
    const auto now = combat_phase_effects(*m);
    if (m->state().step == Step::DamageDistribution) {
      seen_all = seen_all || (has(now, "effect 0 c1 c2 cannot_execute until=combat_phase") &&
                              has(now, "effect 0 c1 c2 cannot_withdraw until=combat_phase") &&
                              has(now, "effect 1 c3 c1 attack=-1 until=combat_phase"));
    }
    if (!before.empty() && now.empty() && seen_all) {
      ended_after_results = last == Step::Results;
      break;
    }
    last = m->state().step;
  }
  EXPECT_TRUE(seen_all) << "Jam on the Kestrel, Warp Scramble on the Kestrel, Sensor Dampen on the Nullifier";
  EXPECT_TRUE(ended_after_results) << "the effects last until the end of the Combat phase (its Results step)";
}

// The Results step ends, every defending ship survived: the Combat phase is
// over (the attackers must withdraw) and so are its effects; an effect until
// end of turn stays. The view shows them in the generic effects list.
TEST(EveLayer, CombatPhaseEffectsEndWhenTheAttackersMustWithdraw) {
  auto m = position(R"(seats 2
turn 9
active 0
phase combat results
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
region aridia owner=1 controller=1
ship aridia 1 kestrel#2 order=ambush
ship aridia 1 tristan#3 order=sensor_dampen
ship aridia 0 guristas_nullifier#1
attack aridia
attacker c1 aridia
combat aridia defender=1 stage=after must_withdraw=no
defenders c2 c3
effect 0 c1 c2 cannot_execute until=combat_phase
effect 0 c1 c2 cannot_withdraw until=combat_phase
effect 1 c3 c1 attack=-1 until=combat_phase
effect 1 c3 c1 attack=1 until=turn
market 0 veldspar
market 1 omber
)");
  ASSERT_TRUE(m);
  {
    auto base = m->view(rules::Viewer::spectator());
    const auto& v = dynamic_cast<const EveView&>(*base);
    ASSERT_EQ(v.effects.size(), 4u);
    EXPECT_EQ(v.effects[0].change, "cannot_execute");
    EXPECT_EQ(v.effects[0].order, "");
    EXPECT_EQ(v.effects[1].change, "cannot_withdraw");
    EXPECT_EQ(v.effects[1].card, "c2");
    EXPECT_EQ(v.effects[1].until, "combat_phase");
    EXPECT_EQ(v.effects[2].change, "attack");
    EXPECT_EQ(v.effects[2].amount, -1);
  }
  EXPECT_EQ(m->attack_of(0), 3 - 1 + 1);  // c1: the Nullifier
  EXPECT_EQ(m->order_strength(1, OrderKind::Ambush), 0);  // c2: the Kestrel
  EXPECT_TRUE(m->cannot_withdraw(1));
  ok(*m, 0, pick("pass"));
  ok(*m, 1, pick("pass"));
  EXPECT_EQ(m->state().pending, Pending::Withdraw);
  EXPECT_TRUE(combat_phase_effects(*m).empty()) << save_position(*m);
  EXPECT_EQ(line_of(*m, "effect"), "effect 1 c3 c1 attack=1 until=turn");
  EXPECT_EQ(m->attack_of(0), 3 + 1);
  EXPECT_FALSE(m->cannot_withdraw(1));
  EXPECT_EQ(m->order_strength(1, OrderKind::Ambush), 1) << "no longer jammed";
}

// The old per-card combat lines are gone from the position format.
TEST(EveLayer, TheOldCombatLinesAreNoLongerPartOfThePositionFormat) {
  for (const char* line : {"jammed c2", "scrambled c2", "dampened c1 -1"}) {
    std::string error;
    auto m = load_position(std::string("seats 2\nseat 0 base=gallente_control_tower\n"
                                       "seat 1 base=caldari_control_tower\nship home1 1 kestrel#2\n"
                                       "ship home0 0 kestrel#1\n") +
                               line + "\n",
                           &error);
    EXPECT_EQ(m, nullptr) << line;
  }
}

const char* kRouterTurn = R"(seats 2
turn 7
active 1
phase end_of_turn end
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
structure 1 field_supply_router#1
region aridia owner=1 controller=1
ship aridia 1 kestrel#2
market 0 veldspar veldspar
market 1 omber omber
)";

// To the Router's `choose_region` prompt at the start of seat 0's turn.
void to_router_choice(EveMatch& m) {
  ok(m, 1, pick("pass"));
  ok(m, 0, pick("pass"));
  ok(m, 0, pick("pass"));
  ok(m, 1, pick("pass"));
}

// Field Supply Router (Errata): "At the start of each opponent's turn you may
// choose a remote region. If you do so, friendly ships in that region get [+1
// attack] and [+1 shield] until end of turn." "You may": its controller may
// choose no region (`optional: true` in its data), and then nothing happens.
TEST(EveLayer, FieldSupplyRouterYouMayChooseARemoteRegionOrNone) {
  auto m = position(kRouterTurn);
  ASSERT_TRUE(m);
  to_router_choice(*m);
  ASSERT_EQ(m->state().pending, Pending::Choice);
  EXPECT_TRUE(offers(*m, 1, "decline"));
  EXPECT_TRUE(offers(*m, 1, "aridia"));
  ok(*m, 1, pick("decline"));
  EXPECT_EQ(line_of(*m, "effect"), "");
  EXPECT_EQ(m->attack_of(1), 1);
  EXPECT_EQ(m->state().turn, 8);
}

// The same ability without "you may" (its data line without `optional`): the
// controller must choose a remote region; `decline` is not offered.
TEST(EveLayer, FieldSupplyRouterWithoutYouMayMustChooseARemoteRegion) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(EVE_SCENARIO_DIR) / ".." / ".." / ".." / ".." / "rules" / "eve_genesis" / "cards";
  std::vector<CardSource> sources;
  bool changed = false;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".textproto") continue;
    std::ifstream in(e.path());
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    const std::string router = "target: TARGET_REMOTE_REGION optional: true";
    if (const auto at = s.find(router); at != std::string::npos) {
      s.replace(at, router.size(), "target: TARGET_REMOTE_REGION");
      changed = true;
    }
    sources.push_back({e.path().filename().string(), s});
  }
  ASSERT_TRUE(changed) << "Field Supply Router's data line not found under " << dir;
  std::vector<std::string> errors;
  const CardDb db = CardDb::load(sources, &errors);
  ASSERT_TRUE(errors.empty()) << errors.front();
  ASSERT_FALSE(db.find("field_supply_router")->effects.front().optional);
  std::string error;
  auto m = load_position(kRouterTurn, &error, db);
  ASSERT_NE(m, nullptr) << error;
  to_router_choice(*m);
  ASSERT_EQ(m->state().pending, Pending::Choice);
  EXPECT_FALSE(offers(*m, 1, "decline"));
  rejected(*m, 1, pick("decline"), "UNKNOWN_OPTION");
  ok(*m, 1, pick("aridia"));
  EXPECT_EQ(line_of(*m, "effect"), "effect 1 c1 aridia attack=1 until=turn");
  EXPECT_EQ(m->attack_of(1), 1 + 1);
}

// With no remote region in play there is nothing to choose: no prompt.
TEST(EveLayer, FieldSupplyRouterWithNoRemoteRegionInPlayAsksNothing) {
  auto m = position(R"(seats 2
turn 7
active 1
phase end_of_turn end
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
structure 1 field_supply_router#1
ship home1 1 kestrel#2
market 0 veldspar veldspar
market 1 omber omber
)");
  ASSERT_TRUE(m);
  to_router_choice(*m);
  EXPECT_NE(m->state().pending, Pending::Choice);
  EXPECT_EQ(m->state().turn, 8);
  EXPECT_EQ(line_of(*m, "effect"), "");
}

}  // namespace
}  // namespace concord::eve
