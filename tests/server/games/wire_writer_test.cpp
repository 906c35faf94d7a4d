// The adapters write views straight as wire bytes (server/games/wire_writer.hpp):
// in seeded random-bot games, for every viewer at every accepted command, those
// bytes equal the serialization of the protobuf message the adapter fills
// (to_proto), so a client parses exactly the message it always got.
#include <google/protobuf/type.pb.h>
#include <gtest/gtest.h>

#include <set>

#include "botplay/bot_play.hpp"
#include "concord/eve/eve_match.hpp"
#include "concord/everzone/everzone_match.hpp"
#include "concord/everzone/position.hpp"
#include "shipped_game_setup.hpp"
#include "eve_genesis_adapter.hpp"
#include "everzone_adapter.hpp"
#include "wire_writer.hpp"

namespace concord::server::games {
namespace {

using setups::seeded_setup;

// Plays `games` games and compares, for each viewer, encode_wire with to_proto
// (after each of the first `max_compared` commands of a game; 0 = every one).
template <typename ViewT>
void check_games(const std::string& id, int seats, int games, const rules::OptionValues& options = {},
                 std::size_t max_compared = 0) {
  const auto& game = setups::shipped(id);
  for (int n = 0; n < games; ++n) {
    std::vector<rules::Viewer> viewers{rules::Viewer::spectator(), rules::Viewer::judge()};
    for (int s = 0; s < seats; ++s) viewers.push_back(rules::Viewer::of_seat(s));
    std::size_t compared = 0;
    bool ok = true;
    testsupport::BotPlayOptions play;
    play.hash_before = false;
    play.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted || !ok || (max_compared > 0 && compared >= max_compared)) return;
      for (const auto& viewer : viewers) {
        const auto view = step.match.view(viewer);
        const auto& typed = dynamic_cast<const ViewT&>(*view);
        ok = encode_wire(typed) == to_proto(typed).SerializeAsString();
        ASSERT_TRUE(ok) << id << " game " << n << " command " << compared << "\n" << view->to_text();
        google::protobuf::Any packed;
        game.adapter->encode_view(*view, &packed);
        ok = packed.value() == encode_wire(typed) && packed.Is<decltype(to_proto(typed))>();
        ASSERT_TRUE(ok);
      }
      ++compared;
    };
    rules::Rng bot(testsupport::seed_from_number(~static_cast<std::uint64_t>(n)));
    auto setup = seeded_setup(game, seats, static_cast<std::uint64_t>(n));
    for (const auto& [name, value] : options) setup.options[name] = value;
    testsupport::play_random(game.definition, setup, bot, play);
    ASSERT_TRUE(ok);
    ASSERT_GT(compared, 0u);
  }
}

TEST(WireWriter, EveGenesisViewsEqualTheirProtobufSerialization) {
  check_games<eve::EveView>("eve_genesis", 2, testsupport::bot_game_count(20, 2));
}

// Four seats: the multiplayer variants' fields (table, prey, attached) and
// Alliances' (alliance, home_region, alliances) reach the wire.
// Four-seat games are long: the first 400 commands of each (150 sanitized).
TEST(WireWriter, EveGenesisVariantAndAllianceViewsEqualTheirProtobufSerialization) {
  const auto commands = static_cast<std::size_t>(testsupport::bot_game_count(400, 150));
  check_games<eve::EveView>("eve_genesis", 4, testsupport::bot_game_count(2, 1),
                            {{"hunter_and_prey", "true"}, {"destroying_prey", "true"}, {"range", "2"}}, commands);
  check_games<eve::EveView>("eve_genesis", 4, testsupport::bot_game_count(2, 1), {{"alliances", "true"}}, commands);
}

TEST(WireWriter, EverZoneViewsEqualTheirProtobufSerialization) {
  for (int seats = 2; seats <= 4; ++seats) check_games<everzone::EverZoneView>("everzone", seats, testsupport::bot_game_count(50, 4));
}

// GameAdapter::encode_views (what a room sends after a command, projected
// together): for every viewer, the same Any as encode_view of its own view.
// Both games write the public part once (EverZoneMatch::views,
// EveMatch::views); with a judge among the viewers, each view is projected
// on its own. One view memo (GameAdapter::new_view_memo) serves every
// command of every game in turn, as a room's serves its matches: what it
// keeps from earlier commands, and from other matches, never shows; nor what
// it kept for another list of viewers (the same viewers in reverse order).
void check_views_together(const std::string& id, int seats, int games, const rules::OptionValues& options = {},
                          std::size_t max_compared = 0) {
  const auto& game = setups::shipped(id);
  const auto memo = game.adapter->new_view_memo();
  for (int n = 0; n < games; ++n) {
    std::vector<rules::Viewer> viewers{rules::Viewer::spectator()};
    for (int s = seats - 1; s >= 0; --s) viewers.push_back(rules::Viewer::of_seat(s));
    std::vector<rules::Viewer> reversed(viewers.rbegin(), viewers.rend());
    auto with_judge = viewers;
    with_judge.insert(with_judge.begin() + 1, rules::Viewer::judge());
    std::size_t compared = 0;
    testsupport::BotPlayOptions play;
    play.hash_before = false;
    play.on_step = [&](const testsupport::BotStep& step) {
      if (!step.outcome.accepted || ::testing::Test::HasFailure()) return;
      if (max_compared > 0 && compared >= max_compared) return;
      for (const auto* list : {&viewers, &reversed, &with_judge}) {
        const auto together = game.adapter->encode_views(step.match, *list, memo.get());
        ASSERT_EQ(together.size(), list->size());
        for (std::size_t i = 0; i < list->size(); ++i) {
          google::protobuf::Any alone;
          game.adapter->encode_view(*step.match.view((*list)[i]), &alone);
          ASSERT_EQ(together[i].type_url(), alone.type_url());
          ASSERT_EQ(together[i].value(), alone.value())
              << id << " game " << n << " command " << compared << " viewer " << i << "\n"
              << step.match.view((*list)[i])->to_text();
        }
      }
      if (const auto* ez = dynamic_cast<const everzone::EverZoneMatch*>(&step.match)) {
        const auto parts = ez->views(viewers);
        for (std::size_t i = 0; i < viewers.size(); ++i) {
          ASSERT_EQ(parts.view_of(i, viewers[i]).to_text(), step.match.view(viewers[i])->to_text());
        }
      }
      if (const auto* em = dynamic_cast<const eve::EveMatch*>(&step.match)) {
        const auto parts = em->views(viewers);
        for (std::size_t i = 0; i < viewers.size(); ++i) {
          ASSERT_EQ(parts.view_of(i, viewers[i]).to_text(), step.match.view(viewers[i])->to_text());
        }
      }
      ++compared;
    };
    rules::Rng bot(testsupport::seed_from_number(~static_cast<std::uint64_t>(n)));
    auto setup = seeded_setup(game, seats, static_cast<std::uint64_t>(n));
    for (const auto& [name, value] : options) setup.options[name] = value;
    testsupport::play_random(game.definition, setup, bot, play);
    ASSERT_GT(compared, 0u);
  }
}

TEST(EncodeViews, EverZoneViewsProjectedTogetherEqualEachViewAloneFor2To4Seats) {
  for (int seats = 2; seats <= 4; ++seats) check_views_together("everzone", seats, testsupport::bot_game_count(40, 4));
}

TEST(EncodeViews, EveGenesisViewsProjectedTogetherEqualEachViewAlone) {
  check_views_together("eve_genesis", 2, testsupport::bot_game_count(4, 1));
  const auto commands = static_cast<std::size_t>(testsupport::bot_game_count(400, 100));
  check_views_together("eve_genesis", 4, 1, {{"hunter_and_prey", "true"}, {"destroying_prey", "true"}}, commands);
  check_views_together("eve_genesis", 4, 1, {{"alliances", "true"}}, commands);
}

// Lasting effects differ per viewer when a card is hidden: an effect of a
// card in seat 0's hand is in seat 0's view only, and so are the cards in
// its hand that an effect affects.
TEST(EncodeViews, EverZoneLastingEffectsOfHiddenCardsStayPerViewer) {
  const auto& db = everzone::CardDb::builtin();
  auto parsed = everzone::parse_position(db,
      "location earth turn 1\nphase support\n"
      "seat 0\nactive numen_sentinel\nhand meraud\neffect c1 defense 2 source c0\n"
      "seat 1\nactive ciel utron_bastion\nhand numen_warden\n"
      "effect c2 defense -2 source c3\neffect c2 defense 1 source c4\n");
  ASSERT_TRUE(parsed.state) << parsed.error;
  const everzone::EverZoneMatch match(db, std::move(*parsed.state), false);
  const std::vector<rules::Viewer> viewers{rules::Viewer::of_seat(1), rules::Viewer::spectator(),
                                           rules::Viewer::of_seat(0)};
  const auto together = setups::shipped("everzone").adapter->encode_views(match, viewers);
  std::set<std::string> distinct;
  for (std::size_t i = 0; i < viewers.size(); ++i) {
    google::protobuf::Any alone;
    setups::shipped("everzone").adapter->encode_view(*match.view(viewers[i]), &alone);
    EXPECT_EQ(together[i].value(), alone.value()) << "viewer " << i;
    distinct.insert(alone.value());
  }
  EXPECT_EQ(distinct.size(), 3u);
}

// Lasting effects (EzView.lingering): a suspended one with a negative amount,
// an active marker with no public card; both encoders agree, fields round-trip.
TEST(WireWriter, EverZoneLingeringEffectsEqualTheirProtobufSerialization) {
  everzone::EverZoneView view;
  view.phase = "support";
  view.lingering.push_back({{"c2", "ciel", "Ciel"}, 1, {{"c3", "utron_bastion", "Utron Bastion"}}, "defense", -2,
                            "source", false});
  view.lingering.push_back({{"c4", "xenogray", "Xenogray"}, 0, {}, "out_of_army", 0, "turn", true});
  const auto proto = to_proto(view);
  EXPECT_EQ(encode_wire(view), proto.SerializeAsString());
  ASSERT_EQ(proto.lingering_size(), 2);
  EXPECT_EQ(proto.lingering(0).source().card_id(), "ciel");
  EXPECT_EQ(proto.lingering(0).cards(0).ref(), "c3");
  EXPECT_EQ(proto.lingering(0).amount(), -2);
  EXPECT_FALSE(proto.lingering(0).active());
  EXPECT_EQ(proto.lingering(1).change(), "out_of_army");
  EXPECT_EQ(proto.lingering(1).lasts(), "turn");
}

TEST(WireWriter, WritesProto3Encodings) {
  std::string bytes;
  WireWriter w(bytes);
  w.u64(1, 0);            // default: skipped
  w.i64(2, -1);           // int32 -1: ten-byte sign-extended varint
  w.boolean(3, true);
  w.str(4, "");           // default: skipped
  w.element(5, "");       // repeated element: kept
  w.packed(6, std::vector<int>{1, 300});
  const auto at = w.begin(7);
  w.u64(1, 150);
  w.end(at);
  const std::string expected{"\x10\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01\x18\x01\x2a\x00\x32\x03\x01\xac\x02\x3a\x03\x08\x96\x01", 25};
  EXPECT_EQ(bytes, expected);
}

// begin() leaves one byte for a submessage's length; end() widens it for
// 128 bytes and more. Nested submessages of every length around the varint
// boundaries (127/128, 16383/16384) serialize as protobuf does: a Type with
// one Option whose Any value holds `length` bytes, then Type.syntax.
TEST(WireWriter, SubmessageLengthsAcrossVarintBoundariesEqualProtobufs) {
  for (std::size_t length : {0u, 1u, 120u, 121u, 122u, 123u, 124u, 125u, 126u, 127u, 128u, 300u, 16370u, 16374u,
                             16377u, 16378u, 16379u, 16380u, 16384u, 20000u}) {
    google::protobuf::Type type;
    auto* option = type.add_options();
    option->set_name("n");
    option->mutable_value()->set_value(std::string(length, 'x'));
    type.set_syntax(google::protobuf::SYNTAX_PROTO3);

    std::string bytes;
    WireWriter w(bytes);
    const auto outer = w.begin(4);  // Type.options
    w.str(1, "n");                  // Option.name
    const auto inner = w.begin(2);  // Option.value (Any)
    w.str(2, std::string(length, 'x'));
    w.end(inner);
    w.end(outer);
    w.u64(6, 1);  // Type.syntax
    EXPECT_EQ(bytes, type.SerializeAsString()) << "length " << length;
  }
}

}  // namespace
}  // namespace concord::server::games
