// UpdateHeaders (server/src/update_headers.hpp): the header of each viewer's
// MatchUpdate, written once per command and put together per viewer, parses
// to the MatchUpdate built field by field for that viewer: its seat, its
// prompt and prompt id, only the events it may see (in order, with their
// details), and the fields every viewer gets alike.
#include <gtest/gtest.h>

#include <google/protobuf/util/message_differencer.h>

#include "update_headers.hpp"
#include "wire_convert.hpp"

namespace concord::server {
namespace {

std::vector<rules::Event> sample_events() {
  std::vector<rules::Event> events(4);
  events[0] = {"played", "seat 1 played a card", rules::Visibility::all(), nullptr};
  events[1] = {"drew", "you drew Meraud", rules::Visibility::only({0}), nullptr};
  events[2] = {"drew_hidden", "seat 1 drew a card", rules::Visibility::all_but({0}), nullptr};
  events[3] = {"clash", "", rules::Visibility::all(), nullptr};
  return events;
}

v1::MatchUpdate shared_fields() {
  v1::MatchUpdate shared;
  shared.set_room_id("r-1");
  shared.set_game("everzone");
  shared.set_command_index(17);
  shared.set_seed_commitment(std::string(64, 'c'));
  shared.add_awaiting(0);
  shared.set_finished(true);
  shared.mutable_result()->add_winners(1);
  return shared;
}

// What the room built before, one message per viewer.
v1::MatchUpdate built(const rules::Viewer& viewer, const std::vector<rules::Event>& events,
                      const std::vector<google::protobuf::Any>& details, const rules::Prompt* prompt,
                      std::uint64_t prompt_id) {
  v1::MatchUpdate update = shared_fields();
  update.set_your_seat(viewer.kind == rules::Viewer::Kind::Seat ? viewer.seat + 1 : 0);
  if (prompt) {
    prompt_to_wire(*prompt, update.mutable_prompt());
    update.set_prompt_id(prompt_id);
  }
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (!events[i].visibility.visible_to(viewer)) continue;
    auto* out = update.add_events();
    out->set_kind(events[i].kind);
    out->set_text(events[i].text);
    if (!details[i].type_url().empty()) *out->mutable_detail() = details[i];
  }
  return update;
}

TEST(UpdateHeaders, EachViewerGetsItsSeatPromptAndTheEventsItMaySee) {
  auto events = sample_events();
  struct Detail : rules::EventData {};
  events[3].data = std::make_shared<Detail>();
  std::vector<google::protobuf::Any> details(events.size());
  details[3].set_type_url("type.googleapis.com/test.Clash");
  details[3].set_value("\x08\x02");
  const rules::Prompt prompt{"deploy", "Deploy your Units", 0, 2, {{"c1", "Meraud", std::nullopt}}};
  const UpdateHeaders headers(shared_fields(), events, details);
  const std::vector<std::pair<rules::Viewer, const rules::Prompt*>> viewers = {
      {rules::Viewer::of_seat(0), &prompt}, {rules::Viewer::of_seat(1), nullptr}, {rules::Viewer::spectator(), nullptr}};
  for (const auto& [viewer, open] : viewers) {
    v1::MatchUpdate parsed;
    ASSERT_TRUE(parsed.ParseFromString(headers.of(viewer, open, 5)));
    const auto expected = built(viewer, events, details, open, 5);
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(parsed, expected))
        << "seat " << viewer.seat << "\n" << parsed.DebugString() << "\nexpected\n" << expected.DebugString();
  }
  v1::MatchUpdate seat0, spectator;
  ASSERT_TRUE(seat0.ParseFromString(headers.of(rules::Viewer::of_seat(0), &prompt, 5)));
  ASSERT_TRUE(spectator.ParseFromString(headers.of(rules::Viewer::spectator(), nullptr, 0)));
  ASSERT_EQ(seat0.events_size(), 3);
  EXPECT_EQ(seat0.events(1).text(), "you drew Meraud");
  EXPECT_EQ(seat0.events(2).detail().type_url(), "type.googleapis.com/test.Clash");
  ASSERT_EQ(spectator.events_size(), 3);
  EXPECT_EQ(spectator.events(1).text(), "seat 1 drew a card");  // never "you drew Meraud"
  EXPECT_EQ(spectator.your_seat(), 0);
  EXPECT_FALSE(spectator.has_prompt());
  EXPECT_EQ(seat0.prompt_id(), 5u);
}

TEST(UpdateHeaders, NoEventsAndNoPromptLeaveTheSharedFields) {
  const std::vector<rules::Event> none;
  const UpdateHeaders headers(shared_fields(), none, {});
  v1::MatchUpdate parsed;
  ASSERT_TRUE(parsed.ParseFromString(headers.of(rules::Viewer::of_seat(1), nullptr, 0)));
  auto expected = shared_fields();
  expected.set_your_seat(2);
  EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(parsed, expected)) << parsed.DebugString();
}

}  // namespace
}  // namespace concord::server
