// Alliances, the team format of the Multiplayer Rules (shared/rulebooks/
// 000_bfbf57f8dcfb8779.txt, lines 197-206), room option `alliances`: four
// seats, seats 0 and 2 against 1 and 3 (README "Alliances"). Tests are named
// after the rulebook line they check; "Chosen" marks what the rulebook leaves
// open.
#include <set>

#include "concord/eve/eve_view.hpp"
#include "concord/rules/registry.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

const EveView& eve_view(const rules::View& v) { return dynamic_cast<const EveView&>(v); }

rules::OptionValues alliance_options() {
  return {{"range", "off"}, {"hunter_and_prey", "false"}, {"destroying_prey", "false"}, {"alliances", "true"}};
}

std::unique_ptr<EveMatch> new_alliance_match(std::uint64_t n) {
  auto decks = standard_decks();
  decks.resize(4);
  return std::make_unique<EveMatch>(CardDb::standard(), decks, testsupport::seed_from_number(n),
                                    variants_from_options(alliance_options()));
}

// Four seats in alliances; table 2 0 3 1 (seat 0 sits to seat 2's left, seat 1
// to seat 3's left): priority goes 0, 2, 1, 3. Seat 0 is active. `phase` is a
// "phase ..." line; `extra` adds lines.
std::string alliance_position(const std::string& phase, const std::string& extra = "",
                              const std::string& table = "2 0 3 1") {
  std::string p =
      "seats 4\nturn 5\nfirst 0\nactive 0\ntable " + table + "\n"
      "variants range=0 hunter=no destroying=no alliances=yes\n";
  p += phase;
  p +=
      "seat 0 base=gallente_control_tower wallet=10\n"
      "seat 1 base=caldari_control_tower wallet=10\n"
      "seat 2 base=gallente_control_tower wallet=10\n"
      "seat 3 base=caldari_control_tower wallet=10\n"
      "market 0 velator velator\nmarket 1 kestrel kestrel\nmarket 2 velator velator\nmarket 3 kestrel kestrel\n";
  return p + extra;
}

std::size_t hand_size(const EveMatch& m, SeatIndex s) { return m.state().seats[static_cast<std::size_t>(s)].hand.size(); }

bool has(const std::vector<CardId>& zone, CardId id) { return std::find(zone.begin(), zone.end(), id) != zone.end(); }

// ---- L197-198: the room option ----------------------------------------------

TEST(EveAlliances, L198_ATeamFormatForFourSeats_SeatsZeroAndTwoAgainstOneAndThree) {
  // "Playing in alliances is a team format for several participants." Chosen:
  // two alliances of two (the game has at most four seats).
  const auto def = definition();
  const auto four = def.options_for_seats(4);
  const auto it = std::find_if(four.begin(), four.end(), [](const auto& o) { return o.name == "alliances"; });
  ASSERT_NE(it, four.end());
  EXPECT_EQ(it->kind, rules::OptionSpec::Kind::Boolean);
  EXPECT_EQ(it->default_value, "false");
  for (int seats : {2, 3}) {
    const auto specs = def.options_for_seats(seats);
    const auto o = std::find_if(specs.begin(), specs.end(), [](const auto& x) { return x.name == "alliances"; });
    ASSERT_NE(o, specs.end());
    EXPECT_EQ(o->choices, std::vector<std::string>{"false"}) << seats << " seats";
  }
  EXPECT_FALSE(check_room(alliance_options(), 4));
  EXPECT_TRUE(check_room(alliance_options(), 3));
  auto with_range = alliance_options();
  with_range["range"] = "1";
  EXPECT_TRUE(check_room(with_range, 4));  // chosen: free-for-all variants do not combine
  auto with_hunter = alliance_options();
  with_hunter["hunter_and_prey"] = "true";
  EXPECT_TRUE(check_room(with_hunter, 4));

  auto m = new_alliance_match(3);
  const auto& st = m->state();
  EXPECT_TRUE(st.variants.alliances);
  EXPECT_TRUE(st.allied(0, 2));
  EXPECT_TRUE(st.allied(1, 3));
  EXPECT_FALSE(st.allied(0, 1));
  EXPECT_FALSE(st.allied(2, 3));
}

TEST(EveAlliances, L190_L200_AlliesSitSideBySideAtARandomTableAndTheLeadGoesFirst) {
  // Chosen: allies sit side by side (L200 speaks of a row, "from left to
  // right"); the table is otherwise drawn from the seed as in free-for-all.
  std::set<std::vector<SeatIndex>> tables;
  for (std::uint64_t n = 1; n <= 40; ++n) {
    auto m = new_alliance_match(n);
    const auto& st = m->state();
    EXPECT_EQ(st.table, alliance_seating(seating(testsupport::seed_from_number(n), 4), 2));
    tables.insert(st.table);
    for (int p = 0; p < 4; ++p) {
      const SeatIndex s = st.seat_at(p);
      EXPECT_TRUE(st.allied(s, st.seat_at(p + 1)) || st.allied(s, st.seat_at(p - 1))) << "table position " << p;
    }
    // "Who goes first is decided randomly": that alliance, led by its leftmost member.
    EXPECT_EQ(st.first, st.lead(st.first));
    EXPECT_EQ(st.active, st.first);
  }
  EXPECT_EQ(tables.size(), 8u);  // every arrangement of two rows of two
}

// ---- L202: one home region --------------------------------------------------

TEST(EveAlliances, L202_EachAllianceHasOnlyOneHomeRegionWithEveryMembersBase) {
  // "Each alliance has only one home region, in which each alliance member
  // places his base": home0 (seats 0 and 2) and home1 (seats 1 and 3).
  auto m = new_alliance_match(5);
  const auto& st = m->state();
  int homes = 0;
  for (const auto& r : st.regions) homes += r.home ? 1 : 0;
  EXPECT_EQ(homes, 2);
  EXPECT_EQ(st.home_of(2), "home0");
  EXPECT_EQ(st.home_of(3), "home1");
  EXPECT_EQ(st.region("home2"), nullptr);
  auto v = m->view(rules::Viewer::spectator());
  const auto& ev = eve_view(*v);
  EXPECT_TRUE(ev.alliances);
  EXPECT_EQ(ev.seats[2].alliance, 0);
  EXPECT_EQ(ev.seats[3].alliance, 1);
  EXPECT_EQ(ev.seats[2].home_region, "home0");
  EXPECT_EQ(ev.regions.size(), 2u);

  // Seat 2 undocks into the alliance's home region and docks from it.
  auto p = position(alliance_position("phase management main\n",
                                      "dock 2 tristan#1\nship home0 2 tristan#2\n"));
  ok(*p, 0, pick("pass"));  // priority to seat 2, who acts in its alliance's Management phase
  ASSERT_EQ(p->state().prompt_seat, 2);
  EXPECT_TRUE(offers(*p, 2, "jump:c1@home0"));
  EXPECT_TRUE(offers(*p, 2, "jump:c2@docks"));
  rejected(*p, 2, pick("jump:c1@home2"), "ILLEGAL_JUMP");
}

TEST(EveAlliances, Chosen_TheHomeRegionHoldsTheLocationsOfAllItsBases) {
  // A control tower holds 2 locations; the alliance's home region holds 2 + 2.
  auto m = position(alliance_position("phase management main\n",
                                      "location home0 0 veldspar#1\nlocation home0 0 veldspar#2\n"
                                      "location home0 2 veldspar#3\nhand 2 veldspar#4 omber#5\n"));
  ok(*m, 0, pick("pass"));
  ok(*m, 2, pick("play:c4@home0"));
  rejected(*m, 2, pick("play:c5@home0"), "WINDOW_CLOSED");  // a Management action waits for an empty pile
  for (SeatIndex s : {2, 1, 3, 0}) ok(*m, s, pick("pass"));  // the pile resolves: four locations
  EXPECT_EQ(m->state().region("home0")->locations.size(), 4u);
  ok(*m, 0, pick("pass"));
  ASSERT_EQ(m->state().prompt_seat, 2);
  rejected(*m, 2, pick("play:c5@home0"), "REGION_FULL");
  // Each member controls (and takes the income of) the locations he owns.
  const Region& home = *m->state().region("home0");
  EXPECT_EQ(m->state().location_controller(home, 2), 2);
  EXPECT_EQ(m->state().location_controller(home, 0), 0);
  EXPECT_EQ(m->income(0), 2 + 2);  // his control tower and his two Veldspars (income 1 each)
  EXPECT_EQ(m->income(2), 2 + 2);  // his control tower, his Veldspar and the one he just played
}

// ---- L199: one turn ---------------------------------------------------------

TEST(EveAlliances, L199_AllMembersGoThroughTheSetupAndDrawPhasesTogether) {
  // "Each alliance has one turn, in which all members of the alliance go
  // through the phases and steps together": both members build, take income
  // (each answers, left to right) and draw; the other alliance does not.
  auto m = position(alliance_position(
      "phase end_of_turn end\n",
      "dock 0 kestrel#1 build=1\ndock 2 kestrel#2 build=1\ndock 1 kestrel#3 build=1\n"));
  // The position is the end of seat 0's alliance's turn: all pass, the other
  // alliance's turn begins with its leftmost member, seat 1.
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  ASSERT_EQ(m->state().active, 1);
  ASSERT_EQ(m->state().step, Step::Duration);
  for (SeatIndex s : {1, 3, 0, 2}) ok(*m, s, pick("pass"));  // duration
  for (SeatIndex s : {1, 3, 0, 2}) ok(*m, s, pick("pass"));  // build
  EXPECT_EQ(m->state().cards[2].build, 0);                   // seat 1's ship is built
  EXPECT_EQ(m->state().cards[0].build, 1);                   // not the other alliance's
  ASSERT_EQ(m->state().pending, Pending::IncomeChoice);
  EXPECT_EQ(m->state().prompt_seat, 1);
  ok(*m, 1, pick("income"));
  ASSERT_EQ(m->state().pending, Pending::IncomeChoice);
  EXPECT_EQ(m->state().prompt_seat, 3);  // then the next member
  ok(*m, 3, pick("draw"));               // skips income to draw
  EXPECT_EQ(m->state().seats[1].wallet, 12);
  EXPECT_EQ(m->state().seats[3].wallet, 10);
  EXPECT_EQ(hand_size(*m, 3), 1u);
  ASSERT_EQ(m->state().pending, Pending::Priority);
  EXPECT_EQ(m->state().prompt_seat, 1);
  for (SeatIndex s : {1, 3, 0, 2}) ok(*m, s, pick("pass"));  // income step ends; the Draw phase
  ASSERT_EQ(m->state().phase, Phase::Management);
  EXPECT_EQ(hand_size(*m, 1), 1u);  // each member draws in the Draw phase
  EXPECT_EQ(hand_size(*m, 3), 2u);
  EXPECT_EQ(hand_size(*m, 0), 0u);
  EXPECT_EQ(hand_size(*m, 2), 0u);
}

TEST(EveAlliances, L199_EveryMemberDiscardsDownToSevenAtTheEndOfTheTurn) {
  auto m = position(alliance_position(
      "phase end_of_turn end\n",
      "hand 0 velator velator velator velator velator velator velator velator\n"
      "hand 2 velator velator velator velator velator velator velator velator velator\n"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  ASSERT_EQ(m->state().pending, Pending::Discard);
  EXPECT_EQ(m->state().prompt_seat, 0);
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  ok(*m, 0, picks({p->options[0].id}));
  ASSERT_EQ(m->state().pending, Pending::Discard);
  EXPECT_EQ(m->state().prompt_seat, 2);
  p = m->prompt(2);
  ok(*m, 2, picks({p->options[0].id, p->options[1].id}));
  EXPECT_EQ(hand_size(*m, 0), 7u);
  EXPECT_EQ(hand_size(*m, 2), 7u);
  EXPECT_EQ(m->state().active, 1);  // the other alliance's turn
}

// ---- L200: priority ---------------------------------------------------------

TEST(EveAlliances, L200_PriorityWithinAnAllianceGoesFromLeftToRight) {
  // "Priority within an alliance goes from left to right; each member may play
  // as much as he wishes before passing priority. Priority is passed when all
  // players no longer want to play anything." Table 2 0 3 1: seat 0 sits to
  // seat 2's left, so seat 0 is the leftmost of its row; priority goes 0, 2,
  // then to the other alliance, 1, 3.
  auto m = position(alliance_position("phase management main\n",
                                      "hand 0 velator#1 velator#2\nhand 2 velator#3\nhand 1 kestrel#4\n"));
  const auto& st = m->state();
  EXPECT_EQ(st.members(0), (std::vector<SeatIndex>{0, 2}));
  EXPECT_EQ(st.members(3), (std::vector<SeatIndex>{1, 3}));
  ok(*m, 0, pick("play:c1"));
  EXPECT_EQ(st.prompt_seat, 0);  // he keeps priority (News could follow)
  ok(*m, 0, pick("pass"));
  EXPECT_EQ(st.prompt_seat, 2);
  ok(*m, 2, pick("pass"));
  EXPECT_EQ(st.prompt_seat, 1);
  ok(*m, 1, pick("pass"));
  EXPECT_EQ(st.prompt_seat, 3);
  ok(*m, 3, pick("pass"));  // everybody passed: the pile resolves
  EXPECT_EQ(st.seats[0].docks.size(), 1u);
  EXPECT_EQ(st.prompt_seat, 0);
  ok(*m, 0, pick("play:c2"));  // "each member may play as much as he wishes before passing priority"
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  EXPECT_EQ(st.seats[0].docks.size(), 2u);
  // Each member has the Management phase of the alliance's turn; the other
  // alliance plays only News.
  ok(*m, 0, pick("pass"));
  ok(*m, 2, pick("play:c3"));
  ok(*m, 2, pick("pass"));
  ASSERT_EQ(st.prompt_seat, 1);
  rejected(*m, 1, pick("play:c4"), "WINDOW_CLOSED");
  // The other table order: seat 2 sits to seat 0's left, so seat 2 leads.
  auto other = position(alliance_position("phase management main\n", "", "0 2 1 3"));
  EXPECT_EQ(other->state().members(0), (std::vector<SeatIndex>{2, 0}));
  EXPECT_EQ(other->state().members(1), (std::vector<SeatIndex>{3, 1}));
  EXPECT_EQ(other->state().next_priority(2), 0);
  EXPECT_EQ(other->state().next_priority(0), 3);
  EXPECT_EQ(other->state().next_priority(1), 2);
}

// ---- L203: the bases' shields add up ------------------------------------------

// Alliance 0 (seats 0 and 2) attacks the home region of alliance 1 (seats 1
// and 3, Caldari Control Towers: shield 10 each) with `ships`, no defenders:
// the Damage Distribution step ends, the Results step deals the damage.
std::unique_ptr<EveMatch> results_step(const std::string& ships, const std::string& attackers) {
  return position(alliance_position("phase combat damage_distribution\n",
                                    ships + "attack home1\n" + attackers +
                                        "combat home1 defender=1 stage=after must_withdraw=no\n"));
}

TEST(EveAlliances, L203_TheResultsStepAddsTogetherTheShieldStrengthsOfTheBases) {
  // "Each player has a base, so during the Results step of combat in their
  // home region they add together the shield strengths of the bases." 12
  // damage would destroy one Caldari Control Tower (shield 10), not two (20).
  auto m = results_step("ship home1 0 megathron#1\nship home1 2 megathron#2\n", "attacker c1 home1\nattacker c2 home1\n");
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  ASSERT_EQ(m->state().step, Step::Results);
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));  // the base damage resolves
  EXPECT_FALSE(m->finished());
  EXPECT_FALSE(m->state().seats[1].out);
  EXPECT_FALSE(m->state().seats[3].out);
  EXPECT_EQ(m->state().seats[1].base_damage + m->state().seats[3].base_damage, 12);
}

TEST(EveAlliances, L203_DamageReachingTheSumDestroysTheBasesTogetherAndTheAllianceWins) {
  // 24 damage >= 10 + 10: both bases are destroyed, both members lose; the
  // other alliance wins (chosen: every member of the winning alliance).
  auto m = results_step("ship home1 0 megathron#1\nship home1 0 megathron#2\nship home1 2 megathron#3\n"
                        "ship home1 2 megathron#4\n",
                        "attacker c1 home1\nattacker c2 home1\nattacker c3 home1\nattacker c4 home1\n");
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  ASSERT_TRUE(m->finished());
  EXPECT_TRUE(m->state().seats[1].out);
  EXPECT_TRUE(m->state().seats[3].out);
  EXPECT_EQ(m->result()->winners, (std::vector<SeatIndex>{0, 2}));
  EXPECT_EQ(m->result()->reason, "base_destroyed");
  // The result line keeps both winners.
  std::string error;
  auto back = load_position(save_position(*m), &error);
  ASSERT_NE(back, nullptr) << error;
  EXPECT_EQ(back->result()->winners, (std::vector<SeatIndex>{0, 2}));
  EXPECT_EQ(back->state_hash(), m->state_hash());
}

// ---- L204: wallets ------------------------------------------------------------

TEST(EveAlliances, L204_PlayersMayNotShareCreditsFromTheirWallets) {
  auto text = alliance_position("phase management main\n", "hand 2 tristan#1\n");
  const std::string rich = "seat 2 base=gallente_control_tower wallet=10";
  text.replace(text.find(rich), rich.size(), "seat 2 base=gallente_control_tower wallet=1");
  auto poor = position(text);
  ok(*poor, 0, pick("pass"));
  ASSERT_EQ(poor->state().prompt_seat, 2);
  EXPECT_FALSE(offers(*poor, 2, "play:c1"));
  rejected(*poor, 2, pick("play:c1"), "CANNOT_AFFORD");  // the ally's 10 credits do not help
  EXPECT_EQ(poor->state().seats[0].wallet, 10);
}

// ---- L205: friendly regions -------------------------------------------------

TEST(EveAlliances, L205_AJumpIntoAnAllysRegionIsNoAttackAndLeavesItsControl) {
  // "Players may jump ships into friendly regions controlled by other players
  // and leave them there. This is not regarded as an attack, and control of
  // the region does not change."
  auto m = position(alliance_position("phase management main\n",
                                      "region aridia owner=2 controller=2\nship aridia 2 tristan#1\n"
                                      "region metropolis owner=1 controller=1\nship metropolis 1 kestrel#2\n"
                                      "ship home0 0 tristan#3\nship home0 0 tristan#4\n"));
  ok(*m, 0, pick("jump:c3@aridia"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  const auto& st = m->state();
  EXPECT_TRUE(st.combat.attacks.empty());
  EXPECT_EQ(st.region("aridia")->controller, std::optional<SeatIndex>(2));
  // A jump into the other alliance's region is an attack.
  ok(*m, 0, pick("jump:c4@metropolis"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  EXPECT_EQ(st.combat.attacks, std::vector<std::string>{"metropolis"});
}

TEST(EveAlliances, L205_ShipsLeftInAFriendlyRegionStayAtTheEndOfTheTurn) {
  // The errata's "You may not end your turn controlling a ship that is in
  // another player's region" concerns enemy regions: a ship left in an ally's
  // region stays; one in an enemy region withdraws (its owner chooses where).
  auto m = position(alliance_position("phase end_of_turn end\n",
                                      "region aridia owner=2 controller=2\nship aridia 2 tristan#1\n"
                                      "ship aridia 0 tristan#2\n"
                                      "region metropolis owner=1 controller=1\nship metropolis 1 kestrel#3\n"
                                      "ship metropolis 2 tristan#4\n"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  const auto& st = m->state();
  ASSERT_EQ(st.pending, Pending::Withdraw);
  EXPECT_EQ(st.prompt_seat, 2);  // seat 2's ship in the enemy region
  EXPECT_EQ(st.combat.queue, std::vector<CardId>{3});
  ok(*m, 2, pick("c4@docks"));
  // L187: the withdrawal is a jump on the pile; all pass (it resolves), all pass again.
  ASSERT_EQ(st.pile.size(), 1u);
  EXPECT_EQ(st.pile.back().from, "metropolis");
  for (int round = 0; round < 2; ++round) {
    for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  }
  EXPECT_EQ(st.active, 1);  // the next turn began
  EXPECT_TRUE(has(st.region("aridia")->ships, 1));  // seat 0's ship stayed with its ally
}

TEST(EveAlliances, Chosen_WhenTheControllersLastShipLeavesAnAllyKeepsTheRegion) {
  auto m = position(alliance_position("phase management main\n",
                                      "region aridia owner=0 controller=0\nship aridia 0 tristan#1\n"
                                      "ship aridia 2 tristan#2\n"));
  ok(*m, 0, pick("jump:c1@home0"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  EXPECT_EQ(m->state().region("aridia")->controller, std::optional<SeatIndex>(2));
}

// ---- L206: trade ----------------------------------------------------------------

TEST(EveAlliances, L206_ShipsWithTheTradeOrderMayTradeInAllFriendlyRegions) {
  // Seat 2's Badger trades in aridia, a region its ally seat 0 controls.
  auto m = position(alliance_position("phase setup income\n",
                                      "region aridia owner=0 controller=0\nship aridia 0 tristan#1\n"
                                      "ship aridia 2 badger#2 order=trade\nhand 2 velator#3\n"));
  ok(*m, 0, pick("income"));
  ok(*m, 2, pick("income"));
  for (SeatIndex s : {0, 2, 1, 3}) ok(*m, s, pick("pass"));
  const auto& st = m->state();
  ASSERT_EQ(st.phase, Phase::Draw);
  ASSERT_EQ(st.pending, Pending::Choice);
  EXPECT_EQ(st.choice.kind, ResolutionChoice::Kind::PutBack);
  EXPECT_EQ(st.prompt_seat, 2);
  ok(*m, 2, pick("c3"));  // Trade 1: put a card back on top of the market
  EXPECT_EQ(st.phase, Phase::Management);
}

// ---- Glossary: allies' cards are friendly ------------------------------------

TEST(EveAlliances, Glossary_AnAllysShipIsFriendlyNotAnEnemy) {
  // Glossary "Friendly": "In variants of the game with more players, your
  // allies' cards are also regarded as friendly." Frontline Intelligence
  // ("Give an order to target friendly ship") may name the ally's ship.
  auto m = position(alliance_position("phase management main\n",
                                      "ship home0 2 tristan#1\nship home1 1 kestrel#2\nhand 0 frontline_intelligence#3\n"));
  EXPECT_TRUE(offers(*m, 0, "play:c3>c1"));
  EXPECT_FALSE(offers(*m, 0, "play:c3>c2"));
}

// ---- Chosen: a member leaves, the alliance goes on ----------------------------

TEST(EveAlliances, Chosen_AMemberWhoLeavesLeavesTheTurnToHisAllies) {
  auto m = position(alliance_position("phase management main\n",
                                      "location home0 0 veldspar#1\nlocation home0 2 veldspar#2\n"
                                      "ship home0 0 tristan#3\nship home0 2 tristan#4\n"));
  ASSERT_TRUE(m->concede(0).accepted);
  const auto& st = m->state();
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(st.active, 2);  // the alliance's turn goes on, led by seat 2
  EXPECT_EQ(st.phase, Phase::Management);
  EXPECT_EQ(st.prompt_seat, 2);
  ASSERT_NE(st.region("home0"), nullptr);
  EXPECT_EQ(st.region("home0")->locations, std::vector<CardId>{1});  // only seat 0's cards left
  EXPECT_EQ(st.region("home0")->ships, std::vector<CardId>{3});
  EXPECT_EQ(st.home_of(2), "home0");
  // The alliance wins together, the member who left included.
  ASSERT_TRUE(m->concede(1).accepted);
  EXPECT_FALSE(m->finished());
  ASSERT_TRUE(m->concede(3).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, (std::vector<SeatIndex>{0, 2}));
}

TEST(EveAlliances, Chosen_AMemberLeavingDuringHisIncomeAnswerHandsTheStepToHisAlly) {
  auto m = position(alliance_position("phase setup income\n"));
  ASSERT_TRUE(m->concede(0).accepted);
  const auto& st = m->state();
  ASSERT_EQ(st.pending, Pending::IncomeChoice);
  EXPECT_EQ(st.prompt_seat, 2);
  ok(*m, 2, pick("income"));
  EXPECT_EQ(st.pending, Pending::Priority);
  EXPECT_EQ(st.prompt_seat, 2);
}

// ---- Positions --------------------------------------------------------------

TEST(EveAlliances, PositionsKeepTheAlliancesAndRefuseTablesThatSplitThem) {
  auto m = new_alliance_match(11);
  std::string error;
  auto back = load_position(save_position(*m), &error);
  ASSERT_NE(back, nullptr) << error;
  EXPECT_TRUE(back->state().variants.alliances);
  EXPECT_EQ(back->state_hash(), m->state_hash());
  EXPECT_EQ(load_position(alliance_position("phase management main\n", "", "0 1 2 3"), &error), nullptr);
  EXPECT_NE(error.find("side by side"), std::string::npos) << error;
  EXPECT_EQ(load_position(alliance_position("phase management main\n", "ship home2 2 tristan#1\n"), &error),
            nullptr);
}

}  // namespace
}  // namespace concord::eve
