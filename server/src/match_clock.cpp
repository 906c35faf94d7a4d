// MatchClock: per-seat clocks driven by the caller's time.
#include "match_clock.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

namespace concord::server {

MatchClock::MatchClock(ClockSettings settings, int seats)
    : settings_(settings), seats_(static_cast<std::size_t>(std::max(0, seats))) {
  for (auto& seat : seats_) {
    seat.bank = settings_.mode == ClockSettings::Mode::PerTurn ? settings_.turn_ms : settings_.initial_ms;
  }
}

MatchClock::Ms MatchClock::charge(const Seat& seat, Ms now, Ms* free_left) const {
  const Ms elapsed = std::max<Ms>(0, now - seat.since);
  const Ms free = std::min(elapsed, seat.free_left);
  *free_left = seat.free_left - free;
  return elapsed - free;
}

void MatchClock::set_awaiting(const std::set<int>& awaiting, Ms now) {
  if (!enabled()) return;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& seat = seats_[i];
    const bool owes = awaiting.count(static_cast<int>(i)) > 0;
    if (owes && !seat.awaiting) {  // a new turn for this seat
      seat.since = now;
      if (settings_.mode == ClockSettings::Mode::PerTurn) seat.bank = settings_.turn_ms;
      seat.free_left = settings_.mode == ClockSettings::Mode::Chess ? settings_.delay_ms : 0;
    }
    seat.awaiting = owes;
  }
}

std::vector<MatchClock::Ms> MatchClock::settle(Ms now) {
  std::vector<Ms> charges(seats_.size(), 0);
  if (!enabled()) return charges;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& seat = seats_[i];
    if (!seat.awaiting || seat.frozen || paused_) continue;
    Ms free_left = 0;
    charges[i] = charge(seat, now, &free_left);
    seat.free_left = free_left;
    seat.bank -= charges[i];
    seat.since = now;
  }
  return charges;
}

void MatchClock::moved(int seat) {
  if (settings_.mode != ClockSettings::Mode::Chess || seat < 0 || seat >= static_cast<int>(seats_.size())) return;
  seats_[static_cast<std::size_t>(seat)].bank += settings_.increment_ms;
}

void MatchClock::set_frozen(const std::set<int>& frozen, Ms now) {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto& seat = seats_[i];
    const bool freeze = frozen.count(static_cast<int>(i)) > 0;
    if (seat.frozen && !freeze) seat.since = now;  // runs again from now
    seat.frozen = freeze;
  }
}

void MatchClock::pause(Ms now) {
  if (paused_) return;
  settle(now);
  paused_ = true;
}

void MatchClock::resume(Ms now) {
  if (!paused_) return;
  paused_ = false;
  for (auto& seat : seats_) seat.since = now;
}

void MatchClock::replay(const std::vector<Ms>& charges, int mover) {
  if (settings_.mode == ClockSettings::Mode::PerTurn) return;
  for (std::size_t i = 0; i < seats_.size() && i < charges.size(); ++i) seats_[i].bank -= charges[i];
  moved(mover);
}

void MatchClock::extend(int seat, Ms extra) {
  if (seat < 0 || seat >= static_cast<int>(seats_.size())) return;
  seats_[static_cast<std::size_t>(seat)].bank += extra;
}

MatchClock::Ms MatchClock::remaining(int seat, Ms now) const {
  if (seat < 0 || seat >= static_cast<int>(seats_.size())) return 0;
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  if (!s.awaiting || s.frozen || paused_ || !enabled()) return s.bank;
  Ms free_left = 0;
  return s.bank - charge(s, now, &free_left);
}

bool MatchClock::running(int seat) const {
  if (!enabled() || paused_ || seat < 0 || seat >= static_cast<int>(seats_.size())) return false;
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  return s.awaiting && !s.frozen;
}

MatchClock::Ms MatchClock::delay_left(int seat, Ms now) const {
  if (seat < 0 || seat >= static_cast<int>(seats_.size())) return 0;
  const auto& s = seats_[static_cast<std::size_t>(seat)];
  if (!running(seat)) return s.awaiting ? s.free_left : 0;
  Ms free_left = 0;
  charge(s, now, &free_left);
  return free_left;
}

std::optional<MatchClock::Ms> MatchClock::next_flag(Ms now) const {
  std::optional<Ms> first;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!running(static_cast<int>(i))) continue;
    const auto& seat = seats_[i];
    Ms free_left = 0;
    charge(seat, now, &free_left);
    const Ms falls = now + free_left + std::max<Ms>(0, remaining(static_cast<int>(i), now));
    if (!first || falls < *first) first = falls;
  }
  return first;
}

std::vector<int> MatchClock::flagged(Ms now) const {
  std::vector<int> out;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (running(static_cast<int>(i)) && remaining(static_cast<int>(i), now) <= 0) out.push_back(static_cast<int>(i));
  }
  return out;
}

std::string MatchClock::charges_text(const std::vector<Ms>& charges) {
  std::string out;
  for (std::size_t i = 0; i < charges.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(charges[i]);
  }
  return out;
}

std::optional<std::vector<MatchClock::Ms>> MatchClock::parse_charges(const std::string& text, int seats) {
  std::vector<Ms> out;
  const char* at = text.data();
  const char* end = text.data() + text.size();
  while (at <= end && static_cast<int>(out.size()) < seats) {
    Ms value = 0;
    const auto [ptr, error] = std::from_chars(at, end, value);
    if (error != std::errc() || value < 0) return std::nullopt;
    out.push_back(value);
    if (ptr == end) break;
    if (*ptr != ',') return std::nullopt;
    at = ptr + 1;
  }
  if (static_cast<int>(out.size()) != seats) return std::nullopt;
  return out;
}

}  // namespace concord::server
