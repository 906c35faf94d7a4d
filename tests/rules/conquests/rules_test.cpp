// Rules of the rulebook beyond its worked examples, each named after the line
// it follows: secret simultaneous dice, the setup round, development,
// production, agents, headquarters, combat cards, 2- and 3-player games and
// the end-game conditions.
#include <algorithm>

#include "concord/conquests/board.hpp"
#include "concord/conquests/view.hpp"
#include "concord/rules/bot.hpp"
#include "concord/rules/prompt_ids.hpp"
#include "conquests_test_util.hpp"

namespace concord::conquests {
namespace {

using namespace testing;

const char* kTwoHomes = R"(conquests_position
players 4
region domain hq=0 units=3
region the_forge hq=1 units=3
region everyshore hq=2 units=3
region heimatar hq=3 units=3
)";

std::string battle_position() {
  return std::string(kTwoHomes) + R"(
region tenerifis owner=2 units=6
region omist owner=0 units=4 outpost=production
region feythabolis owner=0 units=2
seal 2 logistics 0 0
turn seat=2 kind=logistics actions=1
pending turn 2
)";
}

// "Both you and the defender ... simultaneously choose, in secret, a number of
// dice": both seats hold a prompt at once, neither sees the other's choice (nor
// does a spectator) until both have chosen, and one seat's answer leaves the
// other's prompt (and its id) as it was.
TEST(ConquestsRules, DiceAreChosenSecretlyAndSimultaneously) {
  auto m = position(battle_position());
  answer(*m, 2, pick("attack:tenerifis:omist"));
  ASSERT_TRUE(m->prompt(2));
  ASSERT_TRUE(m->prompt(0));
  EXPECT_EQ(m->prompt(2)->kind, "choose_dice");
  rules::PromptIds ids(*m, 0);
  const auto before = ids.id(0);
  rules::Command cmd{rules::Command::Kind::Answer, 2, pick("dice:3:2:1")};
  ASSERT_TRUE(rules::apply(*m, cmd).accepted);
  ids.after_command(*m, cmd, 1);
  EXPECT_EQ(ids.id(0), before) << "the defender's prompt is untouched";
  for (const auto& viewer : {rules::Viewer::of_seat(0), rules::Viewer::of_seat(1), rules::Viewer::spectator()}) {
    const auto v = project_view(m->state(), viewer);
    EXPECT_TRUE(v->battle->chosen[0]);
    EXPECT_FALSE(v->battle->choice[0]) << "sealed";
    EXPECT_EQ(v->to_text().find("3 damage"), std::string::npos);
  }
  EXPECT_TRUE(project_view(m->state(), rules::Viewer::of_seat(2))->battle->choice[0]);
  EXPECT_FALSE(m->prompt(2)) << "a seat answers once";
  answer(*m, 0, pick("dice:1:2:2"));
  EXPECT_FALSE(m->state().battle && m->state().pending == Pending::Dice) << "both chose: the dice are rolled";
}

TEST(ConquestsRules, SimultaneousDiceChoicesGiveTheSameGameInEitherOrder) {
  auto a = position(battle_position());
  auto b = position(battle_position());
  for (auto* m : {a.get(), b.get()}) answer(*m, 2, pick("attack:tenerifis:omist"));
  answer(*a, 2, pick("dice:3:2:1"));
  answer(*a, 0, pick("dice:1:2:2"));
  answer(*b, 0, pick("dice:1:2:2"));
  answer(*b, 2, pick("dice:3:2:1"));
  EXPECT_EQ(a->state_hash(), b->state_hash());
}

// "you can never choose more than five dice of any given color"; "up to your offence power".
TEST(ConquestsRules, AtMostPowerDiceAndFiveOfAColour) {
  auto m = position(battle_position());
  answer(*m, 2, pick("attack:tenerifis:omist"));
  EXPECT_TRUE(offers(*m, 2, "dice:5:0:1"));
  EXPECT_FALSE(offers(*m, 2, "dice:6:0:0"));
  EXPECT_FALSE(offers(*m, 2, "dice:5:1:1"));
  EXPECT_TRUE(offers(*m, 0, "dice:0:5:0"));  // 4 units + outpost
  EXPECT_FALSE(offers(*m, 0, "dice:1:5:0"));
}

// "The attacker must play his cards first, followed by the defender. If ... the
// attacker passes and then the defender plays a card, the attacker is not allowed
// to respond".
TEST(ConquestsRules, CombatCardsAttackerFirstThenDefender) {
  auto m = position(battle_position() + "seat 2 hand=fleet_doctrine\nseat 0 hand=reinforced_hulls,overcharged_weapons\n");
  answer(*m, 2, pick("attack:tenerifis:omist"));
  ASSERT_EQ(m->state().pending, Pending::CombatCards);
  EXPECT_TRUE(m->prompt(2));
  EXPECT_FALSE(m->prompt(0));
  answer(*m, 2, pick("pass"));
  ASSERT_TRUE(m->prompt(0));
  const auto card = m->prompt(0)->options[1].id;
  answer(*m, 0, pick(card));
  EXPECT_FALSE(m->prompt(2)) << "no response after the defender";
  answer(*m, 0, pick("pass"));
  EXPECT_EQ(m->state().pending, Pending::Dice);
}

// Fleet Doctrine (chosen card): "your power in this battle is 2 higher".
TEST(ConquestsRules, PowerCardRaisesTheDiceLimit) {
  auto m = position(battle_position() + "seat 2 hand=fleet_doctrine\n");
  answer(*m, 2, pick("attack:tenerifis:omist"));
  answer(*m, 2, pick(m->prompt(2)->options[1].id));  // no card left: the window closes by itself
  EXPECT_TRUE(offers(*m, 2, "dice:5:3:0"));  // 6 units + 2
}

// "Headquarter regions can be attacked for the purpose of destroying the units in
// them, but they cannot be conquered."
TEST(ConquestsRules, HeadquartersAreNeverConquered) {
  auto m = position(std::string(kTwoHomes) + R"(
region sinq_laison owner=1 units=9
seal 1 logistics 0 0
turn seat=1 kind=logistics actions=0 acted=sinq_laison
battle attacker=1 defender=0 from=sinq_laison to=domain tactics=0:1
battle_side 0 choice=5:0:1 rolled=12:0:1
battle_side 1 choice=0:0:0 rolled=0:0:0
pending tactics 1
)");
  // One tactical action, not spent.
  answer(*m, 1, pick("done"));
  EXPECT_EQ(region_of(*m, "domain").units, 0);
  EXPECT_EQ(region_of(*m, "domain").owner, 0);
  EXPECT_EQ(region_of(*m, "domain").hq, 0);
  EXPECT_EQ(m->state().pending, Pending::Turn);
}

// "Place a new unit on an empty region that is adjacent to a region you owned or
// had an agent on at the beginning of the development turn" ... "you may expand
// ... beyond enemy lines as long as the regions in question are bridged via one
// of your agents" ... "you may not plant an agent on a region that is merely
// adjacent to a region where you have another agent" ... "only one agent per region".
TEST(ConquestsRules, ExpandAndPlantAgentAdjacency) {
  auto m = position(std::string(kTwoHomes) + R"(
region tenerifis owner=2 units=2
region omist owner=0 units=2 agents=2
seal 2 development 0 0
turn seat=2 kind=development actions=3
pending turn 2
)");
  EXPECT_TRUE(offers(*m, 2, "expand:impass"));        // next to Tenerifis
  EXPECT_TRUE(offers(*m, 2, "expand:feythabolis"));   // next to Tenerifis and the agent in Omist
  EXPECT_TRUE(offers(*m, 2, "plant:omist"));           // Omist is next to Tenerifis
  answer(*m, 2, pick("expand:impass"));
  EXPECT_FALSE(offers(*m, 2, "expand:catch") && !m->state().turn.present[static_cast<std::size_t>(region_index("tenerifis"))])
      << "Catch is next to Tenerifis anyway";
  answer(*m, 2, pick("plant:omist"));
  EXPECT_FALSE(offers(*m, 2, "plant:omist")) << "one agent per region per turn";
  EXPECT_EQ(region_of(*m, "omist").agents.size(), 2u);
}

TEST(ConquestsRules, ExpansionCountsOnlyRegionsHeldAtTheStartOfTheTurn) {
  auto m = position(std::string(kTwoHomes) + R"(
region esoteria owner=2 units=2
seal 2 development 0 0
turn seat=2 kind=development actions=3
pending turn 2
)");
  answer(*m, 2, pick("expand:feythabolis"));
  EXPECT_FALSE(offers(*m, 2, "expand:omist")) << "Feythabolis was not held at the start of the turn";
}

// "Agents go on top of enemy units. If your enemy moves or builds more units in
// that region, his units go to the bottom of the stack." / "You can place agents
// in regions where your enemy's headquarters are." / "If you no longer own a
// region adjacent to one of your agents, that agent is immediately dispatched".
TEST(ConquestsRules, AgentsOnHeadquartersAndDispatchedWhenStranded) {
  auto m = position(std::string(kTwoHomes) + R"(
region kador owner=2 units=1
region tenerifis owner=2 units=1
region omist owner=0 units=1 agents=2 outpost=development
region feythabolis owner=0 units=5
seat 0 reserves=1,0,0
seal 2 development 0 0
turn seat=2 kind=development actions=2
pending turn 2
)");
  EXPECT_TRUE(offers(*m, 2, "plant:domain"));  // Amarr headquarters, next to Kador
  answer(*m, 2, pick("plant:domain"));
  EXPECT_EQ(region_of(*m, "domain").owner, 0);
  EXPECT_EQ(region_of(*m, "domain").agents, std::vector<int>{2});
  // Gallente loses Tenerifis: the agent in Omist has no owned region next to it.
  auto lost = position(std::string(kTwoHomes) + R"(
region tenerifis owner=2 units=1
region omist owner=0 units=1 agents=2
region feythabolis owner=0 units=5
seal 0 logistics 0 0
turn seat=0 kind=logistics actions=0 acted=feythabolis
battle attacker=0 defender=2 from=feythabolis to=tenerifis tactics=0:1
battle_side 0 choice=5:0:1 rolled=6:0:1
battle_side 1 choice=0:0:0 rolled=0:0:0
pending tactics 0
)");
  answer(*lost, 0, pick("done"));
  answer(*lost, 0, pick("none"));  // no invasion
  EXPECT_EQ(region_of(*lost, "tenerifis").owner, -1);
  EXPECT_TRUE(region_of(*lost, "omist").agents.empty());
}

// "If your opponent neither invades the region nor has an agent in it to claim
// it, and if one or both of the other players had agents in it, then the agent
// at the bottom of the stack becomes a regular unit and claims the region."
TEST(ConquestsRules, BottomAgentOfAnotherPlayerClaimsTheLostRegion) {
  auto m = position(std::string(kTwoHomes) + R"(
region tenerifis owner=2 units=3
region omist owner=0 units=1 agents=3,3
region feythabolis owner=3 units=1
seal 2 logistics 0 0
turn seat=2 kind=logistics actions=0 acted=tenerifis
battle attacker=2 defender=0 from=tenerifis to=omist tactics=0:1
battle_side 0 choice=2:0:1 rolled=5:0:1
battle_side 1 choice=0:0:0 rolled=0:0:0
pending tactics 2
)");
  answer(*m, 2, pick("done"));
  answer(*m, 2, pick("none"));
  EXPECT_EQ(region_of(*m, "omist").owner, 3);
  EXPECT_EQ(region_of(*m, "omist").units, 2);
  EXPECT_TRUE(region_of(*m, "omist").agents.empty());
}

// "You may build a maximum of three new units in the same outpost or at your
// headquarters during any one production turn." / "a fixed limit of 60 unit chips".
TEST(ConquestsRules, ProductionThreePerRegionAndSixtyChips) {
  auto m = position(std::string(kTwoHomes) + R"(
region kador owner=0 units=1 outpost=production
seat 0 reserves=0,1,0
seal 0 production 0 0
turn seat=0 kind=production actions=5
pending turn 0
)");
  for (int i = 0; i < 3; ++i) answer(*m, 0, pick("produce:kador"));
  EXPECT_FALSE(offers(*m, 0, "produce:kador"));
  EXPECT_TRUE(offers(*m, 0, "produce:domain"));
  auto full = position(std::string(kTwoHomes) + R"(
region kador owner=0 units=56 outpost=production
seat 0 reserves=0,1,0
seal 0 production 0 0
turn seat=0 kind=production actions=5
pending turn 0
)");
  answer(*full, 0, pick("produce:kador"));
  EXPECT_FALSE(offers(*full, 0, "produce:domain")) << "60 chips on the board";
}

// "At the beginning of your production turn, you may discard one Production card
// from your hand. If you do, you get one extra action during that turn."
TEST(ConquestsRules, DiscardACardOfTheTurnsTypeForAnExtraAction) {
  auto m = position(std::string(kTwoHomes) + R"(
seat 0 hand=fleet_doctrine,rapid_deployment
seal 1 logistics 0 0
seal 0 production 0 1
turn seat=1 kind=logistics actions=0
pending schedule 1
)");
  answer(*m, 1, pick("level:1"));
  ASSERT_EQ(m->state().pending, Pending::Discard);
  const auto p = m->prompt(0);
  ASSERT_EQ(p->options.size(), 2u) << "keep, or the production card (not the logistics card)";
  answer(*m, 0, pick(p->options[1].id));
  EXPECT_EQ(m->state().turn.actions, 4);  // level 1 production: 3, and one extra
  EXPECT_EQ(m->state().seats[0].hand.size(), 1u);
  EXPECT_EQ(m->state().discards[1].size(), 1u);
}

// Setup: "Players take turns flipping over the top card of one of the Region card
// decks and then placing their headquarters on any green region ... The player
// who acts first flips the top card of two decks" ... eight out of nine / seven /
// six cards revealed with 4 / 3 / 2 players; two players may use blue regions.
TEST(ConquestsRules, SetupRoundRevealsEightSevenOrSixAndPlacesHeadquarters) {
  for (int players : {2, 3, 4}) {
    auto m = definition().create(setup_for(players, 40 + static_cast<std::uint64_t>(players)));
    const auto& s = dynamic_cast<const ConquestsMatch&>(*m).state();
    const int first = s.first;
    EXPECT_EQ(s.pending, Pending::SetupFlip);
    const auto hq = [&](int seat) {
      const auto p = m->prompt(seat);
      return p && p->kind == "place_headquarters" ? *p : rules::Prompt{};
    };
    auto& match = dynamic_cast<ConquestsMatch&>(*m);
    answer(match, first, pick(m->prompt(first)->options[0].id));
    EXPECT_EQ(s.pending, Pending::SetupFlip) << "the first player flips two";
    answer(match, first, pick(m->prompt(first)->options[0].id));
    bool blue = false;
    for (const auto& o : hq(first).options) blue = blue || StarMap::builtin().region(region_index(o.id.substr(3))).colour == Colour::Blue;
    EXPECT_EQ(blue, players == 2);
    rules::Rng bot(testsupport::seed_from_number(9));
    while (s.pending == Pending::SetupFlip || s.pending == Pending::SetupHq) {
      const int seat = s.pending_seat;
      answer(match, seat, rules::random_answer(*m->prompt(seat), bot));
    }
    int revealed = 0;
    for (const auto& sq : s.landscape) revealed += sq.revealed ? 1 : 0;
    EXPECT_EQ(revealed, players == 4 ? 8 : players == 3 ? 7 : 6) << players << " players";
    for (const auto& sq : s.landscape) EXPECT_EQ(sq.cards.size(), players == 2 ? 4u : 7u);
    EXPECT_EQ(s.pending, Pending::SetupUnit);
  }
}

// "the yellow and red regions and all stargates that lead to them do not exist.
// Thus, to build an outpost, you do not have to have a unit on any yellow regions
// connected to it."
TEST(ConquestsRules, TwoPlayerGamesIgnoreOrangeAndRedRegions) {
  auto m = position(R"(conquests_position
players 2
region domain hq=0 units=3
region the_forge hq=1 units=3
region tenerifis owner=0 units=2
region impass owner=0 units=1
region catch owner=0 units=1
seal 0 development 0 0
turn seat=0 kind=development actions=2
pending turn 0
)");
  // Tenerifis: Omist, Feythabolis and Detorid (red) are not in the game; Immensea is blue.
  EXPECT_FALSE(offers(*m, 0, "outpost:tenerifis:development"));
  EXPECT_TRUE(offers(*m, 0, "expand:immensea"));
  answer(*m, 0, pick("expand:immensea"));
  EXPECT_TRUE(offers(*m, 0, "outpost:tenerifis:development"));
  EXPECT_FALSE(offers(*m, 0, "expand:omist"));
}

// Trinity: "Every time a full year has passed on the calendar (i.e., when the time
// wheel passes December), move the EVE marker down one number. When the EVE
// marker reaches 0, the game ends."
TEST(ConquestsRules, TrinityEndsWhenTheEveMarkerReachesZero) {
  auto m = position(std::string(kTwoHomes) + R"(
options end=trinity length=normal marker=1
month 11
seat 0 regions=kador
seal 0 logistics 11 0
seal 1 logistics 13 1
turn seat=0 kind=logistics actions=0
pending turn 0
)");
  answer(*m, 0, pick("end"));
  answer(*m, 0, pick("level:1"));
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->reason, "trinity");
  EXPECT_EQ(m->result()->winners, std::vector<int>{0});
  EXPECT_EQ(m->state().eve_marker, 0);
}

// Impending Doom: "place the EVE marker at the end of next month on the calendar
// and continue playing ... If you roll a blank, the game ends immediately".
TEST(ConquestsRules, ImpendingDoomKeepsPlayingUntilABlank) {
  auto m = position(std::string(kTwoHomes) + R"(
options end=trinity length=normal marker=1 doom=yes
month 11
seal 0 logistics 11 0
seal 1 logistics 13 1
turn seat=0 kind=logistics actions=0
pending turn 0
)");
  answer(*m, 0, pick("end"));
  answer(*m, 0, pick("level:1"));
  EXPECT_TRUE(m->state().doom_active);
  EXPECT_FALSE(m->finished());
  rules::Rng bot(testsupport::seed_from_number(3));
  for (int i = 0; i < 20000 && !m->finished(); ++i) {
    int seat = 0;
    while (!m->prompt(seat)) ++seat;
    answer(*m, seat, rules::random_answer(*m->prompt(seat), bot));
  }
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->reason, "impending_doom");
}

// Revelation: "When the first Empire marker meets or passes the EVE marker on the
// victory point tracker, the game ends." (4 players normal: 15)
TEST(ConquestsRules, RevelationEndsWhenAPlayerReachesTheMarker) {
  auto m = position(std::string(kTwoHomes) + R"(
options end=revelation length=normal
region tenerifis owner=3 units=2 outpost=development
region omist owner=3 units=2 outpost=production
seat 3 reserves=1,1,0 regions=esoteria,delve
square 0 revealed=yes cards=tenerifis
square 1 revealed=yes cards=omist
seal 3 development 0 0
turn seat=3 kind=development actions=1
pending turn 3
)");
  EXPECT_EQ(m->state().eve_marker, 15);
  answer(*m, 3, pick("claim:0:1"));  // 8 + 2 + 4 = 14
  EXPECT_FALSE(m->finished());
  auto n = position(std::string(kTwoHomes) + R"(
options end=revelation length=normal
region tenerifis owner=3 units=2 outpost=development
region omist owner=3 units=2 outpost=production
seat 3 reserves=1,1,0 regions=esoteria,delve,aridia
square 0 revealed=yes cards=tenerifis
square 1 revealed=yes cards=omist
seal 3 development 0 0
turn seat=3 kind=development actions=1
pending turn 3
)");
  answer(*n, 3, pick("claim:0:1"));  // 16
  ASSERT_TRUE(n->finished());
  EXPECT_EQ(n->result()->reason, "revelation");
  EXPECT_EQ(n->result()->winners, std::vector<int>{3});
}

TEST(ConquestsRules, EndGameMarkersPerPlayerCountAndLength) {
  EXPECT_EQ(eve_marker_start(EndCondition::Trinity, Length::Epic, 3), 4);
  EXPECT_EQ(eve_marker_start(EndCondition::Revelation, Length::Long, 4), 20);
  EXPECT_EQ(eve_marker_start(EndCondition::Revelation, Length::Epic, 3), 30);
  EXPECT_EQ(eve_marker_start(EndCondition::Revelation, Length::Normal, 2), 10);
}

TEST(ConquestsPosition, ErrorsNameTheLine) {
  std::string error;
  EXPECT_FALSE(load_position("conquests_position\nplayers 4\nregion nowhere owner=0 units=1\n", &error));
  EXPECT_EQ(error, "line 3: unknown region");
  EXPECT_FALSE(load_position("players 5\n", &error));
  EXPECT_EQ(error, "line 1: players: 2 to 4");
  EXPECT_FALSE(load_position("players 2\nregion kador owner=0 units=61\npending turn 0\nturn seat=0 kind=production actions=1\n", &error));
  EXPECT_NE(error.find("more than 60"), std::string::npos);
}

}  // namespace
}  // namespace concord::conquests

namespace concord::conquests {
namespace {

// Mangled positions load or are refused with an error; whatever loads can be
// viewed, prompted and saved.
TEST(ConquestsPosition, MangledSavedPositionsLoadOrFailCleanly) {
  const auto def = definition();
  rules::Rng bot(testsupport::seed_from_number(31));
  testsupport::BotPlayOptions opt;
  opt.max_commands = 900;
  auto game = testsupport::play_random(def, testing::setup_for(3, 31), bot, opt);
  const auto text = save_position(dynamic_cast<const ConquestsMatch&>(*game.match));
  rules::Rng rng(testsupport::seed_from_number(32));
  for (int i = 0; i < 600; ++i) {
    std::string mangled = text;
    for (int k = 0; k < 3; ++k) {
      const auto at = static_cast<std::size_t>(rng.below(mangled.size()));
      mangled[at] = "0123456789-=,:x \n"[rng.below(17)];
    }
    std::string error;
    auto m = load_position(mangled, &error);
    if (!m) {
      EXPECT_FALSE(error.empty());
      continue;
    }
    for (int seat = 0; seat < m->seat_count(); ++seat) (void)m->prompt(seat);
    (void)m->view(rules::Viewer::judge())->to_text();
    (void)save_position(*m);
  }
}

}  // namespace
}  // namespace concord::conquests
