// The shipped games' wire adapters (server/games): every engine view field
// reaches the protobuf message, and what the engine withholds stays absent.
// Views come from real matches played by the random bot with fixed seeds.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "botplay/bot_play.hpp"
#include "concord/conquests/conquests_match.hpp"
#include "concord/conquests/position.hpp"
#include "concord/conquests/view.hpp"
#include "concord/eve/eve_view.hpp"
#include "concord/eve/position.hpp"
#include "concord/everzone/view.hpp"
#include "concord/server/shipped_games.hpp"
#include "conquests_adapter.hpp"
#include "eve_genesis_adapter.hpp"
#include "everzone_adapter.hpp"
#include "wire_convert.hpp"

namespace concord::server::games {
namespace {

const GameEntry& entry(const std::string& id) {
  static const GameCatalog catalog = shipped_games();
  return *catalog.find(id);
}

rules::MatchSetup setup_for(const GameEntry& game, int seats, std::uint64_t n) {
  rules::MatchSetup setup;
  for (const auto& spec : game.definition.options) setup.options[spec.name] = spec.default_value;
  for (int i = 0; i < seats; ++i) {
    if (game.starter_decks.empty()) {
      setup.seats.push_back({"bot", std::nullopt});  // a game without decks (EVE: Conquests)
    } else {
      setup.seats.push_back({"bot", game.starter_decks[static_cast<std::size_t>(i)]});
    }
  }
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

// Alliances: the room option, each seat's alliance and its (shared) home
// region reach the wire; the table shows allies side by side.
TEST(EveGenesisAdapter, AlliancesReachTheWire) {
  std::string error;
  const auto match = eve::load_position(R"(seats 4
turn 3
active 0
table 2 0 3 1
variants range=0 hunter=no destroying=no alliances=yes
seat 0 base=gallente_control_tower
seat 1 base=caldari_control_tower
seat 2 base=holder_tower
seat 3 base=minmatar_control_tower
ship home0 2 executioner#1
market 0 crokite
market 1 omber
market 2 omber
market 3 omber
)", &error);
  ASSERT_TRUE(match) << error;
  const auto view = match->view(rules::Viewer::spectator());
  const auto wire = to_proto(dynamic_cast<const eve::EveView&>(*view));
  EXPECT_TRUE(wire.alliances());
  ASSERT_EQ(wire.seats_size(), 4);
  EXPECT_EQ(wire.seats(2).alliance(), 0);
  EXPECT_EQ(wire.seats(3).alliance(), 1);
  EXPECT_EQ(wire.seats(2).home_region(), "home0");
  EXPECT_EQ(wire.seats(3).home_region(), "home1");
  ASSERT_EQ(wire.regions_size(), 2);  // one home region per alliance
  EXPECT_EQ(wire.regions(0).ships(0).ref(), "c1");
  ASSERT_EQ(wire.table_size(), 4);
  EXPECT_EQ(wire.table(0), 2u);
  EXPECT_EQ(wire.table(1), 0u);
}

// The markers of the last card texts (Blood Rogue, Reflection of Time, Forsaken
// Ruins) and the lingering effects (Depleted Resources, EMP Minefield, Ahremen
// Arkah, Field Supply Router: issue 12's one effect list) reach the wire; the
// cards under a ship are counted, never named.
TEST(EveGenesisAdapter, LingeringEffectsCopiesNamedRegionsAndCardsUnderAShipReachTheWire) {
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
scrapheap 1 depleted_resources#7
structure 1 emp_minefield#8
scrapheap 0 ahremen_arkah#9
structure 0 field_supply_router#10
market 0 crokite#11
market 1 omber#12
effect 1 c7 c1 cannot_execute=mine_minerals until=turn
effect 1 c8 c2 cannot_jump until=phase
effect 0 c9 c2 prevent_damage until=turn if=remote_region
effect 0 c10 home0 attack=1 until=turn
effect 0 c10 home0 shield=1 until=turn
)", &error);
  ASSERT_TRUE(match) << error;
  const auto view = match->view(rules::Viewer::of_seat(1));
  const auto wire = to_proto(dynamic_cast<const eve::EveView&>(*view));
  const auto& home0 = wire.regions(0);
  ASSERT_EQ(home0.ships_size(), 2);
  EXPECT_EQ(home0.ships(0).under(), 2u);
  EXPECT_EQ(home0.ships(0).attack(), 1 + 2 + 1) << "Velator 1, +1 per card under it, +1 boost";
  ASSERT_EQ(home0.locations_size(), 1);
  EXPECT_EQ(home0.locations(0).copies(), "scordite");
  ASSERT_EQ(wire.seats(0).news_size(), 1);
  EXPECT_EQ(wire.seats(0).news(0).region(), "home1");
  ASSERT_EQ(wire.effects_size(), 5);
  EXPECT_EQ(wire.effects(0).source(), "c7");
  EXPECT_EQ(wire.effects(0).source_name(), "Depleted Resources");
  EXPECT_EQ(wire.effects(0).card(), "c1");
  EXPECT_EQ(wire.effects(0).change(), "cannot_execute");
  EXPECT_EQ(wire.effects(0).order(), "mine_minerals");
  EXPECT_EQ(wire.effects(0).until(), "turn");
  EXPECT_EQ(wire.effects(1).change(), "cannot_jump");
  EXPECT_EQ(wire.effects(1).until(), "phase");
  EXPECT_EQ(wire.effects(2).change(), "prevent_damage");
  EXPECT_EQ(wire.effects(2).condition(), "remote_region");
  EXPECT_EQ(wire.effects(3).controller(), 0u);
  EXPECT_EQ(wire.effects(3).card(), "");
  EXPECT_EQ(wire.effects(3).region(), "home0");
  EXPECT_EQ(wire.effects(3).change(), "attack");
  EXPECT_EQ(wire.effects(3).amount(), 1);
  EXPECT_EQ(wire.effects(4).change(), "shield");
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

// encode_event writes the bytes itself: they must be protobuf's own, for
// every field empty, negative (seat -1: ten bytes) or set.
TEST(EverZoneAdapter, EventBytesAreWhatProtobufSerializes) {
  everzone::EverZoneEvent none;
  none.kind = "clash";
  everzone::EverZoneEvent all;
  all.kind = "attack";
  all.seat = 2;
  all.cards = {"c1", "", "c300"};
  all.amount = -4;
  all.seats = {0, 2, 200};
  for (const auto* event : {&none, &all}) {
    EXPECT_EQ(encode_wire(*event), to_proto(*event).SerializeAsString()) << event->kind;
    google::protobuf::Any any;
    EverZoneAdapter().encode_event(*event, &any);
    google::protobuf::Any packed;
    packed.PackFrom(to_proto(*event));
    EXPECT_EQ(any.SerializeAsString(), packed.SerializeAsString()) << event->kind;
  }
}


// Three random games (seeds ~0..~2) of every shipped game, with 2 seats, or
// 2, 3, 2 when `more_seats`, each step given to on_step(id, game, step).
template <typename OnStep>
void play_each_shipped_game(std::size_t max_commands, bool more_seats, OnStep on_step) {
  for (const char* id : {"eve_genesis", "everzone", "conquests"}) {
    const auto& game = entry(id);
    testsupport::BotPlayOptions options;
    options.hash_before = false;
    options.max_commands = max_commands;
    options.on_step = [&](const testsupport::BotStep& step) { on_step(std::string(id), game, step); };
    for (std::uint64_t n = 0; n < 3; ++n) {
      rules::Rng bot(testsupport::seed_from_number(~n));
      const int seats = more_seats ? 2 + static_cast<int>(n % 2) : 2;
      testsupport::play_random(game.definition, setup_for(game, seats, n), bot, options);
    }
  }
}

// A room serializes each event once (serialized_event, written field by
// field): the bytes are event_to_wire's GameEvent serialized by protobuf,
// for every event of random games of every shipped game, with and without
// detail (EVE's events have data but no detail: an empty Any is still sent).
TEST(WireConvert, SerializedEventsAreWhatProtobufSerializes) {
  std::map<std::string, std::size_t> events;
  play_each_shipped_game(3000, false, [&](const std::string& id, const GameEntry& game, const testsupport::BotStep& step) {
    for (const auto& event : step.outcome.events) {
      v1::GameEvent wire;
      event_to_wire(*game.adapter, event, &wire);
      ASSERT_EQ(serialized_event(*game.adapter, event), wire.SerializeAsString()) << id << " " << event.kind;
      ++events[id];
    }
  });
  for (const char* id : {"eve_genesis", "everzone", "conquests"}) EXPECT_GT(events[id], 100u) << id;
}

// A room writes each viewer's prompt field by field (append_prompt_field):
// the bytes are prompt_to_wire's Prompt serialized by protobuf as
// MatchUpdate.prompt, for every open prompt of every seat in random games of
// every shipped game, and for a prompt with the edge cases none of them has.
TEST(WireConvert, PromptFieldsAreWhatProtobufSerializes) {
  auto protobuf_bytes = [](const rules::Prompt& prompt) {
    v1::MatchUpdate update;
    prompt_to_wire(prompt, update.mutable_prompt());
    return update.SerializeAsString();
  };
  auto written = [](const rules::Prompt& prompt) {
    std::string out;
    append_prompt_field(out, v1::MatchUpdate::kPromptFieldNumber, prompt);
    return out;
  };
  std::map<std::string, std::size_t> prompts;
  play_each_shipped_game(2000, true, [&](const std::string& id, const GameEntry&, const testsupport::BotStep& step) {
    for (int seat = 0; seat < step.match.seat_count(); ++seat) {
      if (const auto prompt = step.match.prompt(seat)) {
        ASSERT_EQ(written(*prompt), protobuf_bytes(*prompt)) << id << " " << prompt->kind;
        ++prompts[id];
      }
    }
  });
  for (const char* id : {"eve_genesis", "everzone", "conquests"}) EXPECT_GT(prompts[id], 100u) << id;
  rules::Prompt edge;  // empty kind, no text, zero choices, a negative range, empty and long strings
  edge.min_choices = 0;
  edge.max_choices = 0;
  edge.options.push_back({"", std::string(300, 'x'), rules::ValueRange{-5, 0}});
  edge.options.push_back({"o", "", rules::ValueRange{0, 0}});
  edge.options.push_back({"p", "q", std::nullopt});
  edge.legal_sets = {{}, {"", "o"}, {std::string(200, 'y')}};
  EXPECT_EQ(written(edge), protobuf_bytes(edge));
  EXPECT_EQ(written(rules::Prompt{}), protobuf_bytes(rules::Prompt{})) << "an empty prompt is still sent";
}

// --- EVE: Conquests ---

// The saved position of the first state (random games, seeds 1..20) that `wanted` holds for.
template <typename Pred>
std::string first_conquests_position(int seats, Pred wanted) {
  const auto& game = entry("conquests");
  for (std::uint64_t n = 1; n <= 20; ++n) {
    std::string found;
    testsupport::BotPlayOptions options;
    options.hash_before = false;
    options.on_step = [&](const testsupport::BotStep& step) {
      if (!found.empty()) return;
      const auto& match = dynamic_cast<const conquests::ConquestsMatch&>(step.match);
      if (wanted(match.state())) found = conquests::save_position(match);
    };
    rules::Rng bot(testsupport::seed_from_number(~n));
    testsupport::play_random(game.definition, setup_for(game, seats, n), bot, options);
    if (!found.empty()) return found;
  }
  return {};
}

std::unique_ptr<conquests::ConquestsMatch> load(const std::string& position) {
  std::string error;
  auto match = conquests::load_position(position, &error);
  EXPECT_TRUE(match) << error << "\n" << position;
  return match;
}

v1::games::conquests::CqView wire_view(const conquests::ConquestsMatch& match, const rules::Viewer& viewer) {
  const auto view = match.view(viewer);
  return to_proto(dynamic_cast<const conquests::ConquestsView&>(*view));
}

// The bytes a viewer receives in MatchUpdate.view (what the adapter packs).
std::string view_bytes(const conquests::ConquestsMatch& match, const rules::Viewer& viewer) {
  google::protobuf::Any any;
  ConquestsAdapter().encode_view(*match.view(viewer), &any);
  return any.SerializeAsString();
}

TEST(ConquestsAdapter, TheBoardCalendarAndEmpireCardsReachTheWireFieldByField) {
  const auto position = first_conquests_position(3, [](const conquests::GameState& s) {
    return s.pending == conquests::Pending::Turn && !s.seats[0].hand.empty() && !s.seats[1].hand.empty();
  });
  ASSERT_FALSE(position.empty()) << "no random game reached a turn with cards in hand";
  const auto match = load(position);
  ASSERT_TRUE(match);
  const auto view = conquests::project_view(match->state(), rules::Viewer::of_seat(0));
  const auto wire = to_proto(*view);
  EXPECT_EQ(wire.players(), 3u);
  EXPECT_EQ(wire.pending(), "turn");
  EXPECT_EQ(wire.pending_seat(), view->pending_seat);
  EXPECT_EQ(wire.month(), view->month);
  EXPECT_EQ(wire.end_condition(), view->end_condition);
  EXPECT_EQ(wire.eve_marker(), view->eve_marker);
  ASSERT_EQ(wire.regions_size(), 63) << "three players use every region";
  for (std::size_t r = 0; r < view->regions.size(); ++r) {
    const auto& region = wire.regions(static_cast<int>(r));
    const auto& engine = view->regions[r];
    EXPECT_EQ(region.key(), engine.key);
    EXPECT_EQ(region.name(), engine.name);
    EXPECT_EQ(region.colour(), engine.colour);
    EXPECT_EQ(region.nebula(), engine.nebula);
    EXPECT_EQ(region.gates_size(), static_cast<int>(engine.gates.size()));
    EXPECT_EQ(region.owner(), engine.owner);
    EXPECT_EQ(region.units(), engine.units);
    EXPECT_EQ(region.agents_size(), static_cast<int>(engine.agents.size()));
    EXPECT_EQ(region.headquarters(), engine.hq);
    EXPECT_EQ(region.outpost(), engine.outpost);
    EXPECT_EQ(region.marker(), engine.marker);
  }
  ASSERT_EQ(wire.squares_size(), 9);
  EXPECT_EQ(wire.squares(4).nebula(), "azure");
  EXPECT_EQ(wire.squares(4).letter(), "B");
  for (int sq = 0; sq < 9; ++sq) {
    EXPECT_EQ(wire.squares(sq).cards(), static_cast<std::uint32_t>(view->square_counts[static_cast<std::size_t>(sq)]));
    EXPECT_EQ(wire.squares(sq).face_up(), view->face_up[static_cast<std::size_t>(sq)]);
  }
  ASSERT_EQ(wire.seals_size(), static_cast<int>(view->seals.size()));
  EXPECT_GE(wire.seals_size(), 9) << "three Seals per player";
  for (std::size_t i = 0; i < view->seals.size(); ++i) {
    EXPECT_EQ(wire.seals(static_cast<int>(i)).seat(), view->seals[i].seat);
    EXPECT_EQ(wire.seals(static_cast<int>(i)).kind(), view->seals[i].kind);
    EXPECT_EQ(wire.seals(static_cast<int>(i)).month(), view->seals[i].month);
  }
  ASSERT_EQ(wire.seats_size(), 3);
  for (int s = 0; s < 3; ++s) {
    const auto& seat = wire.seats(s);
    const auto& engine = view->seats[static_cast<std::size_t>(s)];
    EXPECT_EQ(seat.victory_points(), engine.victory_points);
    ASSERT_EQ(seat.schedule_size(), 3);
    ASSERT_EQ(seat.reserves_size(), 3);
    for (int k = 0; k < 3; ++k) {
      EXPECT_EQ(seat.schedule(k), engine.schedule[static_cast<std::size_t>(k)]);
      EXPECT_EQ(seat.reserves(k), engine.reserves[static_cast<std::size_t>(k)]);
    }
    EXPECT_EQ(seat.hand_count(), static_cast<std::uint32_t>(engine.hand_count));
    EXPECT_EQ(seat.units_in_supply(), engine.units_in_supply);
    EXPECT_EQ(seat.region_cards_size(), static_cast<int>(engine.region_cards.size()));
    EXPECT_EQ(seat.in_play_size(), static_cast<int>(engine.in_play.size()));
  }
  const auto& own = wire.seats(0);
  EXPECT_TRUE(own.hand_visible());
  ASSERT_EQ(own.hand_size(), static_cast<int>(view->seats[0].hand->size()));
  for (int i = 0; i < own.hand_size(); ++i) {
    EXPECT_EQ(own.hand(i).ref(), view->seats[0].hand->at(static_cast<std::size_t>(i)).ref);
    EXPECT_EQ(own.hand(i).card_id(), view->seats[0].hand->at(static_cast<std::size_t>(i)).id);
    EXPECT_EQ(own.hand(i).name(), view->seats[0].hand->at(static_cast<std::size_t>(i)).name);
  }
  EXPECT_FALSE(wire.seats(1).hand_visible());
  EXPECT_EQ(wire.seats(1).hand_size(), 0);
  EXPECT_GT(wire.seats(1).hand_count(), 0u);
  ASSERT_EQ(wire.deck_counts_size(), 3);
  EXPECT_FALSE(wire.in_battle());
}

TEST(ConquestsAdapter, TwoPlayersSeeOnlyTheGreenAndBlueRegions) {
  const auto position = first_conquests_position(2, [](const conquests::GameState& s) {
    return s.pending == conquests::Pending::Turn;
  });
  ASSERT_FALSE(position.empty());
  const auto match = load(position);
  ASSERT_TRUE(match);
  const auto wire = wire_view(*match, rules::Viewer::spectator());
  EXPECT_EQ(wire.regions_size(), 36) << "18 green and 18 blue regions";
  for (const auto& region : wire.regions()) {
    EXPECT_TRUE(region.colour() == "green" || region.colour() == "blue") << region.key();
    for (const auto& gate : region.gates()) {
      bool listed = false;
      for (const auto& other : wire.regions()) listed = listed || other.key() == gate;
      EXPECT_TRUE(listed) << region.key() << " has a gate to " << gate << ", a region not in use";
    }
  }
  for (const auto& seat : wire.seats()) {
    EXPECT_FALSE(seat.hand_visible());
    EXPECT_EQ(seat.hand_size(), 0);
  }
}

// The battle side that has chosen while the other has not (-1 if none).
int sealed_side(const conquests::GameState& s) {
  if (!s.battle || s.pending == conquests::Pending::Tactics) return -1;
  const auto& b = *s.battle;
  if (b.choice[0].has_value() == b.choice[1].has_value()) return -1;
  return b.choice[0] ? 0 : 1;
}

// The position with `side`'s sealed dice choice replaced by another one of the
// same battle (0:0:0, or one damage die if it was 0:0:0).
std::string with_other_choice(const std::string& position, int side) {
  const std::regex line("battle_side " + std::to_string(side) + " choice=(\\d+):(\\d+):(\\d+)");
  std::smatch m;
  EXPECT_TRUE(std::regex_search(position, m, line)) << position;
  const bool empty = m[1] == "0" && m[2] == "0" && m[3] == "0";
  return std::regex_replace(position, line, "battle_side " + std::to_string(side) + (empty ? " choice=1:0:0" : " choice=0:0:0"),
                            std::regex_constants::format_first_only);
}

// Byte level: while one side's dice are sealed, what the other side, a third
// player and a spectator receive is the same byte for byte whichever dice were
// chosen; only the chooser (and judges) see the difference.
TEST(ConquestsAdapter, ASealedDiceChoiceChangesNoByteThatAnyoneButItsOwnerReceives) {
  const auto position = first_conquests_position(3, [](const conquests::GameState& s) {
    if (sealed_side(s) < 0) return false;
    const auto& b = *s.battle;
    const auto& d = b.choice[static_cast<std::size_t>(sealed_side(s))]->count;
    return d[0] + d[1] + d[2] > 0 || b.advantage < 0;
  });
  ASSERT_FALSE(position.empty()) << "no random game sealed a dice choice";
  const auto match = load(position);
  ASSERT_TRUE(match);
  const int side = sealed_side(match->state());
  const auto other_position = with_other_choice(position, side);
  const auto other = load(other_position);
  ASSERT_TRUE(other);
  ASSERT_NE(match->state_hash(), other->state_hash()) << "the two positions differ in the sealed choice";
  const auto& b = *match->state().battle;
  const int chooser = b.seat[static_cast<std::size_t>(side)];
  const int opponent = b.seat[static_cast<std::size_t>(1 - side)];
  int third = 0;
  while (third == chooser || third == opponent) ++third;
  for (const auto& viewer : {rules::Viewer::of_seat(opponent), rules::Viewer::of_seat(third), rules::Viewer::spectator()}) {
    EXPECT_EQ(view_bytes(*match, viewer), view_bytes(*other, viewer))
        << "viewer " << viewer.seat << " learns something of seat " << chooser << "'s sealed dice";
    const auto wire = wire_view(*match, viewer);
    ASSERT_TRUE(wire.in_battle());
    EXPECT_TRUE(wire.battle().sides(side).chosen());
    EXPECT_FALSE(wire.battle().sides(side).choice_visible());
    EXPECT_FALSE(wire.battle().sides(side).has_choice());
    EXPECT_FALSE(wire.battle().sides(side).rolled_visible());
  }
  EXPECT_NE(view_bytes(*match, rules::Viewer::of_seat(chooser)), view_bytes(*other, rules::Viewer::of_seat(chooser)));
  const auto own = wire_view(*match, rules::Viewer::of_seat(chooser));
  EXPECT_TRUE(own.battle().sides(side).choice_visible());
  const auto& d = b.choice[static_cast<std::size_t>(side)]->count;
  EXPECT_EQ(own.battle().sides(side).choice().damage(), d[0]);
  EXPECT_EQ(own.battle().sides(side).choice().shield(), d[1]);
  EXPECT_EQ(own.battle().sides(side).choice().tactics(), d[2]);
}

// The agent question: once asked, the answer reaches the two battle seats; a
// third player and a spectator get the same bytes whatever the answer is.
TEST(ConquestsAdapter, TheAnswerToTheAgentQuestionReachesOnlyTheTwoBattleSeatsBeforeTheRoll) {
  const auto position = first_conquests_position(3, [](const conquests::GameState& s) {
    return sealed_side(s) >= 0 && s.battle->question >= 0 &&
           s.battle->choice[static_cast<std::size_t>(sealed_side(s))]->count[static_cast<std::size_t>(s.battle->question)] > 0;
  });
  ASSERT_FALSE(position.empty()) << "no random game asked a question with a non-zero answer";
  const auto match = load(position);
  ASSERT_TRUE(match);
  const int side = sealed_side(match->state());
  const auto other = load(with_other_choice(position, side));
  ASSERT_TRUE(other);
  const auto& b = *match->state().battle;
  const int chooser = b.seat[static_cast<std::size_t>(side)];
  const int asker = b.seat[static_cast<std::size_t>(1 - side)];
  int third = 0;
  while (third == chooser || third == asker) ++third;
  for (const auto& viewer : {rules::Viewer::of_seat(third), rules::Viewer::spectator()}) {
    EXPECT_EQ(view_bytes(*match, viewer), view_bytes(*other, viewer)) << "viewer " << viewer.seat;
    const auto wire = wire_view(*match, viewer);
    EXPECT_FALSE(wire.battle().answer_visible());
    EXPECT_EQ(wire.battle().answer(), 0);
    EXPECT_FALSE(wire.battle().question().empty()) << "that a question was asked is public";
  }
  const auto asked = wire_view(*match, rules::Viewer::of_seat(asker));
  EXPECT_TRUE(asked.battle().answer_visible());
  EXPECT_EQ(asked.battle().answer(),
            b.choice[static_cast<std::size_t>(side)]->count[static_cast<std::size_t>(b.question)]);
  EXPECT_FALSE(asked.battle().sides(side).choice_visible()) << "the asker learns one count, not the choice";
}

TEST(ConquestsAdapter, EventDetailsCarryKindSeatAmountRegionOtherSeatAndWhat) {
  conquests::ConquestsEvent event;
  event.kind = "attack";
  event.seat = 2;
  event.amount = 4;
  event.region = "omist";
  event.other_seat = 0;
  event.what = "logistics";
  google::protobuf::Any any;
  ConquestsAdapter().encode_event(event, &any);
  v1::games::conquests::CqEvent wire;
  ASSERT_TRUE(any.UnpackTo(&wire));
  EXPECT_EQ(wire.kind(), "attack");
  EXPECT_EQ(wire.seat(), 2);
  EXPECT_EQ(wire.amount(), 4);
  EXPECT_EQ(wire.region(), "omist");
  EXPECT_EQ(wire.other_seat(), 0);
  EXPECT_EQ(wire.what(), "logistics");
}

TEST(ConquestsAdapter, TheCatalogOffersTwoToFourPlayersWithTheEndConditionLengthAndImpendingDoom) {
  const auto& def = entry("conquests").definition;
  EXPECT_FALSE(def.needs_deck);
  EXPECT_EQ(def.accepted_seat_counts(), (std::vector<int>{2, 3, 4}));
  for (int seats : {2, 3, 4}) {
    std::vector<std::string> names;
    for (const auto& spec : def.options_for(seats)) names.push_back(spec.name);
    EXPECT_EQ(names, (std::vector<std::string>{"end_condition", "length", "impending_doom"}));
  }
  EXPECT_NE(def.options_for(3)[1].description.find("20/25/30"), std::string::npos) << def.options_for(3)[1].description;
  EXPECT_NE(def.options_for(2)[1].description.find("10/15/20"), std::string::npos);
  EXPECT_NE(def.options_for(4)[1].description.find("15/20/25"), std::string::npos);
}

}  // namespace
}  // namespace concord::server::games
