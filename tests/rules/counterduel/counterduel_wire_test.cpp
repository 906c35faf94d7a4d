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

}  // namespace
}  // namespace concord::counterduel
