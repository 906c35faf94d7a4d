// Seat holds (protocol/README.md section 11, "Seat holds"): while a match
// runs, the seat of a player who lost every connection is held for the room's
// disconnect_grace_seconds; then on_grace_expiry applies once for that
// absence: wait (keep holding), concede (the server concedes for the seat),
// or judge (a judge call is opened). A judge's pause holds the grace too.
#include <spdlog/spdlog.h>

#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

using Clock = std::chrono::steady_clock;

}  // namespace

// Called whenever a seat's connections change, the match starts or is
// restored, or a pause is lifted: starts or ends each seat's absence.
void Room::note_seat_presence() {
  const auto now = Clock::now();
  for (auto& seat : seats_) {
    if (!seat.links.empty() || phase_ != Phase::Running || !seat.player) {
      seat.absent_since.reset();
      seat.grace_over = false;
    } else if (!seat.absent_since) {
      seat.absent_since = now;
    }
  }
  update_clock_presence();
  arm_grace();
}

void Room::arm_grace() {
  const auto generation = ++grace_generation_;
  if (phase_ != Phase::Running || policy_.on_grace_out == RoomPolicy::GraceOut::Wait) return;
  std::optional<Clock::time_point> first;
  for (const auto& seat : seats_) {
    if (!seat.absent_since || seat.grace_over) continue;
    const auto due = *seat.absent_since + std::chrono::seconds(policy_.disconnect_grace_s);
    if (!first || due < *first) first = due;
  }
  if (!first) return;
  grace_timer_.expires_at(*first);
  grace_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec) return;
    self->on_strand([generation](Room& r) {
      if (generation == r.grace_generation_) r.on_grace_timer();
    });
  });
}

void Room::on_grace_timer() {
  if (phase_ != Phase::Running || !match_) return;
  if (paused_by_) return;  // lifting the pause re-arms the grace
  const auto now = Clock::now();
  const auto grace = std::chrono::seconds(policy_.disconnect_grace_s);
  for (std::size_t i = 0; i < seats_.size() && phase_ == Phase::Running; ++i) {
    auto& seat = seats_[i];
    if (!seat.absent_since || seat.grace_over || now < *seat.absent_since + grace) continue;
    seat.grace_over = true;
    const auto text = seat.player->username + " was away for " + std::to_string(policy_.disconnect_grace_s) + " s";
    spdlog::info("room {}: {}", id_, text);
    if (policy_.on_grace_out == RoomPolicy::GraceOut::Concede) {
      concede_for(static_cast<int>(i), "absent: " + text);
    } else {
      open_room_call(seat.player->id, "absent: " + text);
    }
  }
  arm_grace();
}

// The server concedes for a seat (it stayed away): a journaled command; when
// it ends the match the result gives `reason`.
void Room::concede_for(int seat, const std::string& reason) {
  rules::Command command{rules::Command::Kind::Concede, seat, {}};
  auto outcome = rules::apply(*match_, command);
  if (!outcome.accepted) {
    spdlog::warn("room {}: conceding for seat {} refused: {}", id_, seat, outcome.rejection->message);
    return;
  }
  if (match_->finished()) {
    auto result = *match_->result();
    result.reason = reason;
    judged_ = JudgedResult{result, PlayerRef{0, ""}};  // decided by the room's rule, no judge named
  }
  accept_command(command, outcome, PendingFlush{0, nullptr, -1, 0, Clock::now(), {}, nullptr, {}, nullptr, nullptr});
}

// The server calls a judge to the room on a seat's behalf.
void Room::open_room_call(std::int64_t caller, const std::string& text) {
  ctx_.db.post(
      [self = shared_from_this(), caller, text](pqxx::connection& conn) {
        try {
          const auto call = persistence::JudgeRepository(conn).open_call(self->id_, self->match_id_, caller, text);
          self->on_strand([call](Room& r) { r.announce_call(call); });
        } catch (const std::exception& e) {
          spdlog::error("room {}: could not open a judge call ({}): {}", self->id_, text, e.what());
          throw;
        }
      },
      [id = id_, text] { spdlog::error("room {}: could not open a judge call ({}): database unreachable", id, text); });
}

// The judges in the room hear of the call at once; every judge on duty finds
// it with ListCalls.
void Room::announce_call(const persistence::JudgeCallRecord& call) {
  v1::ServerMessage push;
  *push.mutable_judge_call() = call_to_wire(call);
  const auto body = std::make_shared<const std::string>(push.SerializeAsString());
  for (const auto& [link, judge] : judge_links_) link->send_shared(body);
}

}  // namespace concord::server
