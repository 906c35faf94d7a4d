// A room's clocks (protocol/README.md section 11, "Clocks"): what each
// command charged every seat is journaled with the command (CommandRecord.meta)
// so that recovery rebuilds the clocks; a timer on the room's strand acts when
// a flag falls; a judge's pause stops the clocks and ExtendTime adds time.
#include <spdlog/spdlog.h>

#include <charconv>

#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr std::int64_t kMaxExtensionSeconds = 3600;

MatchClock::Ms now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// "clock=<c0>,<c1>,...;moved=<seat or -1>" (CommandRecord.meta).
std::string clock_meta(const std::vector<MatchClock::Ms>& charges, int moved) {
  return "clock=" + MatchClock::charges_text(charges) + ";moved=" + std::to_string(moved);
}

struct ClockMeta {
  std::vector<MatchClock::Ms> charges;
  int moved = -1;
};

std::optional<ClockMeta> parse_clock_meta(const std::string& meta, int seats) {
  const auto separator = meta.find(";moved=");
  if (meta.rfind("clock=", 0) != 0 || separator == std::string::npos) return std::nullopt;
  auto charges = MatchClock::parse_charges(meta.substr(6, separator - 6), seats);
  if (!charges) return std::nullopt;
  ClockMeta out{std::move(*charges), -1};
  const auto moved = meta.substr(separator + 7);
  const auto [ptr, error] = std::from_chars(moved.data(), moved.data() + moved.size(), out.moved);
  if (error != std::errc() || ptr != moved.data() + moved.size()) return std::nullopt;
  return out;
}

const char* mode_name(ClockSettings::Mode mode) {
  return mode == ClockSettings::Mode::Chess ? "chess" : mode == ClockSettings::Mode::PerTurn ? "per_turn" : "none";
}

rules::Choice lowest_choice(const rules::Prompt& prompt, const std::string& id) {
  rules::Choice choice{id, 0};
  for (const auto& option : prompt.options) {
    if (option.id == id && option.range) choice.value = option.range->min;
  }
  return choice;
}

// What the server answers for a seat whose flag fell (flag_fall = default),
// tried in this order until the game accepts one: nothing when the prompt
// allows no choice; a "pass" option; the first legal set; the first options.
// Values are at the bottom of their range.
std::vector<rules::Answer> default_answers(const rules::Prompt& prompt) {
  std::vector<rules::Answer> out;
  if (prompt.min_choices == 0) out.push_back({});
  for (const auto& option : prompt.options) {
    if (option.id == "pass" && prompt.min_choices <= 1) out.push_back({{lowest_choice(prompt, "pass")}});
  }
  if (!prompt.legal_sets.empty()) {
    rules::Answer answer;
    for (const auto& id : prompt.legal_sets.front()) answer.choices.push_back(lowest_choice(prompt, id));
    out.push_back(std::move(answer));
  }
  rules::Answer first;
  for (std::size_t i = 0; i < prompt.options.size() && first.choices.size() < prompt.min_choices; ++i) {
    first.choices.push_back(lowest_choice(prompt, prompt.options[i].id));
  }
  if (!first.choices.empty()) out.push_back(std::move(first));
  return out;
}

}  // namespace

void Room::extend_time(PlayerRef judge, LinkPtr link, std::uint64_t request_id, int seat, std::int64_t seconds) {
  on_strand([=](Room& r) { r.do_extend_time(judge, link, request_id, seat, seconds); });
}

// --- the clock's life --------------------------------------------------------------

std::set<int> Room::clocked_seats() const {
  std::set<int> out;
  if (!prompt_ids_) return out;
  for (int seat = 0; seat < static_cast<int>(seats_.size()); ++seat) {
    if (prompt_ids_->id(seat) != 0) out.insert(seat);
  }
  return out;
}

void Room::start_clock() {
  if (policy_.clock.mode == ClockSettings::Mode::None || !match_) return;
  clock_.emplace(policy_.clock, static_cast<int>(seats_.size()));
  unjournaled_charges_.assign(seats_.size(), 0);
  flagged_.clear();
  const auto now = now_ms();
  clock_->set_awaiting(clocked_seats(), now);
  if (paused_by_) clock_->pause(now);
  update_clock_presence();
  arm_clock();
}

// After an accepted command: charges the running clocks, gives the mover its
// increment, starts the clocks of the seats that now owe an answer, and
// returns the meta journaled with the command ("" without a clock).
std::string Room::clock_after_command(int mover) {
  if (!clock_) return {};
  const auto now = now_ms();
  auto charges = clock_->settle(now);
  for (std::size_t i = 0; i < charges.size() && i < unjournaled_charges_.size(); ++i) {
    charges[i] += unjournaled_charges_[i];
    unjournaled_charges_[i] = 0;
  }
  clock_->moved(mover);
  clock_->set_awaiting(clocked_seats(), now);
  for (int seat = 0; seat < static_cast<int>(seats_.size()); ++seat) {
    if (clock_->remaining(seat, now) > 0) flagged_.erase(seat);
  }
  return clock_meta(charges, mover);
}

// A pause (a judge's, or a flag fall that calls a judge) or the end stops
// every clock; what ran until then is charged with the next command.
void Room::stop_clock() {
  if (!clock_ || clock_->paused()) return;
  const auto now = now_ms();
  const auto charges = clock_->settle(now);
  for (std::size_t i = 0; i < charges.size() && i < unjournaled_charges_.size(); ++i) unjournaled_charges_[i] += charges[i];
  clock_->pause(now);
  ++clock_generation_;
}

void Room::restart_clock() {
  if (!clock_ || !clock_->paused() || phase_ != Phase::Running) return;
  clock_->resume(now_ms());
  arm_clock();
}

// freeze_clock_while_disconnected: a seat without a connection stands still.
void Room::update_clock_presence() {
  if (!clock_ || !policy_.freeze_clock_while_disconnected) return;
  const auto now = now_ms();
  const auto charges = clock_->settle(now);
  for (std::size_t i = 0; i < charges.size() && i < unjournaled_charges_.size(); ++i) unjournaled_charges_[i] += charges[i];
  std::set<int> absent;
  for (int seat = 0; seat < static_cast<int>(seats_.size()); ++seat) {
    if (seats_[static_cast<std::size_t>(seat)].links.empty()) absent.insert(seat);
  }
  clock_->set_frozen(absent, now);
  arm_clock();
}

void Room::arm_clock() {
  const auto generation = ++clock_generation_;
  if (!clock_ || phase_ != Phase::Running || paused_by_) return;
  const auto now = now_ms();
  const auto falls = clock_->next_flag(now);
  if (!falls) return;
  clock_timer_.expires_after(std::chrono::milliseconds(std::max<MatchClock::Ms>(0, *falls - now) + 1));
  clock_timer_.async_wait([self = shared_from_this(), generation](const boost::system::error_code& ec) {
    if (ec) return;
    self->on_strand([generation](Room& r) {
      if (generation == r.clock_generation_) r.on_clock_timer();
    });
  });
}

void Room::on_clock_timer() {
  if (!clock_ || phase_ != Phase::Running || paused_by_ || !match_) return;
  for (const int seat : clock_->flagged(now_ms())) {
    if (phase_ != Phase::Running || paused_by_) break;
    if (flagged_.count(seat) && policy_.clock.on_flag != ClockSettings::OnFlag::Default) continue;
    flagged_.insert(seat);
    flag_fall(seat);
  }
  arm_clock();
}

// --- flag fall ---------------------------------------------------------------------

void Room::flag_fall(int seat) {
  const auto& name = seats_[static_cast<std::size_t>(seat)].player->username;
  spdlog::info("room {}: {}'s clock ran out", id_, name);
  switch (policy_.clock.on_flag) {
    case ClockSettings::OnFlag::Default:
      if (answer_for_flagged(seat)) return;
      [[fallthrough]];  // nothing the game accepts: the seat loses
    case ClockSettings::OnFlag::Lose: concede_for(seat, "timeout: " + name + " ran out of time"); return;
    case ClockSettings::OnFlag::Judge: call_judge_on_flag(seat, name); return;
  }
}

// The server answers for the seat with the game's default (a journaled
// command like any other, so replays reproduce it).
bool Room::answer_for_flagged(int seat) {
  const auto prompt = match_->prompt(seat);
  if (!prompt) return true;  // nothing owed any more
  for (auto& answer : default_answers(*prompt)) {
    rules::Command command{rules::Command::Kind::Answer, seat, std::move(answer)};
    auto outcome = rules::apply(*match_, command);
    if (!outcome.accepted) continue;
    accept_command(command, outcome,
                   PendingFlush{0, nullptr, -1, 0, std::chrono::steady_clock::now(), {}, nullptr, {}, nullptr, nullptr});
    return true;
  }
  return false;
}

// The match stops (paused by "clock"; not journaled: after a restart the
// flag falls again) and a judge call is opened for the room.
void Room::call_judge_on_flag(int seat, const std::string& name) {
  paused_by_ = PlayerRef{0, "clock"};
  pause_reason_ = name + "'s clock ran out";
  pause_shared_ = true;
  ++pause_token_;
  stop_clock();
  update_summary();
  broadcast_room_info();
  send_fresh_updates();
  open_room_call(seats_[static_cast<std::size_t>(seat)].player->id, "clock: " + pause_reason_);
}

// --- judges ------------------------------------------------------------------------

void Room::do_extend_time(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, int seat,
                          std::int64_t seconds) {
  if (!judging(link, request_id)) return;
  if (phase_ != Phase::Running) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no running match"));
  } else if (!clock_) {
    link->send(make_error(request_id, "NO_CLOCK", "room " + id_ + " has no clock"));
  } else if (seat < 0 || seat >= static_cast<int>(seats_.size())) {
    link->send(make_error(request_id, "INVALID_SEATS", "no such seat in room " + id_));
  } else if (seconds < 1 || seconds > kMaxExtensionSeconds) {
    link->send(make_error(request_id, "INVALID_TIME", "an extension is 1-3600 seconds"));
  } else {
    persistence::JudgeActionRecord action;
    action.kind = "extend";
    action.judge_id = judge.id;
    action.seat = seat;
    action.detail = std::to_string(seconds * 1000);
    record_judge_action(
        action, false,
        [link, request_id, seat, seconds](Room& r, std::int64_t) {
          if (!r.clock_ || r.phase_ != Phase::Running) {
            return link->send(make_error(request_id, "MATCH_NOT_RUNNING", "the match has ended"));
          }
          r.clock_->extend(seat, seconds * 1000);
          if (r.clock_->remaining(seat, now_ms()) > 0) r.flagged_.erase(seat);
          r.send_room_info(link, request_id);
          r.send_fresh_updates();
          r.arm_clock();
        },
        [link, request_id](Room&) {
          link->send(make_error(request_id, "UNAVAILABLE", "the extension could not be stored; nothing changed"));
        });
  }
}

// --- the wire, recovery and rollback -----------------------------------------------

void Room::clock_to_wire(v1::ClockState* out) const {
  const auto now = now_ms();
  out->set_mode(mode_name(policy_.clock.mode));
  out->set_stopped(clock_->paused() || phase_ != Phase::Running);
  for (int seat = 0; seat < static_cast<int>(seats_.size()); ++seat) {
    auto* entry = out->add_seats();
    entry->set_seat(static_cast<std::uint32_t>(seat));
    entry->set_remaining_ms(std::max<MatchClock::Ms>(0, clock_->remaining(seat, now)));
    entry->set_running(clock_->running(seat) && phase_ == Phase::Running);
    entry->set_flagged(flagged_.count(seat) > 0);
    entry->set_delay_left_ms(clock_->delay_left(seat, now));
  }
}

// The clocks as the journal leaves them: each command's charges and
// increment, then the judges' extensions. The time between the last journaled
// command and now is not charged (a restart, or a rollback, eats no time).
void Room::rebuild_clock(const std::vector<std::string>& metas,
                         const std::vector<persistence::JudgeActionRecord>& actions) {
  clock_.reset();
  start_clock();
  if (!clock_) return;
  for (std::size_t i = 0; i < metas.size(); ++i) {
    if (metas[i].empty()) continue;  // journaled without a clock record
    const auto meta = parse_clock_meta(metas[i], static_cast<int>(seats_.size()));
    if (!meta) throw std::runtime_error("unreadable clock record of command " + std::to_string(i + 1));
    clock_->replay(meta->charges, meta->moved);
  }
  for (const auto& action : actions) {
    if (action.kind != "extend" || !action.seat) continue;
    std::int64_t ms = 0;
    const auto [ptr, error] = std::from_chars(action.detail.data(), action.detail.data() + action.detail.size(), ms);
    if (error == std::errc()) clock_->extend(*action.seat, ms);
  }
  arm_clock();
}

std::optional<std::string> Room::restore_clock(const std::vector<std::string>& metas,
                                               const std::vector<persistence::JudgeActionRecord>& actions) {
  if (policy_.clock.mode == ClockSettings::Mode::None || !match_ || phase_ != Phase::Running) return std::nullopt;
  try {
    rebuild_clock(metas, actions);
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace concord::server
