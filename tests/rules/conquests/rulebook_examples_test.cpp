// One test per example of the rulebook (002_ee2d908de4c4f21f.txt), each set
// up with the position format. Seats: Amarr 0, Caldari 1, Gallente 2, Minmatar 3.
#include <algorithm>

#include "concord/conquests/board.hpp"
#include "concord/conquests/view.hpp"
#include "conquests_test_util.hpp"

namespace concord::conquests {
namespace {

using namespace testing;

constexpr int kAmarr = 0, kCaldari = 1, kGallente = 2, kMinmatar = 3;

const char* kFourHomes = R"(conquests_position
players 4
region domain hq=0 units=3
region the_forge hq=1 units=3
region everyshore hq=2 units=3
region heimatar hq=3 units=3
)";

// "You are playing Amarr and you have just finished your production turn. You
// have chosen to upgrade your production schedule to the second level by
// allocating one production resource to it ... You move the Seal forward by four
// months ... The next Seal is the Minmatar development Seal ... Since this was
// the last Seal of the month, the time wheel is rotated clockwise. There is no
// Seal in the next month, so the time wheel is rotated again. The Caldari's
// production Seal and logistics Seal are the first two of the month ... the
// Caldari player may resolve them in the order she wants. She must finish her
// first turn completely and move her Seal before starting her next turn."
TEST(ConquestsRulebook, CalendarExample) {
  auto m = position(std::string(kFourHomes) + R"(
region kador owner=0 units=2 outpost=production
seat 0 reserves=0,1,0
seal 0 production 0 0
seal 3 development 0 1
seal 1 production 2 2
seal 1 logistics 2 3
seal 2 development 2 4
seal 0 development 6 5
seal 0 logistics 7 6
seal 1 development 8 7
seal 2 production 8 8
seal 2 logistics 9 9
seal 3 production 9 10
seal 3 logistics 10 11
turn seat=0 kind=production actions=0
pending turn 0
)");
  answer(*m, kAmarr, pick("end"));
  ASSERT_TRUE(offers(*m, kAmarr, "level:2"));
  answer(*m, kAmarr, pick("level:2"));
  const auto& s = m->state();
  EXPECT_EQ(s.seats[kAmarr].schedule[1], 1);
  EXPECT_EQ(s.seats[kAmarr].reserves[1], 0);
  const auto amarr = std::find_if(s.seals.begin(), s.seals.end(), [](const Seal& x) { return x.seat == 0 && x.kind == 1; });
  EXPECT_EQ(amarr->month, 4);  // four months
  // The Minmatar development Seal is next.
  EXPECT_EQ(s.turn.seat, kMinmatar);
  EXPECT_EQ(s.turn.kind, static_cast<int>(Kind::Development));
  answer(*m, kMinmatar, pick("end"));
  answer(*m, kMinmatar, pick("level:1"));
  // January is done; February is empty; the wheel points at March.
  EXPECT_EQ(m->state().month, 2);
  ASSERT_EQ(m->state().pending, Pending::ChooseSeal);
  EXPECT_TRUE(offers(*m, kCaldari, "seal:production"));
  EXPECT_TRUE(offers(*m, kCaldari, "seal:logistics"));
  EXPECT_FALSE(m->prompt(kGallente));
  answer(*m, kCaldari, pick("seal:logistics"));
  EXPECT_EQ(m->state().turn.kind, static_cast<int>(Kind::Logistics));
  answer(*m, kCaldari, pick("end"));
  answer(*m, kCaldari, pick("level:1"));
  // Her production turn comes before the Gallente Seal behind it.
  EXPECT_EQ(m->state().turn.seat, kCaldari);
  EXPECT_EQ(m->state().turn.kind, static_cast<int>(Kind::Production));
}

// "You are playing Minmatar and it's your development turn. You have just
// finished building outposts in Tenerifis, Omist, and Esoteria (and you are also
// about to build outposts in Feythabolis and Impass). The Region markers on
// Tenerifis and Omist are the same color, and the Region markers on Omist and
// Esoteria have matching letters (B on both) ... you decide to claim the Omist
// and Esoteria cards ... advance your Empire marker by 8 points ... remove the
// Region markers from Omist and Esoteria. Finally, flip over the top card of two
// of the three decks that have their top card face down".
TEST(ConquestsRulebook, OutpostAndRegionCardExample) {
  auto m = position(std::string(kFourHomes) + R"(
region tenerifis owner=3 units=2 outpost=development
region omist owner=3 units=2 outpost=production
region esoteria owner=3 units=1 outpost=logistics
region feythabolis owner=3 units=2
region impass owner=3 units=1
region catch owner=0 units=2 agents=3
seat 3 reserves=1,1,1
square 0 revealed=yes cards=cache,tenerifis
square 1 revealed=yes cards=molden_heath,omist
square 2 revealed=no cards=oasa
square 3 revealed=yes cards=tenal,lonetrek
square 4 revealed=yes cards=fade,placid
square 5 revealed=no cards=venal
square 6 revealed=yes cards=delve,aridia
square 7 revealed=yes cards=stain,esoteria
square 8 revealed=no cards=kador
seal 3 development 0 0
turn seat=3 kind=development actions=2
pending turn 3
)");
  // Feythabolis and Impass qualify: every region next to them holds a Minmatar unit
  // (the one in Catch is an agent).
  EXPECT_TRUE(offers(*m, kMinmatar, "outpost:feythabolis:production"));
  EXPECT_TRUE(offers(*m, kMinmatar, "outpost:impass:logistics"));
  EXPECT_FALSE(offers(*m, kMinmatar, "outpost:tenerifis:production"));  // already has one
  answer(*m, kMinmatar, pick("outpost:feythabolis:production"));
  EXPECT_EQ(m->state().seats[kMinmatar].reserves[1], 2);
  EXPECT_TRUE(offers(*m, kMinmatar, "claim:0:1"));   // same colour: Tenerifis and Omist
  EXPECT_TRUE(offers(*m, kMinmatar, "claim:1:7"));   // same letter: Omist and Esoteria
  EXPECT_FALSE(offers(*m, kMinmatar, "claim:0:7"));  // neither
  answer(*m, kMinmatar, pick("claim:1:7"));
  const Board board(StarMap::builtin(), m->state());
  EXPECT_EQ(board.victory_points(kMinmatar), 8);
  EXPECT_FALSE(m->state().landscape[1].revealed);  // markers removed
  EXPECT_FALSE(m->state().landscape[7].revealed);
  ASSERT_EQ(m->state().pending, Pending::FlipAfterClaim);
  answer(*m, kMinmatar, pick("flip:2"));
  answer(*m, kMinmatar, pick("flip:5"));
  EXPECT_TRUE(m->state().landscape[2].revealed);
  EXPECT_TRUE(m->state().landscape[5].revealed);
  EXPECT_EQ(m->state().pending, Pending::Turn);
  // Only two Region cards per development turn.
  EXPECT_FALSE(offers(*m, kMinmatar, "claim:0:2"));
}

// "The Gallente player ... moves 5 units from Sing Laison and divides them between
// Lonetrek and Placid. For the rest of the turn, the Gallente player may neither
// attack from nor move units from Sing Laison, Lonetrek, or Placid, but he may
// reinforce the regions further by moving other units in from elsewhere. During
// his next logistics turn, he will be allowed to attack from Lonetrek".
TEST(ConquestsRulebook, MoveExample) {
  auto m = position(std::string(kFourHomes) + R"(
region sinq_laison owner=2 units=8
region the_citadel owner=2 units=3
region essence owner=2 units=1
region lonetrek owner=2 units=1
region placid owner=2 units=1
region the_forge hq=1 units=3
seal 2 logistics 0 0
seal 0 development 6 1
turn seat=2 kind=logistics actions=3
pending turn 2
)");
  answer(*m, kGallente, pick("move:sinq_laison"));
  answer(*m, kGallente, pick("to:lonetrek", 3));
  answer(*m, kGallente, pick("to:placid", 2));
  answer(*m, kGallente, pick("done"));
  EXPECT_EQ(region_of(*m, "sinq_laison").units, 3);
  EXPECT_EQ(region_of(*m, "lonetrek").units, 4);
  EXPECT_EQ(region_of(*m, "placid").units, 3);
  for (const char* r : {"sinq_laison", "lonetrek", "placid"}) EXPECT_FALSE(offers(*m, kGallente, std::string("move:") + r)) << r;
  EXPECT_FALSE(offers(*m, kGallente, "attack:lonetrek:the_forge"));
  EXPECT_FALSE(offers(*m, kGallente, "attack:sinq_laison:the_forge"));
  EXPECT_TRUE(offers(*m, kGallente, "attack:the_citadel:the_forge"));
  answer(*m, kGallente, pick("move:the_citadel"));  // reinforcing Lonetrek from elsewhere
  EXPECT_TRUE(offers(*m, kGallente, "to:lonetrek"));
  answer(*m, kGallente, pick("to:lonetrek", 2));  // all it may move: the move ends by itself
  answer(*m, kGallente, pick("end"));
  answer(*m, kGallente, pick("level:1"));
  ASSERT_EQ(m->state().turn.seat, kGallente);  // his next logistics turn
  EXPECT_TRUE(offers(*m, kGallente, "attack:lonetrek:the_forge"));
}

// The Gallente-Amarr attack, steps one to three: "Gallente's six units give an
// attack power of 6 and Amarr's four units and outpost give a defense power of 5.
// Gallente has more agents than Amarr, so the Gallente player gets to ask ...
// When the Amarr player has picked his dice the Gallente asks him, 'How many
// damage dice did you pick?' Amarr: 'I'm using 2 damage dice.' The Gallente
// player then selects his six dice, and both players roll simultaneously."
const char* kOmist = R"(
region tenerifis owner=2 units=6
region omist owner=0 units=4 agents=2,2 outpost=production
region feythabolis owner=0 units=2
seat 0 reserves=0,1,0 regions=kor_azor,tash_murkon,devoid
)";

TEST(ConquestsRulebook, GallenteAmarrAttackExampleDiceAndQuestion) {
  auto m = position(std::string(kFourHomes) + kOmist + R"(
seal 2 logistics 0 0
turn seat=2 kind=logistics actions=1
pending turn 2
)");
  answer(*m, kGallente, pick("attack:tenerifis:omist"));
  ASSERT_EQ(m->state().pending, Pending::Dice);
  EXPECT_EQ(m->state().battle->advantage, 0);
  EXPECT_FALSE(m->prompt(kGallente)) << "the player with more agents waits";
  EXPECT_TRUE(offers(*m, kAmarr, "dice:2:3:0"));
  EXPECT_FALSE(offers(*m, kAmarr, "dice:2:3:1"));  // defence power 5
  answer(*m, kAmarr, pick("dice:2:3:0"));
  const auto gallente_view = project_view(m->state(), rules::Viewer::of_seat(kGallente));
  EXPECT_FALSE(gallente_view->battle->choice[1]) << "Amarr's dice are sealed";
  EXPECT_TRUE(gallente_view->battle->chosen[1]);
  const auto out = answer(*m, kGallente, pick("ask:damage"));
  const auto told = std::find_if(out.events.begin(), out.events.end(), [](const rules::Event& e) { return e.kind == "answer"; });
  ASSERT_NE(told, out.events.end());
  EXPECT_NE(told->text.find("picked 2 damage dice"), std::string::npos);
  EXPECT_TRUE(told->visibility.visible_to(rules::Viewer::of_seat(kGallente)));
  EXPECT_FALSE(told->visibility.visible_to(rules::Viewer::of_seat(kCaldari)));
  EXPECT_FALSE(told->visibility.visible_to(rules::Viewer::spectator()));
  EXPECT_TRUE(offers(*m, kGallente, "dice:5:0:1"));  // attack power 6
  answer(*m, kGallente, pick("dice:5:0:1"));
  ASSERT_TRUE(m->state().battle || m->state().pending == Pending::Turn);
}

// Steps four and five: "Amarr rolls 2 damage dice and 3 shield dice. Gallente rolls
// 5 damage dice and 1 tactics die ... Gallente decides to use the tactical action
// to absorb 1 damage ... Gallente loses 2 units from Tenerifis; Amarr loses all
// units in Omist and the outpost is destroyed. The Gallente agents become units,
// and the Gallente player decides to invade Omist with all but his last unit from
// Tenerifis ... Since the Amarr player doesn't have any red or yellow Region
// cards, the Gallente player gets only one of Amarr's blue region cards instead."
TEST(ConquestsRulebook, GallenteAmarrAttackExampleResolutionAndAftermath) {
  auto m = position(std::string(kFourHomes) + kOmist + R"(
seal 2 logistics 0 0
turn seat=2 kind=logistics actions=0 acted=tenerifis
battle attacker=2 defender=0 from=tenerifis to=omist question=damage tactics=0:1
battle_side 0 choice=5:0:1 rolled=8:0:1
battle_side 1 choice=2:3:0 rolled=3:3:0
pending tactics 2
)");
  EXPECT_TRUE(offers(*m, kGallente, "lower"));
  answer(*m, kGallente, pick("absorb"));
  EXPECT_EQ(region_of(*m, "tenerifis").units, 4);  // lost 2
  EXPECT_EQ(region_of(*m, "omist").outpost, -1);
  EXPECT_EQ(m->state().seats[kAmarr].reserves[1], 0) << "the outpost's token is lost";
  ASSERT_EQ(m->state().pending, Pending::Steal);
  EXPECT_TRUE(offers(*m, kGallente, "steal:kor_azor"));      // blue
  EXPECT_TRUE(offers(*m, kGallente, "steal:tash_murkon"));   // blue
  EXPECT_FALSE(offers(*m, kGallente, "steal:devoid"));       // green: only the best colour available
  answer(*m, kGallente, pick("steal:kor_azor"));
  ASSERT_EQ(m->state().pending, Pending::Invade);
  const auto p = m->prompt(kGallente);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->options[1].range->max, 3);  // all but his last unit
  answer(*m, kGallente, pick("invade", 3));
  EXPECT_EQ(region_of(*m, "omist").owner, kGallente);
  EXPECT_EQ(region_of(*m, "omist").units, 5);  // three invaders and the two agents
  EXPECT_TRUE(region_of(*m, "omist").agents.empty());
  EXPECT_EQ(region_of(*m, "tenerifis").units, 1);
  const Board board(StarMap::builtin(), m->state());
  EXPECT_EQ(board.victory_points(kGallente), 2);
  EXPECT_EQ(board.victory_points(kAmarr), 3);
  EXPECT_EQ(m->state().pending, Pending::Turn);
}

}  // namespace
}  // namespace concord::conquests
