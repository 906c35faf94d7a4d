// High Card Duel wire adapter: views and events survive the trip through
// concord.test.v1 messages packed in Any, with visibility preserved.
#include "highcard_test_util.hpp"
#include "testgame/highcard_adapter.hpp"

namespace concord::testgame {
namespace {

using namespace testing;
using rules::Viewer;
namespace pb = concord::test::v1;

TEST(HighCardWire, ViewPacksIntoAny) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  HighCardAdapter adapter;
  google::protobuf::Any any;
  adapter.encode_view(*m->view(Viewer::of_seat(0)), &any);
  pb::HighCardView view;
  ASSERT_TRUE(any.UnpackTo(&view));
  EXPECT_EQ(any.type_url(), "type.googleapis.com/concord.test.v1.HighCardView");
  EXPECT_EQ(view.round(), 1u);
  EXPECT_EQ(view.rounds(), 3u);
  EXPECT_EQ(view.active_seat(), 0);
  ASSERT_EQ(view.seats_size(), 2);
  EXPECT_TRUE(view.seats(0).hand_visible());
  EXPECT_EQ(view.seats(0).hand_size(), 3);
  EXPECT_EQ(view.seats(0).hand(0), hand_of(*m, 0)[0]);
  EXPECT_FALSE(view.seats(1).hand_visible());
  EXPECT_EQ(view.seats(1).hand_size(), 0);
  EXPECT_EQ(view.seats(1).hand_count(), 3u);
  EXPECT_FALSE(view.seats(1).deck_visible());
}

TEST(HighCardWire, JudgeViewCarriesDecks) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const auto view = to_proto(*view_of(*m, Viewer::judge()));
  EXPECT_TRUE(view.seats(1).hand_visible());
  EXPECT_TRUE(view.seats(1).deck_visible());
  EXPECT_EQ(view.seats(1).deck_size(), 7);
}

TEST(HighCardWire, EventsPackIntoAny) {
  const auto m = create(setup_of({high_deck(), low_deck()}, 1));
  m->submit(0, play(hand_of(*m, 0).front(), 2));
  const auto o = m->submit(1, play(hand_of(*m, 1).front()));
  HighCardAdapter adapter;
  google::protobuf::Any any;
  adapter.encode_event(*o.events.front().data, &any);
  pb::HighCardEvent played;
  ASSERT_TRUE(any.UnpackTo(&played));
  EXPECT_EQ(played.kind(), pb::HighCardEvent::CARD_PLAYED);
  EXPECT_EQ(played.seat(), 1);
  const auto ended = to_proto(data_of(o.events.back()));
  EXPECT_EQ(ended.kind(), pb::HighCardEvent::MATCH_ENDED);
  EXPECT_EQ(ended.reason(), "rounds_completed");
  ASSERT_EQ(ended.winners_size(), 1);
  EXPECT_EQ(ended.winners(0), 0u);
  EXPECT_EQ(ended.scores_size(), 2);
}

TEST(HighCardWire, HiddenDrawCarriesNoCard) {
  const auto m = create(setup_of({high_deck(), low_deck()}));
  const auto o = m->submit(0, play(hand_of(*m, 0).front()));
  const auto hidden = to_proto(data_of(o.events[2]));
  EXPECT_EQ(hidden.kind(), pb::HighCardEvent::CARD_DRAWN_HIDDEN);
  EXPECT_TRUE(hidden.card().empty());
}

struct ForeignView : rules::View {
  std::string to_text() const override { return ""; }
};
struct ForeignEvent : rules::EventData {};

TEST(HighCardWire, ForeignTypesLeaveAnyEmpty) {
  HighCardAdapter adapter;
  google::protobuf::Any any;
  adapter.encode_view(ForeignView{}, &any);
  adapter.encode_event(ForeignEvent{}, &any);
  EXPECT_TRUE(any.type_url().empty());
}

}  // namespace
}  // namespace concord::testgame
