// Room expiry: a room that has not started closes once no player has been
// connected for --waiting-room-expiry seconds; a running match none of whose
// seats has been connected for --abandoned-match-expiry seconds (for example
// one restored after a restart that nobody resumed) ends as aborted.
#include <algorithm>

#include <spdlog/spdlog.h>

#include "room.hpp"

namespace concord::server {

namespace {

std::chrono::seconds check_period(const Config& config) {
  const int shortest = std::min(config.waiting_room_expiry_s, config.abandoned_match_expiry_s);
  return std::chrono::seconds(std::clamp(shortest / 4, 1, 60));
}

}  // namespace

void Room::start_expiry() {
  on_strand([](Room& r) {
    r.unattended_since_ = std::chrono::steady_clock::now();
    r.arm_expiry();
  });
}

void Room::arm_expiry() {
  expiry_timer_.expires_after(check_period(ctx_.config));
  expiry_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
    if (!ec) self->on_strand([](Room& r) { r.check_expiry(); });
  });
}

bool Room::any_seat_connected() const {
  return std::any_of(seats_.begin(), seats_.end(), [](const Seat& seat) { return !seat.links.empty(); });
}

// A tournament's rooms (tagged) do not expire: the director's no-show
// deadline and round time decide what happens to them.
void Room::check_expiry() {
  if (closed_ || !settings_.tag.empty()) return;
  const auto now = std::chrono::steady_clock::now();
  if (any_seat_connected()) unattended_since_ = now;
  const auto unattended = std::chrono::duration_cast<std::chrono::seconds>(now - unattended_since_).count();
  if (phase_ == Phase::Waiting && unattended >= ctx_.config.waiting_room_expiry_s) {
    spdlog::info("room {}: expired after {} s without a connected player", id_, unattended);
    close_room("expired: no player was connected for " + std::to_string(unattended) + " s");
    return;
  }
  if (phase_ == Phase::Running && pending_.empty() && unattended >= ctx_.config.abandoned_match_expiry_s) {
    spdlog::info("room {}: match abandoned after {} s without a connected seat", id_, unattended);
    abort_match("abandoned: no seat was connected for " + std::to_string(unattended) + " s");
    return;
  }
  arm_expiry();
}

}  // namespace concord::server
