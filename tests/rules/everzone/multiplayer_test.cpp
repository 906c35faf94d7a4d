// "Rules for Three Players" and "Team Rules (2-vs-2 or 3-vs-3)", from
// positions and from real setups, one test per rule sentence.
#include <gtest/gtest.h>

#include "concord/everzone/deck_rules.hpp"
#include "concord/everzone/definition.hpp"
#include "concord/everzone/sides.hpp"
#include "concord/everzone/view.hpp"
#include "concord/rules/options.hpp"
#include "everzone_test_util.hpp"

namespace concord::everzone::test {
namespace {

rules::MatchSetup setup(int players, rules::OptionValues options) {
  auto decks = ready_made_decks();
  rules::MatchSetup s;
  s.options = rules::resolve_options(definition().options, options).values;
  for (int i = 0; i < players; ++i) s.seats.push_back({"p", decks.at(static_cast<std::size_t>(i))});
  s.seed.bytes[0] = 3;
  return s;
}

std::unique_ptr<EverZoneMatch> start(int players, rules::OptionValues options) {
  auto m = definition().create(setup(players, std::move(options)));
  return std::unique_ptr<EverZoneMatch>(static_cast<EverZoneMatch*>(m.release()));
}

const EverZoneView& as_view(const std::unique_ptr<rules::View>& v) { return dynamic_cast<const EverZoneView&>(*v); }

std::vector<ArmyView> armies_of(const EverZoneMatch& m) {
  auto v = m.view(rules::Viewer::spectator());
  return as_view(v).armies;
}

SeatView seat_view(const EverZoneMatch& m, int viewer, int seat) {
  auto v = m.view(rules::Viewer::of_seat(viewer));
  return as_view(v).seats.at(static_cast<std::size_t>(seat));
}

// ------------------------------------------------------------- room options

// "In a 1-vs-1 game the standard is 20 CP (10 for a short game, 30 for a long
// one). In a team game (2-vs-2 or 3-vs-3) you should use at least 30 CP".
TEST(EverZoneRoom, SeatCountsAndCommandPointsCombinationsHaveClearErrors) {
  auto opts = [](std::string cp, std::string teams) {
    return rules::resolve_options(definition().options, {{"command_points", cp}, {"teams", teams}}).values;
  };
  EXPECT_FALSE(check_room(opts("20", "false"), 2));
  EXPECT_FALSE(check_room(opts("10", "false"), 3));
  EXPECT_FALSE(check_room(opts("30", "true"), 4));
  EXPECT_FALSE(check_room(opts("60", "true"), 6));
  EXPECT_EQ(*check_room(opts("30", "true"), 2), "teams need 4 seats (2-vs-2) or 6 seats (3-vs-3)");
  EXPECT_EQ(*check_room(opts("30", "false"), 4), "4 or 6 seats are team games: set the option teams=true");
  EXPECT_EQ(*check_room(opts("20", "true"), 4), "team games use at least 30 CP per team");
  EXPECT_FALSE(check_room(opts("40", "false"), 2));  // L10: 10/20/30 are examples, not the only values
  EXPECT_TRUE(check_room(opts("40", "true"), 5));
  EXPECT_FALSE(start(4, {{"command_points", "20"}, {"teams", "true"}}));
  EXPECT_TRUE(start(4, {{"command_points", "45"}, {"teams", "true"}}));
}

// ------------------------------------------------------------- three players

// "During setup, instead of using the three base locations (Earth, Sea and
// Space), each player chooses three locations to create a deck of 9 cards."
TEST(EverZoneThreePlayers, EachPlayerChoosesThreeLocationsNoBaseLocations) {
  auto m = start(3, {{"command_points", "20"}});
  ASSERT_TRUE(m);
  auto all = m->state().battle_deck;
  all.push_back(m->state().location);
  EXPECT_EQ(all.size(), 9u);
  for (int loc : all)
    for (const char* base : {"earth", "sea", "space"}) EXPECT_NE(db().at(loc).id, base);
}

// "each player secretly chooses one of these markers, then the players
// simultaneously reveal them": the view shows only that a player has chosen.
TEST(EverZoneThreePlayers, RaceTokensAreChosenSecretlyAndRevealedAtOnce) {
  auto m = from_position(
      "location earth turn 1\nphase target\n"
      "seat 0\ndeployed utron_lancer\nseat 1\ndeployed slurr_spawn\nseat 2\ndeployed numen_sentinel\n");
  ASSERT_EQ(m->prompt(0)->kind, "target");
  EXPECT_EQ(m->prompt(0)->options.size(), 2u);  // the other players' tokens
  accept(*m, 0, {"target_2"});
  const auto other = seat_view(*m, 1, 0);
  EXPECT_TRUE(other.has_chosen);
  EXPECT_FALSE(other.secret);
  EXPECT_EQ(other.target, -1);
  EXPECT_EQ(m->view(rules::Viewer::of_seat(1))->to_text().find("target_2"), std::string::npos);
  EXPECT_EQ(*seat_view(*m, 0, 0).secret, std::vector<std::string>{"target_2"});
  accept(*m, 1, {"target_0"});
  EXPECT_EQ(player(*m, 0).target, -1);
  accept(*m, 2, {"target_0"});
  EXPECT_EQ(player(*m, 0).target, 2);
  EXPECT_EQ(player(*m, 1).target, 0);
  EXPECT_EQ(m->state().phase, Phase::Activate);
}

// "All three players chose different targets ... your attack is focused only
// on the army of the player you selected, and you will receive damage from the
// attack of the third army ... In case of a tie in these values, the attacks
// occur simultaneously, and this may result in more than one army being
// destroyed in a turn."
TEST(EverZoneThreePlayers, DifferentTargetsEachAttacksItsChoiceTiesSimultaneousTwoArmiesDestroyed) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ntarget 1\nactive utron_lancer\n"     // 4/2/2/4
      "seat 1\ntarget 2\nactive slurr_spawn\n"      // 2/2/2/2
      "seat 2\ntarget 0\nactive numen_sentinel\n");  // 2/4/1/3
  EXPECT_EQ(armies_of(*m).size(), 3u);
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  // TARGET 2 and 2: seat 0 destroys seat 1's army (2 damage) while seat 1
  // attacks seat 2 with 2 < 4; then seat 2 (TARGET 1) destroys seat 0's army.
  EXPECT_EQ(player(*m, 1).cp, 18);
  EXPECT_EQ(player(*m, 2).cp, 20);
  EXPECT_EQ(player(*m, 0).cp, 20);
  EXPECT_TRUE(player(*m, 0).active.empty());
  EXPECT_TRUE(player(*m, 1).active.empty());
  EXPECT_EQ(player(*m, 2).active.size(), 1u);
}

// "Two players chose the same target. In this case, these players become
// allies ... These allies must share the RESOURCES from the Location card as
// if they were one army made up of two races. Thus, if the Location card
// provides 10, 20 and 35 RESOURCES over three turns, the allies may not have
// more than 10 RESOURCES in total in the first turn".
TEST(EverZoneThreePlayers, AlliesShareTheResourcesOfTheLocationCard) {
  auto m = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ntarget 2\ndeployed utron_lancer utron_lancer\n"  // 8 RESOURCE
      "seat 1\ntarget 2\ndeployed slurr_burrower\n"             // 4 RESOURCE
      "seat 2\ntarget 0\ndeployed numen_sentinel\n");
  accept(*m, 0, ids(*m, 0, "utron_lancer"));
  accept(*m, 1, ids(*m, 1, "slurr_burrower"));
  accept(*m, 2, ids(*m, 2, "numen_sentinel"));
  ASSERT_EQ(m->state().phase, Phase::Withdraw);  // 12 > 10 although each alone fits
  ASSERT_TRUE(m->prompt(0));
  EXPECT_FALSE(m->prompt(1));
  EXPECT_FALSE(m->prompt(2));
  EXPECT_EQ(submit(*m, 0, ids(*m, 0, "utron_lancer")).rejection->code, "UNNECESSARY_WITHDRAWAL");
  accept(*m, 0, {id(*m, 0, "utron_lancer")});
  EXPECT_EQ(m->state().phase, Phase::Support);
  const auto armies = armies_of(*m);
  ASSERT_EQ(armies.size(), 2u);
  EXPECT_EQ(armies[0].seats, (std::vector<int>{0, 1}));
  EXPECT_TRUE(armies[0].shared_limit);
  EXPECT_EQ(armies[0].values.resource, 8);
  EXPECT_EQ(armies[1].attacks, (std::vector<int>{0, 1}));
}

// "whenever his army deals damage, it is distributed to each ally. For
// example, if the ATTACK value of the lone player's army is 12, and the
// DEFENSE value of the alliance is 8, then each ally receives 4 points of damage."
TEST(EverZoneThreePlayers, LoneAttackTwelveAgainstAllianceDefenseEightEachAllyReceivesFour) {
  auto m = from_position(
      "location earth turn 2\nphase support\n"
      "seat 0\ntarget 2\nactive numen_sentinel\n"   // 2/4/1/3
      "seat 1\ntarget 2\nactive slurr_burrower\n"   // 3/4/1/4
      "seat 2\ntarget 0\nactive utron_lancer utron_lancer utron_lancer\n");  // 12/6/6/12
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  EXPECT_EQ(player(*m, 0).cp, 16);
  EXPECT_EQ(player(*m, 1).cp, 16);
  EXPECT_EQ(player(*m, 2).cp, 20);
  EXPECT_TRUE(player(*m, 0).active.empty() && player(*m, 1).active.empty());
}

// "when a player who is not part of the two-player alliance is eliminated,
// the battle ends immediately and the players proceed to the Retreat phase,
// and then begin a new battle."
TEST(EverZoneThreePlayers, NonAlliedPlayerEliminatedTheBattleEndsImmediately) {
  auto m = from_position(
      "location earth turn 1\nphase support\nbattle_deck sea\n"
      "seat 0\ntarget 2\nactive utron_lancer\n"
      "seat 1\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ncp 2\ntarget 0\nactive numen_sentinel\n");
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  EXPECT_TRUE(player(*m, 2).eliminated);
  EXPECT_FALSE(m->finished());
  EXPECT_EQ(m->state().phase, Phase::Retreat);
  EXPECT_FALSE(m->prompt(2));
  accept(*m, 0, {});
  accept(*m, 1, {});
  EXPECT_EQ(db().at(m->state().location).id, "sea");  // a new battle, two players
  EXPECT_FALSE(m->prompt(2));
}

// "However, if the interrupted battle was for the last Location card in the
// deck, the game ends and the player with the most CP wins".
TEST(EverZoneThreePlayers, InterruptedLastBattleTheMostCommandPointsWins) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ncp 15\ntarget 2\nactive utron_lancer\n"
      "seat 1\ncp 12\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ncp 2\ntarget 0\nactive numen_sentinel\n");
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  accept(*m, 0, {});
  accept(*m, 1, {});
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<int>{0});
  EXPECT_FALSE(m->result()->draw);
}

// "(otherwise the game ends in a draw between the two survivors)": tied CP.
TEST(EverZoneThreePlayers, InterruptedLastBattleTiedSurvivorsDraw) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ncp 12\ntarget 2\nactive utron_lancer\n"
      "seat 1\ncp 12\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ncp 2\ntarget 0\nactive numen_sentinel\n");
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  accept(*m, 0, {});
  accept(*m, 1, {});
  ASSERT_TRUE(m->finished());
  EXPECT_TRUE(m->result()->draw);
}

// "When one player is eliminated, the remaining two fight under the standard
// rules in a 1-vs-1 format."
TEST(EverZoneThreePlayers, AnAllyEliminatedTheRemainingTwoFightOneVersusOne) {
  auto m = from_position(
      "location earth turn 1\nphase support\n"
      "seat 0\ncp 1\ntarget 2\nactive slurr_spawn\n"
      "seat 1\ntarget 2\nactive slurr_spawn\n"
      "seat 2\ntarget 0\nactive utron_lancer utron_drone\n");  // 6/4/5/6 against 4/4/4/4
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"done"});
  EXPECT_TRUE(player(*m, 0).eliminated);
  EXPECT_EQ(player(*m, 1).cp, 18);  // each ally receives 6 - 4
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_TRUE(m->prompt(1) && m->prompt(2));
  const auto armies = armies_of(*m);
  ASSERT_EQ(armies.size(), 2u);
  EXPECT_EQ(armies[0].seats, std::vector<int>{1});
  EXPECT_EQ(armies[0].attacks, std::vector<int>{2});
}

// "Before the first turn of each Combat phase" the tokens are chosen again.
TEST(EverZoneThreePlayers, TargetsAreChosenAgainForEachBattle) {
  auto m = start(3, {{"command_points", "20"}});
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {"proceed"});
  for (int seat = 0; seat < 3; ++seat) accept(*m, seat, {});
  EXPECT_EQ(m->state().phase, Phase::Target);
  for (int seat = 0; seat < 3; ++seat) EXPECT_EQ(m->prompt(seat)->kind, "target");
}

// ------------------------------------------------------------- teams

constexpr const char* kTeams =
    "location earth turn 1\nphase support\nteams\n"
    "seat 0\ncp 30\nactive utron_lancer\n"     // team 0: 4/2/2/4
    "seat 1\ncp 30\nactive numen_sentinel\n"   // team 1: 2/4/1/3
    "seat 2\ncp 30\nactive slurr_spawn\n"      // team 0: 2/2/2/2
    "seat 3\ncp 30\nactive numen_warden\n";    // team 1: 3/3/1/3

// "After Units are activated simultaneously with the opponents, the troops of
// one team join together and form one army. In the end we have the same
// 1-vs-1 clash, but now the front is wider".
TEST(EverZoneTeams, TheTroopsOfOneTeamJoinTogetherAndFormOneArmy) {
  auto m = from_position(kTeams);
  const auto armies = armies_of(*m);
  ASSERT_EQ(armies.size(), 2u);
  EXPECT_EQ(armies[0].seats, (std::vector<int>{0, 2}));
  EXPECT_EQ(armies[0].values, (Values{6, 4, 4, 6}));
  EXPECT_EQ(armies[1].values, (Values{5, 7, 2, 6}));
  for (int seat = 0; seat < 4; ++seat) accept(*m, seat, {"done"});
  // Team 0 attacks first: 6 < 7; team 1 counterattacks: 5 >= 4, 1 damage to the team.
  EXPECT_EQ(player(*m, 0).cp, 29);
  EXPECT_EQ(player(*m, 2).cp, 29);
  EXPECT_EQ(player(*m, 1).cp, 30);
  EXPECT_TRUE(player(*m, 0).active.empty() && player(*m, 2).active.empty());
}

// "However, only a team, not a single player, may surrender (twice per game)."
TEST(EverZoneTeams, OnlyATeamMaySurrender) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\nteams\n"
      "seat 0\ncp 30\nactive utron_lancer\nseat 1\ncp 30\nactive numen_sentinel\n"
      "seat 2\ncp 30\nseat 3\ncp 30\n");
  accept(*m, 0, {"surrender"});
  accept(*m, 2, {"continue"});
  accept(*m, 1, {"continue"});
  accept(*m, 3, {"continue"});
  EXPECT_EQ(player(*m, 0).surrenders, 0);  // one member alone cannot surrender
  EXPECT_EQ(m->state().turn, 2);
}

TEST(EverZoneTeams, TheTeamSurrendersTakesHalfTheOpposingArmysAttackOnce) {
  auto m = from_position(
      "location earth turn 1\nphase surrender\nteams\n"
      "seat 0\ncp 30\nactive utron_lancer\nseat 1\ncp 30\nactive numen_sentinel\n"
      "seat 2\ncp 30\nseat 3\ncp 30\nactive numen_warden\n");
  accept(*m, 0, {"surrender"});
  accept(*m, 2, {"surrender"});
  accept(*m, 1, {"continue"});
  accept(*m, 3, {"continue"});
  for (int seat : {0, 2}) {
    EXPECT_EQ(player(*m, seat).surrenders, 1);
    EXPECT_EQ(player(*m, seat).cp, 28);  // (2 + 3) / 2
  }
  EXPECT_EQ(player(*m, 1).cp, 30);
  EXPECT_EQ(m->state().phase, Phase::Retreat);
}

TEST(EverZoneTeams, ATeamMaySurrenderOnlyTwicePerGame) {
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 30\nsurrenders 2\nactive numen_sentinel\nseat 1\ncp 30\nactive numen_sentinel\n"
      "seat 2\ncp 30\nsurrenders 2\nseat 3\ncp 30\n");
  for (int seat = 0; seat < 4; ++seat) accept(*m, seat, {"done"});
  pass_all(*m);
  ASSERT_EQ(m->state().phase, Phase::Surrender);
  EXPECT_FALSE(m->prompt(0));
  EXPECT_FALSE(m->prompt(2));
  EXPECT_TRUE(m->prompt(1) && m->prompt(3));
}

// "Before starting a game of four or six players, you must agree on the
// number of CP for each team": the team loses its CP together, the other team wins.
TEST(EverZoneTeams, ATeamAtZeroCommandPointsLosesTheOtherTeamWins) {
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 1\nseat 1\ncp 30\nactive utron_lancer\nseat 2\ncp 1\nseat 3\ncp 30\n");
  for (int seat = 0; seat < 4; ++seat) accept(*m, seat, {"done"});
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, (std::vector<int>{1, 3}));
}

// "All abilities and effects that affect cards under your control affect only
// your troops, not the army of the whole team."
TEST(EverZoneTeams, YourTroopsEffectsAffectOnlyYourTroopsNotTheWholeTeam) {
  // Carapace: "+2 DEFENSE to your army while there are active forces in your play area".
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 30\nactive utron_lancer\nseat 1\ncp 30\nactive virago\n"
      "seat 2\ncp 30\nsupports carapace\nhand final_protocol\nseat 3\ncp 30\nactive slurr_spawn\nhand carapace\n");
  EXPECT_EQ(armies_of(*m)[0].values.defense, 2);
  // Virago stops the opponents, not Virago's team mate.
  EXPECT_TRUE(playable(*m->prompt(2)).empty());
  EXPECT_EQ(playable(*m->prompt(3)).size(), 1u);
}

TEST(EverZoneTeams, FinalProtocolOffersOnlyYourOwnUnitsNotYourTeamMates) {
  auto m = from_position(
      "location earth turn 1\nphase support\nteams\n"
      "seat 0\ncp 30\nactive utron_lancer\nhand final_protocol\nseat 1\ncp 30\nactive slurr_spawn\n"
      "seat 2\ncp 30\nactive utron_drone\nseat 3\ncp 30\n");
  accept(*m, 0, {id(*m, 0, "final_protocol")});
  pass_all(*m);
  const auto p = *m->prompt(0);
  std::vector<std::string> offered;
  for (const auto& o : p.options) offered.push_back(o.id);
  EXPECT_EQ(offered, (std::vector<std::string>{id(*m, 0, "utron_lancer"), id(*m, 1, "slurr_spawn")}));
}

// L10 "At the start, the players choose the number of Command Points (CP) ...
// In a team game (2-vs-2 or 3-vs-3) you should use at least 30 CP"; L75 "at
// least 30–60 total CP per team (30 for a short game, 60 for a long one)".
TEST(EverZoneTeams, L10_TeamsTakeAtLeastThirtyCommandPoints_RefusedBelow) {
  for (const char* cp : {"30", "45", "60", "75", "99"}) {
    auto m = start(4, {{"command_points", cp}, {"teams", "true"}});
    ASSERT_TRUE(m) << cp;
    for (int seat = 0; seat < 4; ++seat) EXPECT_EQ(player(*m, seat).cp, std::stoi(cp));
  }
  EXPECT_FALSE(start(4, {{"command_points", "29"}, {"teams", "true"}}));
  EXPECT_FALSE(start(6, {{"command_points", "10"}, {"teams", "true"}}));
  EXPECT_EQ(*check_room({{"command_points", "29"}, {"teams", "true"}}, 4), "team games use at least 30 CP per team");
  // The spec a 4-seat room is offered says so too.
  const auto specs = definition().options_for(4);
  EXPECT_EQ(specs[0].min, 30);
  EXPECT_EQ(definition().options_for(2)[0].min, 1);
  // Three players are no team game: any CP, 25 included.
  EXPECT_TRUE(start(3, {{"command_points", "25"}}));
}

// Settled (README "Three players and teams", chosen): in a team game every
// member has the Location's whole RESOURCE limit; only the three-player
// allies share one (L70 "These allies must share the RESOURCES from the
// Location card as if they were one army"). Why: L10 "the level of damage
// dealt on both sides exceeds the equivalent parameter in a classic 1-vs-1
// confrontation" (hence at least 30 CP) and L76 "now the front is wider,
// thanks to the active combat units of the allies" — a team army is larger
// than one player's, which one shared limit would forbid.
TEST(EverZoneTeams, L76_EachTeamMemberHasTheLocationLimit_L70_OnlyThreePlayerAlliesShareOne) {
  auto m = from_position(
      "location earth turn 1\nphase activate\nteams\n"
      "seat 0\ncp 30\ndeployed utron_lancer utron_lancer\n"  // 8 RESOURCE
      "seat 1\ncp 30\ndeployed slurr_burrower\n"             // 4
      "seat 2\ncp 30\ndeployed utron_lancer utron_lancer\n"  // 8: team 0 has 16 > 10
      "seat 3\ncp 30\ndeployed slurr_burrower\n");           // 4
  EXPECT_EQ(limit_group(m->state(), 0), std::vector<int>{0});
  EXPECT_EQ(limit_group(m->state(), 2), std::vector<int>{2});
  accept(*m, 0, ids(*m, 0, "utron_lancer"));
  accept(*m, 1, ids(*m, 1, "slurr_burrower"));
  accept(*m, 2, ids(*m, 2, "utron_lancer"));
  accept(*m, 3, ids(*m, 3, "slurr_burrower"));
  EXPECT_EQ(m->state().phase, Phase::Support);  // no withdrawal: each member is within 10
  const auto armies = armies_of(*m);
  ASSERT_EQ(armies.size(), 2u);
  EXPECT_EQ(armies[0].seats, (std::vector<int>{0, 2}));
  EXPECT_FALSE(armies[0].shared_limit);
  EXPECT_EQ(armies[0].values.resource, 16);
  // The same cards in a three-player alliance must fit one limit of 10.
  auto three = from_position(
      "location earth turn 1\nphase activate\n"
      "seat 0\ntarget 2\ndeployed utron_lancer utron_lancer\n"
      "seat 1\ntarget 2\ndeployed utron_lancer utron_lancer\n"
      "seat 2\ntarget 0\ndeployed slurr_burrower\n");
  EXPECT_EQ(limit_group(three->state(), 0), (std::vector<int>{0, 1}));
  accept(*three, 0, ids(*three, 0, "utron_lancer"));
  accept(*three, 1, ids(*three, 1, "utron_lancer"));
  accept(*three, 2, ids(*three, 2, "slurr_burrower"));
  EXPECT_EQ(three->state().phase, Phase::Withdraw);  // 16 > 10 for the two allies
}

// "Each player takes 10 cards, may refresh the hand, may deploy troops":
// 2-vs-2 from a real setup: each team chooses three Locations, plus the base three.
TEST(EverZoneTeams, TwoVersusTwoSetupEachPlayerDrawsTenAndEachTeamChoosesThreeLocations) {
  auto m = start(4, {{"command_points", "30"}, {"teams", "true"}});
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state().battle_deck.size(), 8u);
  for (int seat = 0; seat < 4; ++seat) {
    EXPECT_EQ(player(*m, seat).hand.size(), 11u);
    EXPECT_EQ(player(*m, seat).team, seat % 2);
    EXPECT_EQ(m->prompt(seat)->kind, "refresh");
  }
  auto six = start(6, {{"command_points", "60"}, {"teams", "true"}});
  ASSERT_TRUE(six);
  EXPECT_EQ(six->state().battle_deck.size(), 8u);
}

}  // namespace
}  // namespace concord::everzone::test
