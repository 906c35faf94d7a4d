// A tournament's hold on its rooms (protocol/README.md section 12): the
// no-show deadline of a game that has not started, and the end of round for
// a game still being played when the round's time runs out.
#include <spdlog/spdlog.h>

#include <algorithm>

#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

void Room::no_show_deadline(std::function<void(NoShowReport)> done) {
  on_strand([done = std::move(done)](Room& r) { done(r.do_no_show_deadline()); });
}

void Room::call_time(PlayerRef authority, int extra_turns, std::string reason) {
  on_strand([authority, extra_turns, reason = std::move(reason)](Room& r) {
    r.do_call_time(authority, extra_turns, reason);
  });
}

// Who took their seat. When every seat is taken, the match starts now, ready
// or not; otherwise the room closes and the director scores the no-show.
Room::NoShowReport Room::do_no_show_deadline() {
  NoShowReport report;
  for (const auto& seat : seats_) report.present.push_back(seat.player.has_value());
  if (closed_) return report;
  if (phase_ != Phase::Waiting) {
    report.started = true;
    return report;
  }
  if (std::all_of(report.present.begin(), report.present.end(), [](bool p) { return p; })) {
    for (auto& seat : seats_) seat.ready = true;
    report.started = true;
    update_summary();
    broadcast_room_info();
    start_match();
    return report;
  }
  close_room("no-show: not every player took their seat before the deadline");
  return report;
}

// The round's time is over: the game goes on until `extra_turns` more of the
// game's turns have begun after the current one, then it is a draw (a game
// without turns, or extra_turns 0: a draw at once).
void Room::do_call_time(PlayerRef authority, int extra_turns, const std::string& reason) {
  if (closed_ || phase_ == Phase::Finished || time_called_) return;
  const int turn = match_ ? match_->turn_number() : 0;
  const bool at_once = extra_turns <= 0 || turn == 0;
  time_called_ = TimeCalled{authority, reason, at_once ? -1 : turn + extra_turns, false};
  spdlog::info("room {}: time called at turn {} ({} extra turns)", id_, turn, extra_turns);
  check_time_called();
}

// When time was called, after each accepted command and once the match is
// recorded: the extra turns are over.
void Room::check_time_called() {
  if (!time_called_ || time_called_->drawing || !match_ || match_->finished()) return;
  if (phase_ != Phase::Running || match_id_ == 0) return;
  if (match_->turn_number() > time_called_->last_turn) draw_on_time();
}

// Stored as a result decided by the event's authority (its organizer), like a
// judge's OverrideResult, so that recovery and the match log show it.
void Room::draw_on_time() {
  time_called_->drawing = true;
  rules::MatchResult result;
  result.draw = true;
  result.reason = "time: " + time_called_->reason;
  persistence::JudgeActionRecord action;
  action.kind = "result";
  action.judge_id = time_called_->authority.id;
  action.detail = result_to_text(result);
  record_judge_action(
      action, true,
      [result, authority = time_called_->authority](Room& r, std::int64_t) {
        if (r.phase_ == Phase::Finished && !r.judged_) return;  // the game ended on its own first
        r.judged_ = JudgedResult{result, authority};
        r.end_by_judge();
      },
      [](Room& r) {
        spdlog::error("room {}: the draw on time could not be stored; trying again", r.id_);
        r.time_called_->drawing = false;
        r.check_time_called();
      });
}

}  // namespace concord::server
