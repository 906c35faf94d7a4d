// DRAW, BATTLE (refresh), DEPLOYMENT and RETREAT phases, game end, and the
// simultaneous hidden decisions, from positions and from a real setup.
#include <gtest/gtest.h>

#include <algorithm>

#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/rules/options.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

rules::MatchSetup setup(std::string cp = "20", int deck_a = 0, int deck_b = 3) {
  auto decks = ready_made_decks();
  rules::MatchSetup s;
  s.options = rules::resolve_options(definition().options, {{"command_points", cp}}).values;
  s.seats = {{"a", decks.at(static_cast<std::size_t>(deck_a))}, {"b", decks.at(static_cast<std::size_t>(deck_b))}};
  s.seed.bytes[0] = 7;
  return s;
}

std::unique_ptr<EverZoneMatch> start(std::string cp = "20") {
  auto m = definition().create(setup(cp));
  return std::unique_ptr<EverZoneMatch>(static_cast<EverZoneMatch*>(m.release()));
}

bool has(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool visible_to(const rules::Event& e, int seat) { return e.visibility.visible_to(rules::Viewer::of_seat(seat)); }

// "Players begin the game with this card in hand"; "draw cards from their decks
// until they have 10 cards in hand. If your Leader was not destroyed, add it".
TEST(EverZoneSetup, LeaderStartsInHandAndPlayersDrawToTen) {
  auto m = start();
  ASSERT_TRUE(m);
  for (int seat = 0; seat < 2; ++seat) {
    const auto& p = player(*m, seat);
    EXPECT_EQ(p.hand.size(), 11u);
    EXPECT_TRUE(has(p.hand, p.leader));
    EXPECT_EQ(p.deck.size(), 39u);
    EXPECT_EQ(p.cp, 20);
  }
  // "Shuffle these cards together with the three base Location cards ... (9 cards in total)"
  EXPECT_EQ(m->state().battle_deck.size(), 8u);
  EXPECT_EQ(m->state().phase, Phase::Refresh);
  EXPECT_EQ(m->prompt(0)->kind, "refresh");
}

// L10 "At the start, the players choose the number of Command Points (CP) ...
// In a 1-vs-1 game the standard is 20 CP (10 for a short game, 30 for a long
// one)": examples, not the only values (chosen range 1..99, README).
TEST(EverZoneSetup, L10_PlayersChooseTheCommandPoints_TenTwentyThirtyAreExamples) {
  for (const char* cp : {"10", "20", "30", "25", "1", "99"}) {
    auto m = definition().create(setup(cp));
    ASSERT_TRUE(m) << cp;
    const auto& st = dynamic_cast<const EverZoneMatch&>(*m).state();
    for (const auto& p : st.players) EXPECT_EQ(p.cp, std::stoi(cp));
  }
  EXPECT_EQ(*check_room({{"command_points", "0"}, {"teams", "false"}}, 2), "Command Points must be between 1 and 99");
  EXPECT_EQ(*check_room({{"command_points", "100"}, {"teams", "false"}}, 3), "Command Points must be between 1 and 99");
  EXPECT_FALSE(rules::resolve_options(definition().options_for(2), {{"command_points", "100"}}).ok());
}

// "discard their entire hand (except the Leader card) and draw the same number
// of cards, but one fewer than discarded. Players may refresh their hand as
// many times as they wish."
TEST(EverZoneBattlePhase, RefreshDiscardsAllButTheLeaderAndDrawsOneFewer) {
  auto m = start();
  accept(*m, 0, {"refresh"});
  EXPECT_EQ(player(*m, 0).hand.size(), 10u);  // Leader + 9
  EXPECT_EQ(player(*m, 0).retreated.size(), 10u);
  accept(*m, 0, {"refresh"});
  EXPECT_EQ(player(*m, 0).hand.size(), 9u);
  EXPECT_TRUE(has(player(*m, 0).hand, player(*m, 0).leader));
}

// "Naturally, if a player has only one card in hand, they cannot refresh the hand."
TEST(EverZoneBattlePhase, WithOnlyOneCardInHandYouCannotRefresh) {
  auto m = from_position("location earth turn 0\nphase refresh\nseat 0\nhand kraken slurr_spawn\nseat 1\n");
  auto p = m->prompt(0);
  ASSERT_EQ(p->options.size(), 1u);
  EXPECT_EQ(p->options[0].id, "proceed");
}

// Deployment is face down and simultaneous: a seat's choice is recorded
// secretly; others learn only that it has chosen.
TEST(EverZoneDeployment, DeploymentIsSecretUntilBothHaveChosen) {
  auto m = start();
  accept(*m, 0, {"proceed"});
  accept(*m, 1, {"proceed"});
  ASSERT_EQ(m->state().phase, Phase::Deploy);
  const auto units = m->prompt(0)->options;
  ASSERT_GE(units.size(), 2u);
  auto out = submit(*m, 0, {units[0].id, units[1].id});
  ASSERT_TRUE(out.accepted);
  for (const auto& e : out.events)
    if (visible_to(e, 1)) {
      EXPECT_EQ(e.kind, "seat_chose");
      EXPECT_EQ(e.text, "seat 0 has chosen");
    }
  EXPECT_EQ(m->view(rules::Viewer::of_seat(1))->to_text().find(units[0].id), std::string::npos);
  EXPECT_NE(m->view(rules::Viewer::of_seat(0))->to_text().find("choice: "), std::string::npos);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_EQ(submit(*m, 0, {}).rejection->code, "NO_PROMPT");
  EXPECT_TRUE(player(*m, 0).deployed.empty());
  accept(*m, 1, {});
  EXPECT_EQ(player(*m, 0).deployed.size(), 2u);
  EXPECT_EQ(m->state().phase, Phase::Activate);
  EXPECT_EQ(m->state().turn, 1);
  EXPECT_FALSE(m->prompt(1));  // nothing deployed: nothing to activate
}

// Activation: "Each player simultaneously indicates ... Then the players
// simultaneously activate their cards by turning them face up."
TEST(EverZoneActivation, ActivationIsRevealedOnlyWhenEveryoneHasChosen) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ndeployed slurr_spawn\n"
      "seat 1\ndeployed numen_sentinel\n");
  auto out = submit(*m, 0, {id(*m, 0, "slurr_spawn")});
  ASSERT_TRUE(out.accepted);
  for (const auto& e : out.events)
    if (visible_to(e, 1)) {
      EXPECT_EQ(e.text.find("Slurr Spawn"), std::string::npos) << e.text;
    }
  auto v1 = m->view(rules::Viewer::of_seat(1))->to_text();
  EXPECT_EQ(v1.find("Slurr Spawn"), std::string::npos) << v1;
  EXPECT_NE(v1.find(" chosen"), std::string::npos);
  EXPECT_TRUE(player(*m, 0).active.empty());
  out = submit(*m, 1, {id(*m, 1, "numen_sentinel")});
  ASSERT_TRUE(out.accepted);
  EXPECT_EQ(player(*m, 0).active.size(), 1u);
  EXPECT_NE(m->view(rules::Viewer::of_seat(1))->to_text().find("Slurr Spawn"), std::string::npos);
}

// "At the end of the battle, all cards in play are placed face up on top of the
// retreated pile (both Units and Support), and the Leader card returns to hand."
TEST(EverZoneRetreat, CardsInPlayGoToTheRetreatedPileAndTheLeaderReturnsToHand) {
  auto m = from_position(
      "location earth turn 3\nphase support\n"
      "seat 0\nactive kraken slurr_spawn\nsupports carapace\ndeployed slurr_burrower\n"
      "seat 1\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  pass_clash(*m);  // Kraken could still attack alone before its army
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Retreat);
  const auto& p = player(*m, 0);
  EXPECT_EQ(p.hand, std::vector<int>{p.leader});
  EXPECT_EQ(p.retreated.size(), 3u);
  EXPECT_TRUE(p.active.empty() && p.deployed.empty() && p.supports.empty());
  EXPECT_EQ(player(*m, 1).cp, 12);  // no active Units: 8 ATTACK in full
}

// "players must discard surplus cards from hand, reducing their number to 10
// (not counting the Leader)".
TEST(EverZoneRetreat, HandLimitIsTenNotCountingTheLeader) {
  auto m = from_position(
      "location earth turn 3\nphase retreat\nbattle_deck sea\n"
      "seat 0\nhand kraken slurr_spawn slurr_spawn slurr_spawn slurr_spawn slurr_spawn slurr_spawn "
      "slurr_spawn slurr_spawn slurr_spawn slurr_spawn slurr_spawn slurr_spawn\n"
      "seat 1\n");
  auto p = m->prompt(0);
  EXPECT_EQ(p->min_choices, 2u);
  EXPECT_EQ(p->options.size(), 12u);  // the Leader is never offered
  EXPECT_EQ(submit(*m, 0, {id(*m, 0, "slurr_spawn")}).rejection->code, "WRONG_CHOICE_COUNT");
}

// "When your main deck runs out, shuffle the cards from the retreated pile to
// form a new deck for yourself. Cards in the fallen deck remain there."
TEST(EverZoneRetreat, EmptyDeckReshufflesTheRetreatedPileAndTheFallenDeckStays) {
  auto m = from_position(
      "location earth turn 3\nphase retreat\nbattle_deck sea\n"
      "seat 0\nhand kraken\ndeck slurr_spawn slurr_spawn\n"
      "retreated slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood slurr_brood\n"
      "fallen moray moray\n"
      "seat 1\ndeck numen_sentinel\n");
  accept(*m, 0, {});
  accept(*m, 1, {});
  const auto& p = player(*m, 0);
  EXPECT_EQ(p.hand.size(), 9u);  // Leader + 2 from the deck + 6 reshuffled
  EXPECT_TRUE(p.retreated.empty());
  EXPECT_EQ(p.fallen.size(), 2u);
  EXPECT_EQ(m->state().phase, Phase::Refresh);
}

// "If the Battle deck runs out before the agreed condition has been met, the
// game ends and the player (or faction) with the most CP wins."
TEST(EverZoneGameEnd, BattleDeckExhaustedTheMostCommandPointsWins) {
  auto m = from_position("location earth turn 3\nphase retreat\nseat 0\ncp 12\nseat 1\ncp 15\n");
  accept(*m, 0, {});
  accept(*m, 1, {});
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{1});
  EXPECT_EQ(m->result()->reason, "battle_deck_exhausted");
}

// "If players are tied on CP, the game ends in a truce between them."
TEST(EverZoneGameEnd, TiedOnCommandPointsIsATruce) {
  auto m = from_position("location earth turn 3\nphase retreat\nseat 0\ncp 9\nseat 1\ncp 9\n");
  accept(*m, 0, {});
  accept(*m, 1, {});
  ASSERT_TRUE(m->finished());
  EXPECT_TRUE(m->result()->draw);
}

// "Players may deploy any of their Units, even if they cannot fight in the
// stated location."
TEST(EverZoneDeployment, AnyUnitMayBeDeployedEvenIfItCannotFightHere) {
  auto m = from_position("location earth turn 0\nphase deploy\nseat 0\nhand moray carapace\nseat 1\n");
  auto p = m->prompt(0);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->options.size(), 1u);  // Moray (sea only), never the Support card
  EXPECT_EQ(p->options[0].id, id(*m, 0, "moray"));
  EXPECT_EQ(p->min_choices, 0u);  // deploying is optional
}

// "the Deployment phase happens only once until the end of the Battle, so you
// may not deploy cards from your hand every turn."
TEST(EverZoneDeployment, DeploymentHappensOnlyOncePerBattle) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\n"
      "seat 0\nhand slurr_spawn\ndeployed slurr_burrower\n"
      "seat 1\nhand numen_sentinel\n");
  accept(*m, 0, {"continue"});
  accept(*m, 1, {"continue"});
  ASSERT_EQ(m->state().turn, 2);
  EXPECT_EQ(m->prompt(0)->kind, "activate");
  EXPECT_EQ(m->prompt(0)->options.size(), 1u);  // only the deployed Burrower
  EXPECT_FALSE(m->prompt(1));                   // nothing deployed, nothing to do
}

// "If the Leader dies, nothing special happens to the player — he simply loses
// a very effective unit, but the game continues as normal."
TEST(EverZoneRetreat, ADestroyedLeaderStaysInTheFallenDeck) {
  auto m = from_position(
      "location earth turn 3\nphase support\nbattle_deck sea\n"
      "seat 0\nactive utron_lancer utron_drone utron_drone\n"
      "seat 1\nactive kraken\ndeck slurr_spawn slurr_spawn\n");
  accept(*m, 0, {"done"});
  accept(*m, 1, {"done"});
  pass_clash(*m);  // Kraken could still attack alone before its army
  pass_all(*m);
  const auto& p = player(*m, 1);
  EXPECT_FALSE(p.leader_alive);
  EXPECT_TRUE(has(p.fallen, p.leader));
  accept(*m, 0, {});
  accept(*m, 1, {});
  EXPECT_FALSE(m->finished());
  EXPECT_FALSE(has(player(*m, 1).hand, player(*m, 1).leader));
  EXPECT_EQ(player(*m, 1).hand.size(), 2u);
}

TEST(EverZonePosition, ErrorsNameTheLine) {
  auto r = parse_position(db(), "location earth turn 1\nseat 0\nhand no_such_card\n");
  EXPECT_FALSE(r.state);
  EXPECT_EQ(r.error, "line 3: unknown card 'no_such_card'");
  r = parse_position(db(), "cp 3\n");
  EXPECT_EQ(r.error, "line 1: 'cp' before any 'seat' line");
}

// "a seat with nothing deployed (public knowledge) has nothing to choose": a
// position at activation where no seat has deployed Units would leave the
// match with no open prompt (the everzone_position fuzz target found one).
TEST(EverZonePosition, ActivationWithNothingDeployedAnywhereIsRefused) {
  auto r = parse_position(db(), "location earth turn 1\nphase activate\nseat 0\nhand moray\nseat 1\n");
  EXPECT_FALSE(r.state);
  EXPECT_EQ(r.error, "phase activate needs a seat with deployed Units");
  r = parse_position(db(), "location earth turn 1\nphase activate\nseat 0\nseat 1\ndeployed moray\n");
  ASSERT_TRUE(r.state) << r.error;
  EverZoneMatch m(db(), std::move(*r.state), false);
  EXPECT_FALSE(m.prompt(0));
  ASSERT_TRUE(m.prompt(1));
  EXPECT_EQ(m.prompt(1)->kind, "activate");
}

TEST(EverZonePosition, EverySeatEliminatedIsRefused) {
  const auto r = parse_position(db(), "location earth turn 1\nphase support\nseat 0\neliminated\nseat 1\neliminated\nseat 2\neliminated\n");
  EXPECT_FALSE(r.state);
  EXPECT_EQ(r.error, "every seat is eliminated");
}

}  // namespace
}  // namespace concord::everzone::test

namespace concord::everzone::test {
namespace {

// "Add up the ATTACK, DEFENSE, TARGET and RESOURCE values of each active card
// to determine the total value of your army" — public, shown to every viewer.
TEST(EverZoneView, ArmyTotalsArePublicButHandsAndFaceDownCardsAreNot) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\nactive slurr_spawn slurr_spawn\nsupports carapace\nhand moray\ndeployed slurr_brood\n"
      "seat 1\n");
  const auto text = m->view(rules::Viewer::of_seat(1))->to_text();
  EXPECT_NE(text.find("army 4/6/4/6"), std::string::npos) << text;
  EXPECT_EQ(text.find("Moray"), std::string::npos);
  EXPECT_EQ(text.find("Slurr Brood"), std::string::npos);
  EXPECT_NE(m->view(rules::Viewer::judge())->to_text().find("Slurr Brood"), std::string::npos);
  EXPECT_EQ(m->view(rules::Viewer::spectator())->to_text().find("Moray"), std::string::npos);
}

}  // namespace
}  // namespace concord::everzone::test
