// A room's judges: joining as a judge, pause and resume, penalties, results a
// judge decides, and the judge's full view (protocol/README.md section 11).
#include <spdlog/spdlog.h>

#include "concord/server/metrics.hpp"
#include "lobby.hpp"
#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr std::size_t kMaxRoomJudges = 16;         // judges a private room's creator may name
constexpr std::size_t kMaxListedSpectators = 64;   // accounts a spectators = list room may name

const char* penalty_name(v1::Penalty penalty) {
  switch (penalty) {
    case v1::NOTE: return "note";
    case v1::WARNING: return "warning";
    case v1::GAME_LOSS: return "game_loss";
    case v1::MATCH_LOSS: return "match_loss";
    case v1::DISQUALIFICATION: return "disqualification";
    default: return "";
  }
}

bool ends_match(v1::Penalty penalty) {
  return penalty == v1::GAME_LOSS || penalty == v1::MATCH_LOSS || penalty == v1::DISQUALIFICATION;
}

}  // namespace

// --- public entry points ---------------------------------------------------------

void Room::add_room_judge(PlayerRef creator, LinkPtr link, std::uint64_t request_id, PlayerRef judge) {
  on_strand([=](Room& r) { r.do_add_room_judge(creator, link, request_id, judge); });
}

void Room::pause(PlayerRef judge, LinkPtr link, std::uint64_t request_id, std::string reason, bool share) {
  on_strand([=](Room& r) { r.do_pause(judge, link, request_id, reason, share); });
}

void Room::resume_play(PlayerRef judge, LinkPtr link, std::uint64_t request_id) {
  on_strand([=](Room& r) { r.do_resume_play(judge, link, request_id); });
}

void Room::penalize(PlayerRef judge, LinkPtr link, std::uint64_t request_id, PenaltyOrder order) {
  on_strand([=](Room& r) { r.do_penalize(judge, link, request_id, order); });
}

void Room::override_result(PlayerRef judge, LinkPtr link, std::uint64_t request_id, rules::MatchResult result) {
  on_strand([=](Room& r) { r.do_override_result(judge, link, request_id, result); });
}

void Room::judge_view(PlayerRef judge, LinkPtr link, std::uint64_t request_id, bool follow) {
  on_strand([=](Room& r) { r.do_judge_view(judge, link, request_id, follow); });
}

void Room::allow_spectator(PlayerRef creator, LinkPtr link, std::uint64_t request_id, PlayerRef watcher, bool allow) {
  on_strand([=](Room& r) { r.do_allow_spectator(creator, link, request_id, watcher, allow); });
}

// --- membership --------------------------------------------------------------------

void Room::join_as_judge(PlayerRef player, const LinkPtr& link, const JoinRequest& request) {
  if (!request.server_judge && settings_.room_judges.count(player.id) == 0) {
    link->send(make_error(request.request_id, "NOT_A_JUDGE", "you do not judge room " + id_));
    return;
  }
  judge_links_[link] = player;
  update_summary();
  send_room_info(link, request.request_id);
  if (match_) send_fresh_update(link, -1);
  broadcast_room_info(link);
}

bool Room::judging(const LinkPtr& link, std::uint64_t request_id) const {
  if (judge_links_.count(link)) return true;
  link->send(make_error(request_id, "NOT_A_JUDGE", "join room " + id_ + " as a judge first"));
  return false;
}

void Room::do_add_room_judge(PlayerRef creator, const LinkPtr& link, std::uint64_t request_id, PlayerRef judge) {
  if (closed_) {
    link->send(make_error(request_id, "ROOM_NOT_FOUND", "room " + id_ + " is closed"));
  } else if (creator.id != settings_.creator) {
    link->send(make_error(request_id, "NOT_ROOM_CREATOR", "only the creator of room " + id_ + " names its judges"));
  } else if (!settings_.is_private()) {
    link->send(make_error(request_id, "NOT_PRIVATE", "public rooms are judged by the server's judges"));
  } else if (seat_of(judge.id) >= 0) {
    link->send(make_error(request_id, "PLAYER_IN_ROOM", judge.username + " plays in room " + id_));
  } else if (settings_.room_judges.size() >= kMaxRoomJudges && settings_.room_judges.count(judge.id) == 0) {
    link->send(make_error(request_id, "TOO_MANY_JUDGES",
                          "room " + id_ + " has " + std::to_string(kMaxRoomJudges) + " judges, the most it may have"));
  } else {
    settings_.room_judges.insert(judge.id);
    store_settings_blob();
    update_summary();
    send_room_info(link, request_id);
  }
}

// The settings blob changed: stored again (in order with the judge actions)
// once the match has a record; before that, the record takes it when written
// (or, while it is being written, it is stored right after it).
void Room::store_settings_blob(std::function<void(Room&)> done, std::function<void(Room&)> failed) {
  settings_.extra = settings_blob(settings_);
  if (match_id_ == 0 && phase_ == Phase::Starting) {
    settings_while_starting_.emplace_back(std::move(done), std::move(failed));
    return;
  }
  if (match_id_ == 0) {
    if (done) done(*this);
    return;
  }
  queue_write(
      [match_id = match_id_, blob = settings_.extra](pqxx::connection& conn) -> std::optional<std::int64_t> {
        persistence::MatchRepository(conn).update_settings_blob(match_id, blob);
        return match_id;
      },
      [done](Room& r, std::int64_t) {
        if (done) done(r);
      },
      [failed, id = id_](Room& r) {
        spdlog::error("room {}: could not store its settings", id);
        if (failed) failed(r);
      });
}

void Room::settle_settings_while_starting(WaitingSettings fate) {
  if (settings_while_starting_.empty()) return;
  auto waiting = std::move(settings_while_starting_);
  settings_while_starting_.clear();
  const auto done = [waiting](Room& r) {
    for (const auto& change : waiting) {
      if (change.first) change.first(r);
    }
  };
  const auto failed = [waiting](Room& r) {
    for (auto change = waiting.rbegin(); change != waiting.rend(); ++change) {  // the last undone first
      if (change->second) change->second(r);
    }
  };
  switch (fate) {
    case WaitingSettings::Store: return store_settings_blob(done, failed);
    case WaitingSettings::Keep: return done(*this);
    case WaitingSettings::Drop: return failed(*this);
  }
}

// --- spectator lists ---------------------------------------------------------------

bool Room::may_watch(const PlayerRef& player) const {
  switch (policy_.spectators) {
    case RoomPolicy::Spectators::Off: return false;
    case RoomPolicy::Spectators::List:
      return player.id == settings_.creator || settings_.allowed_spectators.count(player.id) > 0;
    case RoomPolicy::Spectators::On: return true;
  }
  return true;
}

// The list changes once it is stored; a disallowed account's spectator
// connections are sent away then.
void Room::do_allow_spectator(PlayerRef creator, const LinkPtr& link, std::uint64_t request_id, PlayerRef watcher,
                              bool allow) {
  if (closed_) {
    link->send(make_error(request_id, "ROOM_NOT_FOUND", "room " + id_ + " is closed"));
  } else if (creator.id != settings_.creator) {
    link->send(make_error(request_id, "NOT_ROOM_CREATOR", "only the creator of room " + id_ + " lists its spectators"));
  } else if (policy_.spectators != RoomPolicy::Spectators::List) {
    link->send(make_error(request_id, "NOT_LISTED", "room " + id_ + "'s spectators option is not 'list'"));
  } else if (allow && seat_of(watcher.id) >= 0) {
    link->send(make_error(request_id, "PLAYER_IN_ROOM", watcher.username + " plays in room " + id_));
  } else if (allow && settings_.allowed_spectators.size() >= kMaxListedSpectators &&
             settings_.allowed_spectators.count(watcher.id) == 0) {
    link->send(make_error(request_id, "TOO_MANY_SPECTATORS",
                          "room " + id_ + " lists " + std::to_string(kMaxListedSpectators) + " spectators already"));
  } else {
    const auto before = settings_.allowed_spectators;
    if (allow) {
      settings_.allowed_spectators.insert(watcher.id);
    } else {
      settings_.allowed_spectators.erase(watcher.id);
    }
    store_settings_blob(
        [link, request_id, watcher, allow](Room& r) {
          if (!allow) r.send_away_spectator(watcher.id);
          r.update_summary();
          r.send_room_info(link, request_id);
        },
        [link, request_id, before](Room& r) {
          r.settings_.allowed_spectators = before;
          r.settings_.extra = settings_blob(r.settings_);
          link->send(make_error(request_id, "UNAVAILABLE", "the spectator list could not be stored; nothing changed"));
        });
  }
}

void Room::send_away_spectator(std::int64_t account) {
  if (may_watch(PlayerRef{account, ""})) return;
  watchers_.erase(account);
  v1::ServerMessage closed;
  closed.mutable_room_closed()->set_room_id(id_);
  closed.mutable_room_closed()->set_reason("not on the spectator list");
  for (auto it = spectator_accounts_.begin(); it != spectator_accounts_.end();) {
    if (it->second != account) {
      ++it;
      continue;
    }
    it->first->send(closed);
    spectators_.erase(it->first);
    it = spectator_accounts_.erase(it);
  }
  broadcast_room_info();
}

// --- pause -------------------------------------------------------------------------

void Room::do_pause(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, std::string reason, bool share) {
  if (!judging(link, request_id)) return;
  if (phase_ != Phase::Running) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no running match"));
    return;
  }
  if (paused_by_) {
    link->send(make_error(request_id, "ALREADY_PAUSED", "paused by " + paused_by_->username));
    return;
  }
  // The pause holds from now; it is acknowledged once it is durable, and
  // lifted again if it cannot be stored.
  paused_by_ = judge;
  pause_reason_ = reason;
  pause_shared_ = share;
  stop_clock();
  const auto token = ++pause_token_;
  persistence::JudgeActionRecord action;
  action.kind = "pause";
  action.judge_id = judge.id;
  action.detail = reason;
  action.category = share ? "shared" : "";
  record_judge_action(
      action, false,
      [link, request_id](Room& r, std::int64_t) {
        r.update_summary();
        r.send_room_info(link, request_id);
        r.broadcast_room_info(link);
        if (r.clock_) r.send_fresh_updates();  // the clocks stopped
      },
      [link, request_id, token](Room& r) {
        if (r.pause_token_ == token && r.paused_by_) r.lift_pause();
        link->send(make_error(request_id, "UNAVAILABLE", "the pause could not be stored; the match was not paused"));
      });
}

void Room::do_resume_play(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id) {
  if (!judging(link, request_id)) return;
  if (phase_ != Phase::Running) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no running match"));
    return;
  }
  if (!paused_by_) {
    link->send(make_error(request_id, "NOT_PAUSED", "the match in room " + id_ + " is not paused"));
    return;
  }
  if (resume_pending_) {
    link->send(make_error(request_id, "RESUME_PENDING", "the match in room " + id_ + " is already being resumed"));
    return;
  }
  // The match stays paused until the resumption is durable, so that a
  // restart never brings back a pause the players saw lifted. One resumption
  // is stored at a time: a second one would store a second "resume" action.
  resume_pending_ = true;
  persistence::JudgeActionRecord action;
  action.kind = "resume";
  action.judge_id = judge.id;
  record_judge_action(
      action, false,
      [link, request_id](Room& r, std::int64_t) {
        r.resume_pending_ = false;
        if (r.paused_by_) r.lift_pause(link);
        r.send_room_info(link, request_id);
      },
      [link, request_id](Room& r) {
        r.resume_pending_ = false;
        link->send(make_error(request_id, "UNAVAILABLE", "the resumption could not be stored; the match stays paused"));
      });
}

void Room::lift_pause(const LinkPtr& except) {
  paused_by_.reset();
  pause_reason_.clear();
  pause_shared_ = false;
  ++pause_token_;
  restart_clock();
  note_seat_presence();
  update_summary();
  broadcast_room_info(except);
  if (clock_) send_fresh_updates();  // the clocks run again
}

// --- penalties and results ---------------------------------------------------------

void Room::do_penalize(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, const PenaltyOrder& order) {
  if (!judging(link, request_id)) return;
  if (!match_ || match_id_ == 0) {
    link->send(make_error(request_id, "MATCH_NOT_STARTED", "penalties are recorded against a match; room " + id_ +
                                                               " has none yet"));
    return;
  }
  if (order.seat < 0 || order.seat >= static_cast<int>(seats_.size()) || !seats_[order.seat].player) {
    link->send(make_error(request_id, "INVALID_SEATS", "no player in that seat"));
    return;
  }
  const bool ending = ends_match(order.penalty);
  if (ending && (phase_ != Phase::Running || match_->finished())) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "a game or match loss needs a running match"));
    return;
  }
  persistence::JudgeActionRecord action;
  action.kind = "penalty";
  action.judge_id = judge.id;
  action.seat = order.seat;
  action.player_id = seats_[order.seat].player->id;
  action.category = order.category;
  action.penalty = penalty_name(order.penalty);
  action.detail = order.note;
  // Recorded first; a game or match loss takes effect once the penalty is durable.
  record_judge_action(
      action, false,
      [link, request_id, judge, order, ending](Room& r, std::int64_t id) {
        v1::ServerMessage reply;
        reply.set_request_id(request_id);
        reply.mutable_penalty_recorded()->set_penalty_id(id);
        reply.mutable_penalty_recorded()->set_command_index(r.command_index_);
        link->send(reply);
        if (ending && r.phase_ == Phase::Running && r.match_ && !r.match_->finished()) r.penalty_ends_match(judge, order);
      },
      [link, request_id](Room&) {
        link->send(make_error(request_id, "UNAVAILABLE", "the penalty could not be stored; nothing was recorded"));
      });
}

// The penalized seat concedes, as a journaled command, so that replay and
// recovery reproduce it; in a free-for-all of three or more that seat alone is
// out. The result names the judge when the concession ends the match.
void Room::penalty_ends_match(PlayerRef judge, const PenaltyOrder& order) {
  rules::Command command{rules::Command::Kind::Concede, order.seat, {}};
  auto outcome = rules::apply(*match_, command);
  if (!outcome.accepted) {
    spdlog::warn("room {}: penalty concession refused: {}", id_, outcome.rejection->message);
    return;
  }
  if (match_->finished()) {
    auto result = *match_->result();
    result.reason = std::string("judge: ") + penalty_name(order.penalty) + " for " +
                    seats_[order.seat].player->username + " (" + order.category + ")";
    judged_ = JudgedResult{result, judge};
  }
  accept_command(command, outcome, PendingFlush{0, nullptr, -1, 0, std::chrono::steady_clock::now(), {}, nullptr, {}, nullptr, nullptr});
  if (judged_) {
    ctx_.db.post(
        [match_id = match_id_, judge_id = judge.id, text = result_to_text(judged_->result)](pqxx::connection& conn) {
          persistence::JudgeRepository(conn).judge_result(match_id, judge_id, text);
        },
        [id = id_] { spdlog::error("room {}: could not store the judge's result: database unreachable", id); });
  }
}

void Room::do_override_result(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id,
                              rules::MatchResult result) {
  if (!judging(link, request_id)) return;
  if (!match_ || match_id_ == 0) {
    link->send(make_error(request_id, "MATCH_NOT_STARTED", "room " + id_ + " has no match to give a result"));
    return;
  }
  for (const auto seat : result.winners) {
    if (seat < 0 || seat >= static_cast<int>(seats_.size())) {
      link->send(make_error(request_id, "INVALID_SEATS", "a winner is not a seat of room " + id_));
      return;
    }
  }
  result.reason = "judge: " + result.reason;
  persistence::JudgeActionRecord action;
  action.kind = "result";
  action.judge_id = judge.id;
  action.detail = result_to_text(result);
  // The action and the match's result are stored together; the match ends
  // (or its result changes) only once they are durable.
  record_judge_action(
      action, true,
      [link, request_id, judge, result](Room& r, std::int64_t) {
        r.judged_ = JudgedResult{result, judge};
        r.end_by_judge();
        link->send(make_ok(request_id));
      },
      [link, request_id](Room&) {
        link->send(make_error(request_id, "UNAVAILABLE", "the result could not be stored; the match goes on"));
      });
}

// The match ends (or its result changes) without a command: everyone gets a
// fresh update showing the judge's result.
void Room::end_by_judge() {
  const bool was_running = phase_ == Phase::Running;
  stop_clock();
  phase_ = Phase::Finished;
  paused_by_.reset();
  send_fresh_updates();
  hold_for_spectators({}, seat_prompts());
  release_for_spectators();
  if (was_running && pending_.empty()) Metrics::instance().matches_running--;
  update_summary();
  broadcast_room_info();
  if (pending_.empty()) tell_match_end();
  if (pending_.empty()) maybe_close();
}

std::optional<rules::MatchResult> Room::current_result() const {
  if (judged_) return judged_->result;
  return match_ ? match_->result() : std::nullopt;
}

// --- the judge's view --------------------------------------------------------------

void Room::do_judge_view(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, bool follow) {
  if (!judging(link, request_id)) return;
  if (!match_) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no match yet"));
    return;
  }
  if (follow) {
    judge_followers_.insert(link);
  } else {
    judge_followers_.erase(link);
  }
  send_judge_view(link, judge, request_id);
}

// The full view through the game's own projection for a judge, never as a
// delta (it must not touch the spectators' feed).
std::shared_ptr<const std::string> Room::judge_update(std::uint64_t request_id) const {
  v1::ServerMessage message;
  message.set_request_id(request_id);
  auto* update = message.mutable_match_update();
  update->set_room_id(id_);
  update->set_game(game_id());
  update->set_command_index(command_index_);
  update->set_judge_view(true);
  game_.adapter->encode_view(*match_->view(rules::Viewer::judge()), update->mutable_view());
  update->set_seed_commitment(seed_commitment_);
  for (int seat = 0; seat < match_->seat_count(); ++seat) {
    if (match_->shared_prompt(seat)) update->add_awaiting(static_cast<std::uint32_t>(seat));
  }
  if (auto result = current_result()) {
    update->set_finished(true);
    result_to_wire(*result, seed_.hex(), update->mutable_result());
    if (judged_) update->mutable_result()->set_judge(judged_->judge.username);
  }
  if (clock_) clock_to_wire(update->mutable_clocks());
  return std::make_shared<const std::string>(message.SerializeAsString());
}

void Room::send_judge_view(const LinkPtr& link, const PlayerRef& judge, std::uint64_t request_id) {
  link->send_shared(judge_update(request_id));
  audit_judge_view(judge, command_index_);
}

// judge_view_audit: which judge saw which match at which command index.
void Room::audit_judge_view(const PlayerRef& judge, std::uint64_t index) {
  ctx_.db.post(
      [judge_id = judge.id, room = id_, match_id = match_id_, index](pqxx::connection& conn) {
        persistence::JudgeRepository(conn).audit_view(judge_id, room, match_id, static_cast<std::int64_t>(index));
      },
      [id = id_] { spdlog::error("room {}: could not audit a judge view: database unreachable", id); });
}

// After a command is durable: the judges who follow get its judge view.
void Room::send_judge_views(const PendingFlush& pending) {
  if (!pending.judge_update) return;
  for (const auto& link : judge_followers_) {
    auto it = judge_links_.find(link);
    if (it == judge_links_.end()) continue;
    link->send_shared(pending.judge_update);
    audit_judge_view(it->second, pending.index);
  }
}

// --- persistence -------------------------------------------------------------------

// Judge actions are written one at a time, in the order they were taken, so
// that recovery replays them in that order. `stored` and `failed` run on the
// room's strand. A "result" action that decides the match's result is stored
// in the same transaction as that result.
void Room::record_judge_action(persistence::JudgeActionRecord action, bool decides_result,
                               std::function<void(Room&, std::int64_t)> stored, std::function<void(Room&)> failed) {
  action.match_id = match_id_;
  action.room_id = id_;
  action.command_index = static_cast<std::int64_t>(command_index_);
  queue_write(
      [action, decides_result](pqxx::connection& conn) -> std::optional<std::int64_t> {
        persistence::JudgeRepository judges(conn);
        return decides_result ? judges.record_result(action, action.detail) : judges.record_action(action);
      },
      std::move(stored), std::move(failed));
}

void Room::queue_write(WriteJob job, std::function<void(Room&, std::int64_t)> stored,
                       std::function<void(Room&)> failed) {
  writes_.push_back(RoomWrite{std::move(job), std::move(stored), std::move(failed)});
  if (writes_.size() == 1) write_next();
}

void Room::write_next() {
  if (writes_.empty()) return;
  auto self = shared_from_this();
  ctx_.db.post(
      [self, job = writes_.front().job](pqxx::connection& conn) {
        std::optional<std::int64_t> row;
        try {
          row = job(conn);
        } catch (const std::exception& e) {
          spdlog::error("room {}: a write failed: {}", self->id_, e.what());
          self->on_strand([](Room& r) { r.write_done(std::nullopt); });
          throw;  // the worker reconnects if the connection broke
        }
        self->on_strand([row](Room& r) { r.write_done(row); });
      },
      [self] {
        spdlog::error("room {}: a write failed: database unreachable", self->id_);
        self->on_strand([](Room& r) { r.write_done(std::nullopt); });
      });
}

void Room::write_done(std::optional<std::int64_t> row) {
  if (writes_.empty()) return;
  auto write = std::move(writes_.front());
  writes_.pop_front();
  write_next();
  if (row && write.stored) write.stored(*this, *row);
  if (!row && write.failed) write.failed(*this);
}

void Room::restore_judging(const std::vector<persistence::JudgeActionRecord>& actions,
                           const std::map<std::int64_t, std::string>& judge_names) {
  for (const auto& action : actions) {
    if (action.kind == "pause") {
      auto name = judge_names.find(action.judge_id);
      paused_by_ = PlayerRef{action.judge_id, name == judge_names.end() ? std::string() : name->second};
      pause_reason_ = action.detail;
      pause_shared_ = action.category == "shared";
    } else if (action.kind == "resume") {
      paused_by_.reset();
      pause_reason_.clear();
      pause_shared_ = false;
    }
  }
}

void Room::send_to_everyone(const std::shared_ptr<const std::string>& body) const {
  for (const auto& seat : seats_) {
    for (const auto& link : seat.links) link->send_shared(body);
  }
  for (const auto& link : spectators_) link->send_shared(body);
  for (const auto& [link, judge] : judge_links_) link->send_shared(body);
}

}  // namespace concord::server
