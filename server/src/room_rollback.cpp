// A judge's rollback and the match log (protocol/README.md section 11,
// "Rollback"). The match must be paused and every accepted command durable.
// On a database worker, in the room's write order: the stored log is read,
// the match is rebuilt from (seed, options, decks, commands 1..k), its state
// hash is checked against the one journaled at k, and the rollback is stored
// with the voided commands k+1..n moved aside (never deleted). Only then does
// the room install the rebuilt match, so that a crash at any point recovers
// either the match before the rollback or exactly the rolled-back one.
#include <spdlog/spdlog.h>

#include "match_replay.hpp"
#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

constexpr std::size_t kMaxReasonBytes = 256;

}  // namespace

// What the worker rebuilt, or why it refused.
struct Room::Rebuilt {
  ReplayedMatch replayed;
  std::vector<std::string> metas;  // commands 1..k: their clock records
  std::vector<persistence::JudgeActionRecord> actions;
  std::string refusal_code;  // set when refused (nothing was stored)
  std::string refusal_text;
};

void Room::rollback(PlayerRef judge, LinkPtr link, std::uint64_t request_id, std::uint64_t to_index,
                    std::string reason) {
  on_strand([=](Room& r) { r.do_rollback(judge, link, request_id, to_index, reason); });
}

void Room::match_log(LinkPtr link, std::uint64_t request_id) {
  on_strand([=](Room& r) { r.do_match_log(link, request_id); });
}

rules::MatchSetup Room::match_setup() const {
  rules::MatchSetup setup{settings_.options, {}, seed_};
  for (const auto& seat : seats_) setup.seats.push_back({seat.player ? seat.player->username : "", seat.deck});
  return setup;
}

namespace {

// On a worker: rebuilds the match at `rollback.to_index` from the stored log
// and stores the rollback. Returns the rollback's id, or nullopt with
// `out.refusal_*` set.
std::optional<std::int64_t> rebuild_and_store(pqxx::connection& conn, const rules::GameDefinition& game,
                                              const rules::MatchSetup& setup,
                                              const persistence::RollbackRecord& rollback, Room::Rebuilt& out);

}  // namespace

void Room::do_rollback(PlayerRef judge, const LinkPtr& link, std::uint64_t request_id, std::uint64_t to_index,
                       const std::string& reason) {
  if (!judging(link, request_id)) return;
  std::string code, text;
  if (phase_ != Phase::Running || !match_ || match_id_ == 0) {
    code = "MATCH_NOT_RUNNING", text = "room " + id_ + " has no running match";
  } else if (!paused_by_) {
    code = "MATCH_NOT_PAUSED", text = "pause the match before rolling it back";
  } else if (to_index >= command_index_) {
    code = "INVALID_INDEX", text = "the match is at command " + std::to_string(command_index_) +
                                   "; roll back to an index below it";
  } else if (reason.empty() || reason.size() > kMaxReasonBytes) {
    code = "REASON_REQUIRED", text = "a rollback needs a reason of 1-256 bytes";
  } else if (rolling_back_) {
    code = "ROLLBACK_PENDING", text = "another rollback of room " + id_ + " is being stored";
  } else if (!pending_.empty()) {
    code = "NOT_DURABLE", text = "commands of room " + id_ + " are still being stored; try again";
  }
  if (!code.empty()) return link->send(make_error(request_id, code, text));

  rolling_back_ = true;
  persistence::RollbackRecord record;
  record.match_id = match_id_;
  record.room_id = id_;
  record.judge_id = judge.id;
  record.from_index = static_cast<std::int64_t>(command_index_);
  record.to_index = static_cast<std::int64_t>(to_index);
  record.reason = reason;
  fold_journal([=](Room& r) { r.store_rollback(judge, link, request_id, record); },
               [link, request_id](Room& r) {
                 r.rolling_back_ = false;
                 link->send(make_error(request_id, "UNAVAILABLE", "the rollback could not be stored; nothing changed"));
               });
}

// The journal first makes every command of the match a row of its own
// (persistence::FoldMatch), since the rollback reads and rewrites rows.
// While the journal knows the database is unreachable the rollback is
// refused at once, as the database worker refused it, instead of waiting
// for the outage to end.
void Room::fold_journal(std::function<void(Room&)> folded, std::function<void(Room&)> failed) {
  if (!ctx_.journal) return folded(*this);
  if (!ctx_.journal->reachability().reachable) return failed(*this);
  ctx_.journal->append(persistence::FoldMatch{match_id_},
                       [self = shared_from_this(), folded = std::move(folded), failed = std::move(failed)](bool ok) {
                         self->on_strand([ok, folded, failed](Room& r) { (ok ? folded : failed)(r); });
                       });
}

void Room::store_rollback(const PlayerRef& judge, const LinkPtr& link, std::uint64_t request_id,
                          const persistence::RollbackRecord& record) {
  auto rebuilt = std::make_shared<Rebuilt>();
  const auto from = static_cast<std::uint64_t>(record.from_index);
  const auto to_index = static_cast<std::uint64_t>(record.to_index);
  queue_write(
      [game = &game_.definition, setup = match_setup(), record, rebuilt](pqxx::connection& conn) {
        return rebuild_and_store(conn, *game, setup, record, *rebuilt);
      },
      [rebuilt, judge, link, request_id, from, to_index](Room& r, std::int64_t id) {
        r.rolling_back_ = false;
        r.install_rollback(*rebuilt, judge, from);
        v1::ServerMessage reply;
        reply.set_request_id(request_id);
        auto* done = reply.mutable_rolled_back();
        done->set_room_id(r.id_);
        done->set_rollback_id(id);
        done->set_from_command_index(from);
        done->set_to_command_index(to_index);
        link->send(reply);
      },
      [rebuilt, link, request_id](Room& r) {
        r.rolling_back_ = false;
        if (rebuilt->refusal_code.empty()) {
          return link->send(make_error(request_id, "UNAVAILABLE", "the rollback could not be stored; nothing changed"));
        }
        link->send(make_error(request_id, rebuilt->refusal_code, rebuilt->refusal_text));
      });
}

namespace {

std::optional<std::int64_t> refuse(Room::Rebuilt& out, std::string code, std::string text) {
  out.refusal_code = std::move(code);
  out.refusal_text = std::move(text);
  return std::nullopt;
}

std::optional<std::int64_t> rebuild_and_store(pqxx::connection& conn, const rules::GameDefinition& game,
                                              const rules::MatchSetup& setup,
                                              const persistence::RollbackRecord& rollback, Room::Rebuilt& out) {
  const auto stored = persistence::MatchRepository(conn).commands(rollback.match_id);
  if (static_cast<std::int64_t>(stored.size()) != rollback.from_index) {
    return refuse(out, "NOT_DURABLE", "the journal holds " + std::to_string(stored.size()) + " commands, not " +
                                          std::to_string(rollback.from_index) + "; try again");
  }
  std::vector<rules::Command> log;
  for (std::int64_t i = 0; i < rollback.to_index; ++i) {
    auto command = rules::Command::from_text(stored[static_cast<std::size_t>(i)].command_text);
    if (!command) return refuse(out, "HASH_MISMATCH", "command " + std::to_string(i + 1) + " is unreadable");
    log.push_back(std::move(*command));
    out.metas.push_back(stored[static_cast<std::size_t>(i)].meta);
  }
  // This rollback starts a new epoch of prompt ids: none repeats one sent
  // before it (the commands k+1.. are played again at the same indexes).
  const auto epoch = persistence::RollbackRepository(conn).rollbacks(rollback.match_id).size() + 1;
  out.replayed = replay_match(game, setup, log, epoch);
  if (!out.replayed.match) return refuse(out, "HASH_MISMATCH", "the rebuild failed: " + out.replayed.error);
  if (rollback.to_index > 0 &&
      !out.replayed.match->has_state_hash(stored[static_cast<std::size_t>(rollback.to_index - 1)].state_hash)) {
    return refuse(out, "HASH_MISMATCH", "the rebuilt state differs from the one journaled at command " +
                                            std::to_string(rollback.to_index) + "; nothing changed");
  }
  out.actions = persistence::JudgeRepository(conn).actions(rollback.match_id);
  try {
    return persistence::RollbackRepository(conn).void_commands(rollback);
  } catch (const persistence::RollbackConflict& e) {
    return refuse(out, "NOT_DURABLE", e.what());
  }
}

}  // namespace

// The rebuilt match replaces the present one: everyone gets a full view with
// the "rollback" event (delayed spectators when it is due); the match stays
// paused; the clocks are those the journal gives at k.
void Room::install_rollback(Rebuilt& rebuilt, const PlayerRef& judge, std::uint64_t from_index) {
  match_ = std::move(rebuilt.replayed.match);
  prompt_ids_ = std::move(rebuilt.replayed.prompt_ids);
  command_index_ = rebuilt.metas.size();
  durable_index_ = command_index_;
  for (auto& feed : seat_feeds_) feed.forget();
  spectator_feed_.forget();
  flagged_.clear();
  rebuild_clock(rebuilt.metas, rebuilt.actions);
  spdlog::info("room {}: judge {} rolled the match back from {} to {}", id_, judge.username, from_index,
               command_index_);
  const std::vector<rules::Event> events{rules::Event{
      "rollback",
      "judge " + judge.username + " rolled the match back from command " + std::to_string(from_index) + " to " +
          std::to_string(command_index_),
      rules::Visibility::all(), nullptr}};
  const auto prompts = seat_prompts();
  auto send_full = [&](const LinkPtr& link, const rules::Viewer& viewer) {
    auto update = match_update(viewer, events, {link}, prompts, true);
    link->send_shared(update.delta ? update.delta : update.full);
  };
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) send_full(link, rules::Viewer::of_seat(static_cast<int>(i)));
  }
  for (const auto& link : public_links()) send_full(link, rules::Viewer::spectator());
  for (const auto& [link, who] : judge_links_) {
    if (judge_followers_.count(link)) send_judge_view(link, who, 0);
  }
  while (!held_.empty() && held_.back().index > command_index_) held_.pop_back();
  hold_for_spectators(events, prompts);
  release_for_spectators();
  update_summary();
  broadcast_room_info();
}

// --- the match log -------------------------------------------------------------------

namespace {

// The commands in force (by index), then the voided ones (by rollback, index).
v1::ServerMessage match_log_message(pqxx::connection& conn, std::uint64_t request_id, const std::string& room,
                                    std::int64_t match_id) {
  v1::ServerMessage reply;
  reply.set_request_id(request_id);
  auto* log = reply.mutable_match_log();
  log->set_room_id(room);
  log->set_match_id(match_id);
  for (const auto& command : persistence::MatchRepository(conn).commands(match_id)) {
    command_to_wire(command, 0, log->add_commands());
  }
  persistence::RollbackRepository rollbacks(conn);
  for (const auto& voided : rollbacks.voided(match_id)) command_to_wire(voided.command, voided.rollback_id, log->add_commands());
  for (const auto& rollback : rollbacks.rollbacks(match_id)) rollback_to_wire(rollback, log->add_rollbacks());
  return reply;
}

}  // namespace

void Room::do_match_log(const LinkPtr& link, std::uint64_t request_id) {
  if (!judging(link, request_id)) return;
  if (match_id_ == 0) {
    return link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no match yet"));
  }
  const auto match_id = match_id_;
  ctx_.db.post(
      [link, request_id, match_id, room = id_](pqxx::connection& conn) {
        try {
          link->send(match_log_message(conn, request_id, room, match_id));
        } catch (const std::exception&) {
          link->send(make_error(request_id, "UNAVAILABLE", "the match log could not be read"));
          throw;  // the worker resets its connection
        }
      },
      [link, request_id] { link->send(make_error(request_id, "UNAVAILABLE", "the database is unreachable")); });
}

}  // namespace concord::server
