// Delayed spectators (protocol/README.md section 11, "Spectators"). With
// spectator_delay_commands = N and/or spectator_delay_seconds = S, spectators
// see the match as it stood N commands and S seconds ago: every state's
// spectator update is projected when the state is made (the same projection
// function, spectator viewer) and held in a bounded buffer until it is due;
// late joiners, reconnects and RequestView get the newest released one,
// never a fresh projection of the present. Judges are not delayed.
#include <spdlog/spdlog.h>

#include "delta/view_delta.hpp"
#include "room.hpp"
#include "update_body.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

using Clock = std::chrono::steady_clock;

// At most this many held updates per room. When a long delay meets a fast
// match, the oldest held update is dropped: spectators then skip a state,
// but still never see one sooner than the delay allows.
constexpr std::size_t kMaxHeldUpdates = 4096;

}  // namespace

// Holds the spectators' update of the state just made (after a command, at
// the start, or when a judge ends the match).
void Room::hold_for_spectators(const std::vector<rules::Event>& events, const SeatPrompts& prompts,
                               const CommandViews* command) {
  if (!policy_.spectators_delayed() || !match_) return;
  v1::MatchUpdate part;
  if (!command || !command->whole_view(rules::Viewer::spectator(), part.mutable_view())) {
    game_.adapter->encode_view(*match_->view(rules::Viewer::spectator()), part.mutable_view());
  }
  part.set_view_checksum(protocol::view_checksum(part.view().value()));
  update_header(header_buffer_, rules::Viewer::spectator(), events, prompts, command);
  auto body = match_update_body(0, {header_buffer_, part.SerializeAsString()});
  held_.push_back(HeldUpdate{command_index_, Clock::now(), std::make_shared<const std::string>(std::move(body))});
  if (held_.size() > kMaxHeldUpdates) held_.pop_front();
}

// Sends every held update that is due to the spectators, in order, and arms
// the timer for the next one.
void Room::release_for_spectators() {
  if (!policy_.spectators_delayed()) return;
  const auto now = Clock::now();
  const bool ended = phase_ == Phase::Finished;
  const auto delay = std::chrono::seconds(policy_.delay_seconds);
  while (!held_.empty()) {
    const auto& next = held_.front();
    if (next.index > durable_index_) break;  // never show what may yet be lost
    const bool by_commands = ended || next.index + static_cast<std::uint64_t>(policy_.delay_commands) <= command_index_;
    const bool by_time = next.made + delay <= now;
    if (!(ended && policy_.end_at_once) && !(by_commands && by_time)) break;
    released_ = next.body;
    held_.pop_front();
    for (const auto& link : spectators_) link->send_shared(released_);
    if (held_.empty() && ended) {  // the end reached the spectators: their RoomInfo says so now
      update_summary();
      broadcast_room_info();
    }
  }
  arm_spectator_delay();
}

void Room::arm_spectator_delay() {
  const auto generation = ++delay_generation_;
  if (held_.empty() || policy_.delay_seconds == 0) return;
  delay_timer_.expires_at(held_.front().made + std::chrono::seconds(policy_.delay_seconds));
  delay_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec) return;
    self->on_strand([generation](Room& r) {
      if (generation == r.delay_generation_) r.release_for_spectators();
    });
  });
}

// A spectator joining, resuming or asking for the view gets the newest
// released update (nothing before the first is due).
void Room::send_delayed_view(const LinkPtr& link, std::uint64_t request_id) {
  if (!released_) {
    if (request_id != 0) {
      link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + ": spectators see the match later"));
    }
    return;
  }
  if (request_id == 0) return link->send_shared(released_);
  v1::ServerMessage reply;
  reply.set_request_id(request_id);
  link->send_shared(std::make_shared<const std::string>(*released_ + reply.SerializeAsString()));
}

// Whether spectators (and the lobby) may know that the match has ended.
bool Room::end_shown_to_spectators() const {
  return !policy_.spectators_delayed() || held_.empty();
}

}  // namespace concord::server
