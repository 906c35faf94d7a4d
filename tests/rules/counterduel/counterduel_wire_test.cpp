// Counter Duel's wire adapter: views and events convert field by field, and a
// seat's view on the wire carries only its own secret.
#include <gtest/gtest.h>

#include "botplay/bot_play.hpp"
#include "counterduel/counterduel_adapter.hpp"

namespace concord::counterduel {
namespace {

std::unique_ptr<rules::Match> started_match() {
  rules::MatchSetup setup;
  setup.seats = {{"ann", std::nullopt}, {"bob", std::nullopt}};
  setup.seed = testsupport::seed_from_number(3);
  auto m = counterduel_definition().create(setup);
  m->submit(0, rules::Answer{{rules::Choice{"add", 2}}});
  return m;
}

TEST(CounterDuelWire, SeatViewCarriesOnlyItsOwnSecret) {
  const auto m = started_match();
  const CounterDuelAdapter adapter;
  google::protobuf::Any judge_any;
  adapter.encode_view(*m->view(rules::Viewer::judge()), &judge_any);
  test::v1::CounterDuelView all;
  ASSERT_TRUE(judge_any.UnpackTo(&all));
  ASSERT_EQ(all.seats_size(), 2);
  google::protobuf::Any seat_any;
  adapter.encode_view(*m->view(rules::Viewer::of_seat(1)), &seat_any);
  test::v1::CounterDuelView seat1;
  ASSERT_TRUE(seat_any.UnpackTo(&seat1));
  EXPECT_EQ(seat1.total(), 2u);
  EXPECT_EQ(seat1.moves(), 1u);
  EXPECT_EQ(seat1.active_seat(), 1);
  EXPECT_FALSE(seat1.seats(0).secret_visible());
  EXPECT_EQ(seat1.seats(0).secret(), 0);
  EXPECT_TRUE(seat1.seats(1).secret_visible());
  EXPECT_EQ(seat1.seats(1).secret(), all.seats(1).secret());
  // The other seat's secret appears nowhere in the serialized bytes.
  const std::string bytes = seat_any.value();
  test::v1::CounterDuelSeat probe;
  probe.set_secret(all.seats(0).secret());
  const std::string secret_bytes = probe.SerializeAsString();
  EXPECT_EQ(bytes.find(secret_bytes), std::string::npos);
}

TEST(CounterDuelWire, EventsConvertFieldByField) {
  CounterDuelEvent e;
  e.kind = CounterDuelEvent::Kind::MatchEnded;
  e.total = 101;
  e.winner = 1;
  e.reason = "target_reached";
  google::protobuf::Any any;
  CounterDuelAdapter{}.encode_event(e, &any);
  test::v1::CounterDuelEvent out;
  ASSERT_TRUE(any.UnpackTo(&out));
  EXPECT_EQ(out.kind(), test::v1::CounterDuelEvent::MATCH_ENDED);
  EXPECT_EQ(out.total(), 101u);
  EXPECT_EQ(out.winner(), 1);
  EXPECT_EQ(out.reason(), "target_reached");
}

// The adapter writes the wire bytes itself; they must be what protobuf gives
// for the same message (to_proto), for every viewer after every command and
// for every event, over random games with concessions.
TEST(CounterDuelWire, WrittenBytesEqualTheProtobufSerializationOverRandomGames) {
  const CounterDuelAdapter adapter;
  const std::vector<rules::Viewer> viewers = {rules::Viewer::of_seat(0), rules::Viewer::of_seat(1),
                                              rules::Viewer::spectator(), rules::Viewer::judge()};
  int views = 0, events = 0;
  for (std::uint64_t n = 0; n < 40; ++n) {
    rules::MatchSetup setup;
    setup.seats = {{"ann", std::nullopt}, {"bob", std::nullopt}};
    setup.seed = testsupport::seed_from_number(n);
    rules::Rng bot(testsupport::seed_from_number(~n));
    testsupport::BotPlayOptions options;
    options.concede_one_in = 60;
    google::protobuf::Any any;  // reused, as a room reuses its views
    options.on_step = [&](const testsupport::BotStep& step) {
      for (const auto& viewer : viewers) {
        const auto view = step.match.view(viewer);
        adapter.encode_view(*view, &any);
        const auto& typed = dynamic_cast<const CounterDuelView&>(*view);
        ASSERT_EQ(any.value(), to_proto(typed).SerializeAsString()) << "game " << n;
        test::v1::CounterDuelView parsed;
        ASSERT_TRUE(any.UnpackTo(&parsed));
        ++views;
      }
      for (const auto& event : step.outcome.events) {
        ASSERT_NE(event.data, nullptr);
        adapter.encode_event(*event.data, &any);
        const auto& typed = dynamic_cast<const CounterDuelEvent&>(*event.data);
        ASSERT_EQ(any.value(), to_proto(typed).SerializeAsString()) << "game " << n;
        test::v1::CounterDuelEvent parsed;
        ASSERT_TRUE(any.UnpackTo(&parsed));
        ++events;
      }
    };
    const auto played = testsupport::play_random(counterduel_definition(), setup, bot, options);
    ASSERT_TRUE(played.match && played.match->finished()) << "game " << n;
  }
  EXPECT_GT(views, 1000);
  EXPECT_GT(events, 1000);
}

// Every turn offers the same prompt: the seat to move gets the one shared
// prompt, equal to prompt(); the other seat and a finished match get none.
TEST(CounterDuelWire, TheSeatToMoveSharesTheOnePrompt) {
  const auto m = started_match();
  EXPECT_EQ(m->shared_prompt(0), nullptr);
  const auto shared = m->shared_prompt(1);
  ASSERT_NE(shared, nullptr);
  EXPECT_EQ(shared->kind, m->prompt(1)->kind);
  EXPECT_EQ(shared->options.size(), m->prompt(1)->options.size());
  m->submit(1, rules::Answer{{rules::Choice{"add", 3}}});
  EXPECT_EQ(m->shared_prompt(0), shared);
  m->concede(0);
  EXPECT_EQ(m->shared_prompt(0), nullptr);
  EXPECT_EQ(m->shared_prompt(1), nullptr);
}

}  // namespace
}  // namespace concord::counterduel
