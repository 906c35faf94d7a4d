// The shipped games' wire adapters (server/games): every engine view field
// reaches the protobuf message, and what the engine withholds stays absent.
// Views come from real matches played by the random bot with fixed seeds.
#include <gtest/gtest.h>

#include "botplay/bot_play.hpp"
#include "concord/eve/eve_view.hpp"
#include "concord/eve/position.hpp"
#include "concord/everzone/view.hpp"
#include "concord/server/shipped_games.hpp"
#include "eve_genesis_adapter.hpp"
#include "everzone_adapter.hpp"

namespace concord::server::games {
namespace {

const GameEntry& entry(const std::string& id) {
  static const GameCatalog catalog = shipped_games();
  return *catalog.find(id);
}

rules::MatchSetup setup_for(const GameEntry& game, int seats, std::uint64_t n) {
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  for (int i = 0; i < seats; ++i) setup.seats.push_back({"bot", game.starter_decks[static_cast<std::size_t>(i)]});
  setup.seed = testsupport::seed_from_number(n);
  return setup;
}

// Plays seeded random games until `wanted` holds for a view; returns that view
// for `viewer` (null if no game of the first 20 seeds reached it).
template <typename ViewT, typename Pred>
std::unique_ptr<ViewT> first_view(const GameEntry& game, int seats, const rules::Viewer& viewer, Pred wanted) {
  for (std::uint64_t n = 1; n <= 20; ++n) {
    std::unique_ptr<ViewT> found;
    testsupport::BotPlayOptions options;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (found) return;
      auto view = step.match.view(viewer);
      auto* typed = dynamic_cast<ViewT*>(view.get());
      if (typed && wanted(*typed)) {
        view.release();
        found.reset(typed);
      }
    };
    rules::Rng bot(testsupport::seed_from_number(~n));
    testsupport::play_random(game.definition, setup_for(game, seats, n), bot, options);
    if (found) return found;
  }
  return nullptr;
}

TEST(EveGenesisAdapter, ACombatViewReachesTheWireFieldByField) {
  const auto view = first_view<eve::EveView>(entry("eve_genesis"), 2, rules::Viewer::spectator(),
                                             [](const eve::EveView& v) { return !v.combat.assigned.empty(); });
  ASSERT_TRUE(view) << "no random game reached target assignment";
  const auto wire = to_proto(*view);
  EXPECT_EQ(wire.phase(), view->phase);
  EXPECT_EQ(wire.step(), view->step);
  EXPECT_EQ(wire.combat().region(), view->combat.region);
  EXPECT_EQ(wire.combat().defender(), view->combat.defender);
  ASSERT_EQ(wire.combat().attackers_size(), static_cast<int>(view->combat.attackers.size()));
  ASSERT_EQ(wire.combat().assigned_size(), static_cast<int>(view->combat.assigned.size()));
  for (std::size_t i = 0; i < view->combat.assigned.size(); ++i) {
    EXPECT_EQ(wire.combat().assigned(static_cast<int>(i)).from(), view->combat.assigned[i].first);
    EXPECT_EQ(wire.combat().assigned(static_cast<int>(i)).to(), view->combat.assigned[i].second);
  }
  ASSERT_EQ(wire.regions_size(), static_cast<int>(view->regions.size()));
  for (std::size_t r = 0; r < view->regions.size(); ++r) {
    const auto& ships = view->regions[r].ships;
    const auto& wire_region = wire.regions(static_cast<int>(r));
    EXPECT_EQ(wire_region.controlled(), view->regions[r].controller.has_value());
    ASSERT_EQ(wire_region.ships_size(), static_cast<int>(ships.size()));
    for (std::size_t s = 0; s < ships.size(); ++s) {
      const auto& ship = wire_region.ships(static_cast<int>(s));
      EXPECT_EQ(ship.ref(), ships[s].ref);
      EXPECT_EQ(ship.attack(), ships[s].attack);
      EXPECT_EQ(ship.shield(), ships[s].shield);
      EXPECT_EQ(ship.damage(), ships[s].damage);
      EXPECT_EQ(ship.attacking(), ships[s].attacking);
    }
  }
  for (const auto& seat : wire.seats()) {
    EXPECT_FALSE(seat.hand_visible());
    EXPECT_EQ(seat.hand_size(), 0);
    EXPECT_FALSE(seat.market_visible());
    EXPECT_FALSE(seat.offdeck_visible());
  }
}

TEST(EveGenesisAdapter, ASeatSeesItsHandAndTheAdapterKeepsTheOpponentsWithheld) {
  const auto view = first_view<eve::EveView>(entry("eve_genesis"), 2, rules::Viewer::of_seat(0),
                                             [](const eve::EveView& v) { return v.turn >= 2; });
  ASSERT_TRUE(view);
  const auto wire = to_proto(*view);
  EXPECT_TRUE(wire.seats(0).hand_visible());
  EXPECT_EQ(wire.seats(0).hand_size(), static_cast<int>(view->seats[0].hand->size()));
  EXPECT_EQ(wire.seats(0).offdeck_size(), static_cast<int>(view->seats[0].offdeck->size()));
  EXPECT_FALSE(wire.seats(1).hand_visible());
  EXPECT_EQ(wire.seats(1).hand_size(), 0);
  EXPECT_EQ(wire.seats(1).hand_count(), view->seats[1].hand_count);
}

// The markers of the last card texts (Blood Rogue, Reflection of Time, Forsaken
// Ruins, Depleted Resources, Field Supply Router, EMP Minefield, Ahremen Arkah)
// reach the wire; the cards under a ship are counted, never named.
TEST(EveGenesisAdapter, TurnMarkersCopiesNamedRegionsAndCardsUnderAShipReachTheWire) {
  std::string error;
  const auto match = eve::load_position(R"(seats 2
turn 3
active 0
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
ship home0 0 velator#1
ship home0 0 incursus#2
location home0 0 reflection_of_time#3 copy=scordite
news 0 forsaken_ruins#4 duration=2 region=home1
under 0 c1 veldspar#5 omber#6
depleted c1
grounded c2
shielded c2
boost 0 home0 1
market 0 crokite
market 1 omber
)", &error);
  ASSERT_TRUE(match) << error;
  const auto view = match->view(rules::Viewer::of_seat(1));
  const auto wire = to_proto(dynamic_cast<const eve::EveView&>(*view));
  const auto& home0 = wire.regions(0);
  ASSERT_EQ(home0.ships_size(), 2);
  EXPECT_EQ(home0.ships(0).under(), 2u);
  EXPECT_TRUE(home0.ships(0).depleted());
  EXPECT_FALSE(home0.ships(0).grounded());
  EXPECT_TRUE(home0.ships(1).grounded());
  EXPECT_TRUE(home0.ships(1).shielded());
  ASSERT_EQ(home0.locations_size(), 1);
  EXPECT_EQ(home0.locations(0).copies(), "scordite");
  ASSERT_EQ(wire.seats(0).news_size(), 1);
  EXPECT_EQ(wire.seats(0).news(0).region(), "home1");
  ASSERT_EQ(wire.boosts_size(), 1);
  EXPECT_EQ(wire.boosts(0).seat(), 0u);
  EXPECT_EQ(wire.boosts(0).region(), "home0");
  EXPECT_EQ(wire.boosts(0).amount(), 1);
  const std::string bytes = wire.SerializeAsString();
  EXPECT_EQ(bytes.find("c5"), std::string::npos) << "a card under a ship is never named";
  EXPECT_EQ(bytes.find("veldspar"), std::string::npos) << "nor its card id";
}

TEST(EverZoneAdapter, CardsCarryTheirRefAndNameAndSecretsStayWithTheirSeat) {
  const auto view = first_view<everzone::EverZoneView>(
      entry("everzone"), 2, rules::Viewer::of_seat(1),
      [](const everzone::EverZoneView& v) { return !v.seats[0].active.empty() && v.seats[1].hand; });
  ASSERT_TRUE(view) << "no random game activated a unit";
  const auto wire = to_proto(*view);
  ASSERT_EQ(wire.seats_size(), 2);
  const auto& own = wire.seats(1);
  EXPECT_TRUE(own.hand_visible());
  ASSERT_EQ(own.hand_size(), static_cast<int>(view->seats[1].hand->size()));
  for (int i = 0; i < own.hand_size(); ++i) {  // the engine's structured entries, field by field
    const auto& card = own.hand(i);
    const auto& entry = view->seats[1].hand->at(static_cast<std::size_t>(i));
    EXPECT_EQ(card.ref().rfind('c', 0), 0u) << card.ref();
    EXPECT_FALSE(card.name().empty());
    EXPECT_FALSE(card.card_id().empty());
    EXPECT_EQ(card.ref(), entry.ref);
    EXPECT_EQ(card.name(), entry.name);
    EXPECT_EQ(card.card_id(), entry.card_id);
  }
  const auto& other = wire.seats(0);
  EXPECT_FALSE(other.hand_visible());
  EXPECT_FALSE(other.deployed_visible());
  EXPECT_FALSE(other.secret_visible());
  EXPECT_FALSE(other.deck_visible());
  ASSERT_EQ(other.active_size(), static_cast<int>(view->seats[0].active.size()));
  EXPECT_EQ(other.active(0).ref(), view->seats[0].active[0].ref);
  EXPECT_EQ(other.active(0).card_id(), view->seats[0].active[0].card_id);
  EXPECT_EQ(other.army().attack(), view->seats[0].army.attack);
  EXPECT_EQ(wire.location(), view->location);
}

TEST(EverZoneAdapter, AThreePlayerBattleCarriesItsArmiesAndRevealedTargets) {
  const auto view = first_view<everzone::EverZoneView>(
      entry("everzone"), 3, rules::Viewer::spectator(), [](const everzone::EverZoneView& v) {
        return !v.armies.empty() && !v.armies.front().attacks.empty();
      });
  ASSERT_TRUE(view) << "no three-player battle got past targeting";
  const auto wire = to_proto(*view);
  ASSERT_EQ(wire.seats_size(), 3);
  ASSERT_EQ(wire.armies_size(), static_cast<int>(view->armies.size()));
  for (std::size_t a = 0; a < view->armies.size(); ++a) {
    const auto& army = wire.armies(static_cast<int>(a));
    EXPECT_EQ(army.seats_size(), static_cast<int>(view->armies[a].seats.size()));
    EXPECT_EQ(army.attacks_size(), static_cast<int>(view->armies[a].attacks.size()));
    EXPECT_EQ(army.shared_limit(), view->armies[a].shared_limit);
    EXPECT_EQ(army.values().defense(), view->armies[a].values.defense);
  }
  for (int s = 0; s < 3; ++s) {
    EXPECT_EQ(wire.seats(s).target(), view->seats[static_cast<std::size_t>(s)].target);
    EXPECT_FALSE(wire.seats(s).secret_visible());
  }
}

TEST(EverZoneAdapter, EventDetailsCarryKindSeatCardsAndAmount) {
  everzone::EverZoneEvent event;
  event.kind = "units_destroyed";
  event.seat = 1;
  event.cards = {"c4", "c9"};
  event.amount = 3;
  event.seats = {1, 3};
  google::protobuf::Any any;
  EverZoneAdapter().encode_event(event, &any);
  v1::games::everzone::EzEvent wire;
  ASSERT_TRUE(any.UnpackTo(&wire));
  EXPECT_EQ(wire.kind(), "units_destroyed");
  EXPECT_EQ(wire.seat(), 1);
  ASSERT_EQ(wire.cards_size(), 2);
  EXPECT_EQ(wire.cards(1), "c9");
  EXPECT_EQ(wire.amount(), 3);
  ASSERT_EQ(wire.seats_size(), 2);
  EXPECT_EQ(wire.seats(1), 3);
}

}  // namespace
}  // namespace concord::server::games
