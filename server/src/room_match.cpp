// The match a room owns: start, commands, journaling and durable acknowledgement.
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "concord/server/metrics.hpp"
#include "lobby.hpp"
#include "match_replay.hpp"
#include "ratings.hpp"
#include "room.hpp"
#include "update_body.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

rules::Seed fresh_seed() {
  rules::Seed seed;
  randombytes_buf(seed.bytes.data(), seed.bytes.size());
  return seed;
}

persistence::MatchRecord match_record(const std::string& room_id, const std::string& game,
                                      const RoomSettings& settings, const rules::Seed& seed) {
  persistence::MatchRecord record;
  record.room_id = room_id;
  record.game = game;
  record.room_name = settings.name;
  record.options_text = rules::options_to_text(settings.options);
  record.seed_hex = seed.hex();
  record.seed_commitment = seed.commitment();
  record.status = "running";
  record.password_hash = settings.password_hash;
  record.creator_id = settings.creator;
  record.seat_count = settings.seat_count;
  record.settings_blob = settings.extra;
  return record;
}

// The first seat whose deck breaks the game's deck rules (checked again at
// match start and on recovery, not only when the deck was saved).
std::optional<std::string> deck_problem(const rules::GameDefinition& game, const rules::MatchSetup& setup) {
  if (!game.needs_deck) return std::nullopt;
  for (std::size_t i = 0; i < setup.seats.size(); ++i) {
    const auto& deck = setup.seats[i].deck;
    if (!deck) return "seat " + std::to_string(i + 1) + " has no deck";
    const auto problems = rules::validate_deck(game, *deck);
    if (!problems.empty()) return "seat " + std::to_string(i + 1) + "'s deck: " + problems.front().message;
  }
  return std::nullopt;
}

// Accepted commands a room holds while they are not durable yet. Beyond this
// (or while the database is known to be unreachable) commands are refused.
constexpr std::size_t kMaxNotDurable = 8;

}  // namespace

void Room::use_seed(const rules::Seed& seed) {
  seed_ = seed;
  seed_commitment_ = seed.commitment();
}

void Room::start_match() {
  phase_ = Phase::Starting;
  use_seed(fresh_seed());
  rules::MatchSetup setup{settings_.options, {}, seed_};
  auto record = match_record(id_, game_id(), settings_, seed_);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto& seat = seats_[i];
    setup.seats.push_back({seat.player->username, seat.deck});
    record.seats.push_back({static_cast<int>(i), seat.player->id, seat.player->username,
                            seat.deck ? seat.deck->to_text() : std::string()});
  }
  if (auto problem = create_match(setup)) {
    spdlog::error("room {}: the match could not be created: {}", id_, *problem);
    close_room("the match could not be created: " + *problem);
    return;
  }
  record_match_start(std::move(record));
}

// The match's rows are written by the journal, in its next group commit;
// without a journal (--journal false) by a database worker in a statement
// of their own. Either way the match starts once they are committed.
void Room::record_match_start(persistence::MatchRecord record) {
  auto self = shared_from_this();
  auto failed = [self](const std::string& error) {
    self->on_strand([error](Room& r) { r.on_match_create_failed(error); });
  };
  if (ctx_.journal) {
    if (!ctx_.journal->reachability().reachable) return failed("the database is unreachable");
    ctx_.journal->create_match(std::move(record), [self, failed](std::optional<std::int64_t> match_id) {
      if (!match_id) return failed("the database did not record it");
      self->on_strand([id = *match_id](Room& r) { r.on_match_created(id); });
    });
    return;
  }
  ctx_.db.post(
      [self, record, failed](pqxx::connection& conn) {
        try {
          const auto match_id = persistence::MatchRepository(conn).create(record);
          self->on_strand([match_id](Room& r) { r.on_match_created(match_id); });
        } catch (const std::exception& e) {
          spdlog::error("room {}: recording the match start failed: {}", self->id_, e.what());
          failed("the database did not record it");
          throw;  // lets the worker reset its connection
        }
      },
      [failed] { failed("the database is unreachable"); });
}

// Checks every seat's deck again (the game's rules may be stricter than when
// it was saved) and creates the match. A game that throws is reported, never
// propagated: one room must not take the server down.
std::optional<std::string> Room::create_match(const rules::MatchSetup& setup) {
  if (auto problem = deck_problem(game_.definition, setup)) return problem;
  try {
    match_ = game_.definition.create(setup);
  } catch (const std::exception& e) {
    match_.reset();
    return std::string("the game failed: ") + e.what();
  }
  if (!match_) return std::string("the game refused the setup");
  command_index_ = 0;
  prompt_ids_.emplace(*match_, 0);
  return std::nullopt;
}

void Room::on_match_created(std::int64_t match_id) {
  if (closed_) {  // aborted while its record was being written
    record_end(match_id, "aborted", "aborted: the room closed before the match started");
    settle_settings_while_starting(WaitingSettings::Drop);
    return;
  }
  match_id_ = match_id;
  phase_ = Phase::Running;
  settle_settings_while_starting(WaitingSettings::Store);
  start_clock();
  Metrics::instance().matches_running++;
  spdlog::info("room {}: match {} started ({} seats, commitment {})", id_, match_id, seats_.size(),
               seed_commitment_);
  update_summary();
  broadcast_room_info();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) send_fresh_update(link, static_cast<int>(i));
  }
  for (const auto& link : spectators_) send_fresh_update(link, -1);
  for (const auto& [link, judge] : judge_links_) send_fresh_update(link, -1);
  note_seat_presence();
  hold_for_spectators({}, seat_prompts());
  release_for_spectators();
  check_time_called();
}

// The room goes back to waiting with nobody ready; every seated player is
// told (an Error push, request_id 0) and may ready again to retry.
void Room::on_match_create_failed(const std::string& error) {
  spdlog::error("room {}: could not record the match start: {}", id_, error);
  match_.reset();
  phase_ = Phase::Waiting;
  settle_settings_while_starting(WaitingSettings::Keep);  // the next record takes them
  for (auto& seat : seats_) seat.ready = false;
  update_summary();
  const auto told = make_error(0, "UNAVAILABLE",
                               "room " + id_ + ": the match could not start (" + error +
                                   "); nobody is ready any more: set ready again to retry");
  for (const auto& seat : seats_) {
    for (const auto& link : seat.links) link->send(told);
  }
  broadcast_room_info();
}

std::optional<std::string> Room::check_command(PlayerRef player, const ClientLink& link, StaleCheck against,
                                               const rules::Command& command, int* seat) const {
  if (phase_ != Phase::Running) return std::string("MATCH_NOT_RUNNING");
  *seat = seat_of(player.id);
  if (*seat < 0) return std::string("NOT_A_PLAYER");
  if (paused_by_) return std::string("MATCH_PAUSED");
  if (link.protocol_version() < 2) {  // 1.0: the global command index, 0 = unchecked
    if (against.command_index != 0 && against.command_index != command_index_) return std::string("STALE_PROMPT");
    return std::nullopt;
  }
  if (command.kind != rules::Command::Kind::Answer) return std::nullopt;
  const auto current = prompt_ids_->id(*seat);
  if (current == 0) return std::nullopt;  // no prompt: the rules say why (NO_PROMPT)
  if (against.prompt_id == 0) return std::string("PROMPT_ID_REQUIRED");
  if (against.prompt_id != current) return std::string("STALE_PROMPT");
  return std::nullopt;
}

void Room::do_command(PlayerRef player, LinkPtr link, std::uint64_t request_id, StaleCheck against,
                      rules::Command command) {
  const auto received = std::chrono::steady_clock::now();
  int seat = -1;
  if (auto code = check_command(player, *link, against, command, &seat)) {
    Metrics::instance().command_rejected(*code);
    link->send(make_error(request_id, *code, "command refused in room " + id_));
    return;
  }
  command.seat = seat;
  try {
    run_command(link, request_id, seat, std::move(command), received);
  } catch (const std::exception& e) {
    spdlog::error("room {}: the game failed on a command: {}", id_, e.what());
    link->send(make_error(request_id, "INTERNAL", "the game failed on this command; the match is aborted"));
    abort_match(std::string("the game failed: ") + e.what());
  }
}

void Room::run_command(const LinkPtr& link, std::uint64_t request_id, int seat, rules::Command command,
                       std::chrono::steady_clock::time_point received) {
  auto outcome = rules::apply(*match_, command);
  if (!outcome.accepted) {
    Metrics::instance().command_rejected(outcome.rejection->code);
    link->send(make_error(request_id, outcome.rejection->code, outcome.rejection->message));
    return;
  }
  accept_command(command, outcome, PendingFlush{0, link, seat, request_id, received, {}, nullptr, {}, nullptr, nullptr});
}

void Room::accept_command(const rules::Command& command, rules::Outcome& outcome, PendingFlush pending) {
  pending.index = ++command_index_;
  prompt_ids_->after_command(*match_, command, command_index_);
  auto clock_record = clock_after_command(command.seat);
  // Views are projected only for viewers who are connected now (projection is
  // most of a command's cost). Whoever connects before the flush was sent a
  // fresh update of this state or a later one on joining, so a missing update
  // is skipped for them.
  seat_prompts(prompt_buffer_);
  const SeatPrompts& prompts = prompt_buffer_;
  const CommandViews& views = command_views(outcome.events, prompts);
  pending.seat_updates.reserve(seats_.size());
  pending.seat_deltas.reserve(seats_.size());
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto viewer = rules::Viewer::of_seat(static_cast<int>(i));
    auto update = match_update(viewer, outcome.events, seats_[i].links, prompts, false, 0, &views);
    pending.seat_updates.push_back(std::move(update.full));
    pending.seat_deltas.push_back(std::move(update.delta));
  }
  auto spectator = match_update(rules::Viewer::spectator(), outcome.events, public_links(), prompts, false, 0, &views);
  pending.spectator_update = std::move(spectator.full);
  pending.spectator_delta = std::move(spectator.delta);
  if (!judge_followers_.empty()) pending.judge_update = judge_update(0);
  hold_for_spectators(outcome.events, prompts, &views);
  if (match_->finished()) {
    phase_ = Phase::Finished;
    stop_clock();
  }
  pending_.push_back(std::move(pending));
  journal_command(command, match_->state_hash(), std::move(clock_record));
  arm_clock();
  check_time_called();
}

// The engine threw: the match cannot go on. It ends as aborted (journaled, so
// recovery never restores it into the same failure), players are told, and
// the room closes.
void Room::abort_match(const std::string& reason) {
  record_end(match_id_, "aborted", "aborted: " + reason);
  if (phase_ == Phase::Running) Metrics::instance().matches_running--;
  for (auto& pending : pending_) {
    if (pending.submitter) {
      pending.submitter->send(make_error(pending.request_id, "INTERNAL", "the match was aborted: " + reason));
    }
  }
  pending_.clear();
  phase_ = Phase::Finished;
  match_.reset();
  // A tournament's game that cannot go on counts as drawn (its event then
  // opens the next game of the table).
  if (ctx_.match_end && !settings_.tag.empty() && match_id_ != 0) {
    ctx_.match_end->match_ended(id_, settings_.tag, match_id_, rules::MatchResult{{}, true, "aborted: " + reason});
  }
  close_room("the match was aborted: " + reason);
}

// Records how a match ended, after every command journaled before it.
void Room::record_end(std::int64_t match_id, const std::string& status, const std::string& text) {
  if (match_id == 0) return;  // not recorded yet: on_match_created records it
  persistence::FinishMatch finish{match_id, status, text};
  if (ctx_.journal) {
    ctx_.journal->append(finish, [id = id_](bool ok) {
      if (!ok) spdlog::error("room {}: could not record the end of its match", id);
    });
    return;
  }
  ctx_.db.post(
      [finish, id = id_](pqxx::connection& conn) {
        try {
          persistence::MatchRepository(conn).finish(finish.match_id, finish.status, finish.result_text);
        } catch (const std::exception& e) {
          spdlog::error("room {}: could not record the end of its match: {}", id, e.what());
        }
      },
      [id = id_] { spdlog::error("room {}: could not record the end of its match: database unreachable", id); });
}

void Room::journal_command(const rules::Command& command, const std::string& hash, std::string meta) {
  const auto index = command_index_;
  const bool finished = phase_ == Phase::Finished;
  if (!ctx_.journal) {
    on_strand([index](Room& r) { r.on_durable(index, true); });
    if (finished) record_end(match_id_, "finished", result_to_text(*current_result()));
    return;
  }
  auto done = [self = shared_from_this(), index](bool ok) {
    self->on_strand([index, ok](Room& r) { r.on_durable(index, ok); });
  };
  persistence::CommandRecord record{static_cast<std::int64_t>(index), command.seat, command.to_text(), hash,
                                    std::move(meta)};
  ctx_.journal->append(persistence::AppendCommand{match_id_, record}, done);
  if (finished) {
    persistence::FinishMatch finish{match_id_, "finished", result_to_text(*current_result())};
    ctx_.journal->append(finish, [id = id_](bool ok) {
      if (!ok) spdlog::error("room {}: could not record the match result", id);
    });
  }
}

// Called before a command reaches do_command. While the journal cannot make
// commands durable (the database is unreachable, or kMaxNotDurable accepted
// commands are still waiting), the command is refused with UNAVAILABLE: the
// room accepts nothing it may not be able to keep, and resumes by itself.
bool Room::refuse_while_not_durable(const LinkPtr& link, std::uint64_t request_id) {
  if (phase_ != Phase::Running || !ctx_.journal) return false;
  const bool unreachable = !ctx_.journal->reachability().reachable;
  if (!unreachable && pending_.size() < kMaxNotDurable) return false;
  Metrics::instance().command_rejected("UNAVAILABLE");
  link->send(make_error(request_id, "UNAVAILABLE",
                        "the database is unreachable, so room " + id_ +
                            " cannot record commands: yours was not applied; the match waits and "
                            "resumes by itself when the database is back, send it again then"));
  return true;
}

void Room::on_durable(std::uint64_t index, bool ok) {
  if (closed_) return;
  if (!ok) {
    fail_storage();
    return;
  }
  while (!pending_.empty() && pending_.front().index <= index) {
    flush(pending_.front());
    pending_.pop_front();
  }
  durable_index_ = std::max(durable_index_, index);
  release_for_spectators();
  if (phase_ == Phase::Finished && pending_.empty()) {
    Metrics::instance().matches_running--;
    update_summary();
    broadcast_room_info();
    tell_match_end();
    maybe_close();
  }
}

// A tagged room (a tournament's game) tells the listener how its match
// ended, once the end is durable; again when a judge corrects the result.
void Room::tell_match_end() {
  const auto result = current_result();
  if (!result) return;
  if (settings_.tag.empty()) return rate_if_rated(*result);
  if (ctx_.match_end) ctx_.match_end->match_ended(id_, settings_.tag, match_id_, *result);
}

// A casual room with the option `rated`: a two-player match that ended (not
// aborted) changes both players' ratings, once (a later judge's correction
// does not rate again).
void Room::rate_if_rated(const rules::MatchResult& result) {
  if (!policy_.rated || rated_ || seats_.size() != 2 || match_id_ == 0) return;
  if (!seats_[0].player || !seats_[1].player) return;
  rated_ = true;
  const double first_score = result.draw || result.winners.size() != 1 ? 0.5 : result.winners.front() == 0 ? 1.0 : 0.0;
  ctx_.db.post(
      [game = game_id(), a = seats_[0].player->id, b = seats_[1].player->id, first_score,
       match = match_id_](pqxx::connection& conn) { rate_match(conn, game, a, b, first_score, match); },
      [id = id_] { spdlog::error("room {}: the ratings could not be stored (database unreachable)", id); });
}

void Room::flush(PendingFlush& pending) {
  auto& metrics = Metrics::instance();
  metrics.commands_accepted++;
  metrics.observe_command_latency(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - pending.received).count());
  const bool replied_with_update = send_acknowledgement(pending);
  // A link that joined after the command was projected has no update of the
  // form it needs (null): it was sent a fresh view of this state or a later one.
  auto send = [](const LinkPtr& link, const std::shared_ptr<const std::string>& full,
                 const std::shared_ptr<const std::string>& delta) {
    const auto& body = takes_view_deltas(*link) ? delta : full;
    if (body) link->send_shared(body);
  };
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) {
      if (link == pending.submitter && replied_with_update) continue;
      send(link, pending.seat_updates[i], pending.seat_deltas[i]);
    }
  }
  if (!policy_.spectators_delayed()) {  // delayed spectators: release_for_spectators()
    for (const auto& link : spectators_) send(link, pending.spectator_update, pending.spectator_delta);
  }
  for (const auto& [link, judge] : judge_links_) send(link, pending.spectator_update, pending.spectator_delta);
  send_judge_views(pending);
}

// 1.0: an AnswerAccepted, then the mover's update like everyone's. 1.1: the
// mover's own update is the reply (its request_id, accepted = true).
bool Room::send_acknowledgement(const PendingFlush& pending) {
  const auto& submitter = pending.submitter;
  if (!submitter) return false;
  const auto seat = static_cast<std::size_t>(pending.submitter_seat);
  const bool one_one = submitter->protocol_version() >= 2;
  const auto& update = pending.submitter_seat < 0 ? nullptr
                       : one_one                  ? pending.seat_deltas[seat]
                                                  : pending.seat_updates[seat];
  if (one_one && update) {
    submitter->send_shared(std::make_shared<const std::string>(acknowledged_update(*update, pending.request_id)));
    return true;
  }
  v1::ServerMessage ack;
  ack.set_request_id(pending.request_id);
  ack.mutable_answer_accepted()->set_room_id(id_);
  ack.mutable_answer_accepted()->set_command_index(pending.index);
  submitter->send(ack);  // 1.0, or 1.1 when the mover's seat has no update (it left meanwhile)
  return false;
}

// The journal could not make an accepted command durable: the database
// rejected it, or was still unreachable when the server shut down (an outage
// alone only delays durability). Nothing about it was acknowledged; every
// waiting request gets its one reply (UNAVAILABLE) and the room closes so
// that nobody sees state that may be lost. On restart the match is rebuilt
// from what the journal did store.
void Room::fail_storage() {
  spdlog::error("room {}: journal write failed; closing the room", id_);
  for (const auto& pending : pending_) {
    if (!pending.submitter) continue;
    pending.submitter->send(make_error(pending.request_id, "UNAVAILABLE",
                                       "the command could not be recorded; room " + id_ + " is closed"));
  }
  v1::ServerMessage closed;
  closed.mutable_room_closed()->set_room_id(id_);
  closed.mutable_room_closed()->set_reason("storage failure; the match resumes after the server restarts");
  for (const auto& seat : seats_) {
    for (const auto& link : seat.links) link->send(closed);
  }
  for (const auto& link : spectators_) link->send(closed);
  pending_.clear();
  closed_ = true;
  cancel_timers();
  Metrics::instance().matches_running--;
  update_summary();
  ctx_.lobby.remove(id_);
}

std::optional<std::string> Room::restore(std::int64_t match_id, const std::vector<PlayerRef>& players,
                                         const std::vector<std::optional<rules::Deck>>& decks,
                                         const rules::Seed& seed, const std::vector<rules::Command>& log,
                                         const std::string& last_hash, std::uint64_t rollbacks) {
  if (players.size() != seats_.size()) return std::string("the stored seats do not match the room's seat count");
  rules::MatchSetup setup{settings_.options, {}, seed};
  for (std::size_t i = 0; i < players.size(); ++i) {
    seats_[i].player = players[i];
    seats_[i].deck = decks[i];
    seats_[i].ready = true;
    setup.seats.push_back({players[i].username, decks[i]});
  }
  if (auto problem = deck_problem(game_.definition, setup)) return problem;
  auto replayed = replay_match(game_.definition, setup, log, rollbacks);
  if (!replayed.match) return "replay failed: " + replayed.error;
  match_ = std::move(replayed.match);
  if (!log.empty() && !match_->has_state_hash(last_hash)) return std::string("state hash differs after replay");
  prompt_ids_ = std::move(replayed.prompt_ids);
  use_seed(seed);
  match_id_ = match_id;
  command_index_ = log.size();
  durable_index_ = command_index_;
  phase_ = match_->finished() ? Phase::Finished : Phase::Running;
  if (phase_ == Phase::Running) Metrics::instance().matches_running++;
  note_seat_presence();  // nobody is connected yet: every seat's hold starts now
  hold_for_spectators({}, seat_prompts());  // spectators see the match from here on, when due
  update_summary();
  return std::nullopt;
}

std::optional<std::string> Room::restored_result() const {
  if (!match_ || !match_->finished()) return std::nullopt;
  return result_to_text(*match_->result());
}

}  // namespace concord::server
