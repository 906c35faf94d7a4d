#include "update_headers.hpp"

#include "delta/wire_writer.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

using Update = v1::MatchUpdate;

}  // namespace

UpdateHeaders::UpdateHeaders(const v1::MatchUpdate& shared, const std::vector<rules::Event>& events,
                             const std::vector<google::protobuf::Any>& details)
    : shared_(shared.SerializeAsString()), events_(events) {
  event_bytes_.reserve(events.size());
  v1::GameEvent wire;
  for (std::size_t i = 0; i < events.size(); ++i) {
    wire.set_kind(events[i].kind);
    wire.set_text(events[i].text);
    if (events[i].data && i < details.size()) {
      *wire.mutable_detail() = details[i];
    } else {
      wire.clear_detail();
    }
    event_bytes_.push_back(wire.SerializeAsString());
  }
}

std::string UpdateHeaders::of(const rules::Viewer& viewer, const rules::Prompt* prompt, std::uint64_t prompt_id) const {
  std::string out;
  out.reserve(shared_.size() + 64);
  protocol::WireWriter w(out);
  w.i64(Update::kYourSeatFieldNumber, viewer.kind == rules::Viewer::Kind::Seat ? viewer.seat + 1 : 0);
  if (prompt) {
    v1::Prompt wire;
    prompt_to_wire(*prompt, &wire);
    w.element(Update::kPromptFieldNumber, wire.SerializeAsString());
    w.u64(Update::kPromptIdFieldNumber, prompt_id);
  }
  for (std::size_t i = 0; i < events_.size(); ++i) {
    if (events_[i].visibility.visible_to(viewer)) w.element(Update::kEventsFieldNumber, event_bytes_[i]);
  }
  w.raw(shared_);
  return out;
}

}  // namespace concord::server
