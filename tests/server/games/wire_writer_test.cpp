// The adapters write views straight as wire bytes (server/games/wire_writer.hpp):
// in seeded random-bot games, for every viewer at every accepted command, those
// bytes equal the serialization of the protobuf message the adapter fills
// (to_proto), so a client parses exactly the message it always got.
#include <google/protobuf/type.pb.h>
#include <gtest/gtest.h>

#include "botplay/bot_play.hpp"
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
