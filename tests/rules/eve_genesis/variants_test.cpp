// Multiplayer Rules: random seats at the table and the Optional Variants
// (Range, Hunter and Prey, Destroying Prey) of
// shared/rulebooks/000_bfbf57f8dcfb8779.txt, lines 186-197. Room options:
// `range` off|1|2, `hunter_and_prey`, `destroying_prey` (README "Variants").
#include <set>

#include "concord/eve/eve_view.hpp"
#include "eve_test_util.hpp"

namespace concord::eve {
namespace {

using namespace testing;

std::vector<rules::Deck> decks(int n) {
  auto all = standard_decks();
  all.resize(static_cast<std::size_t>(n));
  return all;
}

const EveView& eve_view(const rules::View& v) { return dynamic_cast<const EveView&>(v); }

// ---- L190 "Seats at the table are chosen randomly" -------------------------

TEST(EveSeating, L190_SeatsAtTheTableAreChosenRandomly_SameSeedSameSeating) {
  for (std::uint64_t n = 1; n <= 20; ++n) {
    const auto seed = testsupport::seed_from_number(n);
    EXPECT_EQ(seating(seed, 4), seating(seed, 4));
    EveMatch a(CardDb::standard(), decks(4), seed), b(CardDb::standard(), decks(4), seed);
    EXPECT_EQ(a.state().table, seating(seed, 4));
    EXPECT_EQ(a.state_hash(), b.state_hash());
  }
}

TEST(EveSeating, L190_SeatsAtTheTableAreChosenRandomly_DifferAcrossSeeds) {
  std::set<std::vector<SeatIndex>> three, four;
  for (std::uint64_t n = 1; n <= 200; ++n) {
    three.insert(seating(testsupport::seed_from_number(n), 3));
    four.insert(seating(testsupport::seed_from_number(n), 4));
  }
  EXPECT_EQ(three.size(), 6u);   // every order of 3 seats occurs
  EXPECT_EQ(four.size(), 24u);   // every order of 4 seats occurs
  for (const auto& t : four) {
    auto sorted = t;
    std::sort(sorted.begin(), sorted.end());
    EXPECT_EQ(sorted, (std::vector<SeatIndex>{0, 1, 2, 3}));  // a permutation
  }
  // Two seats: each sits to the other's left and right, nothing to choose.
  EXPECT_EQ(seating(testsupport::seed_from_number(5), 2), (std::vector<SeatIndex>{0, 1}));
}

TEST(EveSeating, L190_PlayersTakeTurnsClockwiseInTableOrderAndTheViewShowsIt) {
  // "players take turns clockwise from the player who starts the game"
  for (std::uint64_t n = 30; n < 36; ++n) {
    EveMatch m(CardDb::standard(), decks(4), testsupport::seed_from_number(n));
    const auto& st = m.state();
    const SeatIndex first = st.first;
    const int at = st.table_position(first);
    EXPECT_EQ(st.next_living(first), st.seat_at(at + 1));
    EXPECT_EQ(st.previous_living(first), st.seat_at(at + 3));
    // The mulligan goes around the table from the first player.
    EXPECT_EQ(st.prompt_seat, first);
    ok(m, first, picks({}));
    EXPECT_EQ(m.state().prompt_seat, st.seat_at(at + 1));
    auto v = m.view(rules::Viewer::spectator());
    const auto& ev = eve_view(*v);
    ASSERT_EQ(ev.table.size(), 4u);
    for (int p = 0; p < 4; ++p) {
      EXPECT_EQ(ev.table[static_cast<std::size_t>(p)], st.table[static_cast<std::size_t>(p)]);
      EXPECT_EQ(ev.seats[static_cast<std::size_t>(ev.table[static_cast<std::size_t>(p)])].table_position, p);
    }
  }
}

TEST(EveSeating, TheSeatingIsPartOfThePositionAndTheHash) {
  EveMatch m(CardDb::standard(), decks(3), testsupport::seed_from_number(7));
  const std::string text = save_position(m);
  std::string error;
  auto back = load_position(text, &error);
  ASSERT_NE(back, nullptr) << error;
  EXPECT_EQ(back->state().table, m.state().table);
  EXPECT_EQ(back->state_hash(), m.state_hash());
}

// ---- Range (L194) ------------------------------------------------------------

// Seat 0 is active with a built Tristan (c1) in its home region. Table order
// 0 2 1 (3 seats) or 0 1 2 3 (4 seats).
std::string range_position(int seats, int range, const std::string& extra = "") {
  std::string p = "seats " + std::to_string(seats) + "\n";
  p += seats == 3 ? "table 0 2 1\n" : "table 0 1 2 3\n";
  p += "variants range=" + std::to_string(range) + " hunter=no destroying=no\n";
  const char* bases[] = {"gallente_control_tower", "caldari_control_tower", "minmatar_control_tower",
                         "holder_tower"};
  for (int s = 0; s < seats; ++s) p += "seat " + std::to_string(s) + " base=" + bases[s] + "\n";
  p += "ship home0 0 tristan#1\n";
  return p + extra;
}

TEST(EveRange, L194_Range1_JumpOnlyIntoTheRegionsOfThePlayerToYourLeft) {
  // "Range 1 means that you may jump your ships only into the regions of the
  // player sitting to your left." Table 0 2 1: seat 2 sits to seat 0's left.
  auto m = position(range_position(3, 1));
  EXPECT_EQ(m->state().next_living(0), 2);
  EXPECT_TRUE(offers(*m, 0, "jump:c1@home2"));
  EXPECT_FALSE(offers(*m, 0, "jump:c1@home1"));
  rejected(*m, 0, pick("jump:c1@home1"), "OUT_OF_RANGE");
  ok(*m, 0, pick("jump:c1@home2"));
}

TEST(EveRange, L194_Range2_JumpIntoTheRegionsOfThePlayersToYourLeftAndRight) {
  // "Range 2 means that you may jump your ships into the regions of the
  // players sitting both to your left and to your right." Four seats, table
  // 0 1 2 3: seat 1 left, seat 3 right, seat 2 across the table.
  auto m = position(range_position(4, 2));
  EXPECT_TRUE(offers(*m, 0, "jump:c1@home1"));
  EXPECT_TRUE(offers(*m, 0, "jump:c1@home3"));
  EXPECT_FALSE(offers(*m, 0, "jump:c1@home2"));
  rejected(*m, 0, pick("jump:c1@home2"), "OUT_OF_RANGE");
  // Range 1 at the same table: only the left.
  auto r1 = position(range_position(4, 1));
  EXPECT_TRUE(offers(*r1, 0, "jump:c1@home1"));
  EXPECT_FALSE(offers(*r1, 0, "jump:c1@home3"));
  // No variant: anywhere.
  auto off = position(range_position(4, 0));
  EXPECT_TRUE(offers(*off, 0, "jump:c1@home2"));
}

TEST(EveRange, L194_RemoteRegionsOfAPlayerCountAsHisRegions_UncontrolledOnesAreNobodys) {
  // Chosen: "the regions of the player" = the regions that player controls;
  // an uncontrolled remote region belongs to no player and stays in range.
  auto m = position(range_position(3, 1,
                                   "region aridia owner=1 controller=none\n"
                                   "region metropolis owner=1 controller=1\n"
                                   "ship metropolis 1 tristan#2\n"));
  EXPECT_TRUE(offers(*m, 0, "jump:c1@aridia"));
  EXPECT_FALSE(offers(*m, 0, "jump:c1@metropolis"));  // seat 1 sits to the right
  rejected(*m, 0, pick("jump:c1@metropolis"), "OUT_OF_RANGE");
}

TEST(EveRange, L194_WhenTheLeftNeighbourIsOutTheNextPlayerIsInRange) {
  // Chosen: the neighbours are the players still in the game ("the next
  // player to the left", as Hunter and Prey says of an eliminated prey).
  auto m = position(range_position(3, 1));
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_EQ(m->state().next_living(0), 1);
  EXPECT_TRUE(offers(*m, 0, "jump:c1@home1"));
}

// ---- Hunter and Prey, Destroying Prey (L195-L196) ------------------------------

std::string hunter_position(bool destroying, const std::string& market0 = "tristan tristan tristan") {
  std::string p = "seats 3\ntable 0 2 1\n";
  p += std::string("variants range=0 hunter=yes destroying=") + (destroying ? "yes" : "no") + "\n";
  p += "seat 0 base=gallente_control_tower\nseat 1 base=caldari_control_tower\n"
       "seat 2 base=minmatar_control_tower\n";
  if (!market0.empty()) p += "market 0 " + market0 + "\n";
  return p + "market 1 tristan\nmarket 2 tristan\n";
}

TEST(EveHunterAndPrey, L195_ThePlayerToYourLeftIsYourPrey_ToYourRightYourHunter) {
  // "The player to your left is your prey ... The player to your right is your hunter."
  auto m = position(hunter_position(false));
  EXPECT_EQ(m->state().prey_of(0), 2);
  EXPECT_EQ(m->state().prey_of(2), 1);
  EXPECT_EQ(m->state().prey_of(1), 0);
  auto v = m->view(rules::Viewer::spectator());
  EXPECT_EQ(eve_view(*v).seats[0].prey, 2);
  EXPECT_TRUE(eve_view(*v).hunter_and_prey);
}

TEST(EveHunterAndPrey, L195_WhenYourPreyIsEliminatedYouAreRewarded_ThenTheNextPlayerToTheLeftIsYourPrey) {
  // "you receive a reward when your prey is eliminated from the game ... As
  // soon as you eliminate your prey, the next player to the left becomes your
  // prey." Chosen reward without Destroying Prey: the hunter draws 2 cards.
  auto m = position(hunter_position(false));
  const auto hand = m->state().seats[0].hand.size();
  const auto market = m->state().seats[0].market.size();
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_EQ(m->state().seats[0].hand.size(), hand + 2);
  EXPECT_EQ(m->state().seats[0].market.size(), market - 2);
  EXPECT_TRUE(m->state().seats[0].attached.empty());  // no base without Destroying Prey
  EXPECT_EQ(m->state().seats[1].hand.size(), 0u);     // only the hunter is rewarded
  EXPECT_EQ(m->state().prey_of(0), 1);
  EXPECT_EQ(m->state().prey_of(1), 0);
}

TEST(EveHunterAndPrey, L195_TheLastPlayerStandingWins_NoRewardAfterTheEnd) {
  // Victory stays "the last seat standing" (Free-for-All); eliminating the
  // last prey ends the match.
  auto m = position(hunter_position(false));
  ASSERT_TRUE(m->concede(2).accepted);
  const auto hand = m->state().seats[0].hand.size();
  ASSERT_TRUE(m->concede(1).accepted);
  ASSERT_TRUE(m->finished());
  EXPECT_EQ(m->result()->winners, std::vector<SeatIndex>{0});
  EXPECT_EQ(m->state().seats[0].hand.size(), hand);
}

TEST(EveHunterAndPrey, L195_TheRewardDrawsOnlyWhatTheMarketHolds) {
  // Chosen: the reward is no "must draw" (L: "If you must draw a card from
  // the market and it has no cards left, you lose the game"): the hunter
  // with one card left draws it and plays on.
  auto m = position(hunter_position(false, "tristan"));
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_FALSE(m->state().seats[0].out);
  EXPECT_EQ(m->state().seats[0].hand.size(), 1u);
  EXPECT_FALSE(m->finished());
}

TEST(EveHunterAndPrey, TheHunterOfAnEliminatedHunterIsTheNextToTheRight) {
  // Seat 1 (the hunter of seat 0) is rewarded when seat 0 is out; seat 2 gets nothing.
  auto m = position(hunter_position(false));
  ASSERT_TRUE(m->concede(0).accepted);
  EXPECT_EQ(m->state().seats[1].hand.size(), 1u);  // its market held one card
  EXPECT_EQ(m->state().seats[2].hand.size(), 0u);
}

TEST(EveDestroyingPrey, L196_TheHunterAttachesThePreysBaseWithIncomePlus2ThenDraws2) {
  // "When prey is eliminated from the game, the hunter takes the prey's base
  // and attaches it to his own with an income bonus of +2. Then the hunter
  // draws 2 cards."
  auto m = position(hunter_position(true));
  const auto income = m->income(0);
  const auto hand = m->state().seats[0].hand.size();
  ASSERT_TRUE(m->concede(2).accepted);
  EXPECT_EQ(m->state().seats[0].attached, std::vector<std::string>{"minmatar_control_tower"});
  EXPECT_EQ(m->income(0), income + 2);
  EXPECT_EQ(m->state().seats[0].hand.size(), hand + 2);
  auto v = m->view(rules::Viewer::spectator());
  ASSERT_EQ(eve_view(*v).seats[0].attached.size(), 1u);
  EXPECT_TRUE(eve_view(*v).destroying_prey);
  // The attached base is part of the position (and so of the hash).
  const std::string text = save_position(*m);
  EXPECT_NE(text.find("attached 0 minmatar_control_tower"), std::string::npos);
  std::string error;
  auto back = load_position(text, &error);
  ASSERT_NE(back, nullptr) << error;
  EXPECT_EQ(back->state_hash(), m->state_hash());
  EXPECT_EQ(back->income(0), income + 2);
}

// ---- Room options ---------------------------------------------------------------------

TEST(EveVariantOptions, TheVariantsAreRoomOptionsOfMultiplayerRooms) {
  const auto def = definition();
  const auto names = [](const std::vector<rules::OptionSpec>& specs) {
    std::set<std::string> out;
    for (const auto& s : specs) out.insert(s.name);
    return out;
  };
  EXPECT_EQ(names(def.options),
            (std::set<std::string>{"range", "hunter_and_prey", "destroying_prey", "alliances"}));  // alliances_test.cpp
  for (int seats : {2, 3, 4}) {
    for (const auto& spec : def.options_for(seats)) {
      auto resolved = rules::resolve_options(def.options_for(seats), {});
      ASSERT_TRUE(resolved.ok());
      EXPECT_FALSE(def.check_room(resolved.values, seats)) << spec.name << " default at " << seats;
    }
  }
  // Two seats: the variants are refused ("Multiplayer Rules").
  EXPECT_FALSE(rules::resolve_options(def.options_for(2), {{"range", "1"}}).ok());
  EXPECT_TRUE(def.check_room({{"range", "1"}}, 2));
  // Destroying Prey is a reward of Hunter and Prey.
  EXPECT_TRUE(def.check_room({{"destroying_prey", "true"}, {"hunter_and_prey", "false"}}, 3));
  EXPECT_FALSE(def.check_room({{"destroying_prey", "true"}, {"hunter_and_prey", "true"}}, 3));
}

TEST(EveVariantOptions, CreateTakesTheVariantsFromTheOptions) {
  const auto def = definition();
  rules::MatchSetup setup;
  for (const auto& d : decks(4)) setup.seats.push_back({"p", d});
  setup.seed = testsupport::seed_from_number(3);
  auto resolved = rules::resolve_options(def.options_for(4), {{"range", "2"}, {"hunter_and_prey", "true"},
                                                               {"destroying_prey", "true"}});
  ASSERT_TRUE(resolved.ok());
  setup.options = resolved.values;
  auto m = def.create(setup);
  ASSERT_TRUE(m);
  const auto& st = dynamic_cast<const EveMatch&>(*m).state();
  EXPECT_EQ(st.variants, (Variants{2, true, true}));
  EXPECT_EQ(st.table, seating(setup.seed, 4));
  auto v = m->view(rules::Viewer::spectator());
  EXPECT_EQ(eve_view(*v).range, 2);
  // Refused combination: no match.
  setup.options = {{"destroying_prey", "true"}};
  EXPECT_FALSE(def.create(setup));
}

}  // namespace
}  // namespace concord::eve
