// The match a room owns: start, commands, journaling and durable acknowledgement.
#include <sodium.h>
#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

#include "concord/server/metrics.hpp"
#include "lobby.hpp"
#include "room.hpp"
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

// Accepted commands a room holds while they are not durable yet. Beyond this
// (or while the database is known to be unreachable) commands are refused.
constexpr std::size_t kMaxNotDurable = 8;

}  // namespace

void Room::start_match() {
  phase_ = Phase::Starting;
  seed_ = fresh_seed();
  rules::MatchSetup setup{settings_.options, {}, seed_};
  auto record = match_record(id_, game_id(), settings_, seed_);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    const auto& seat = seats_[i];
    setup.seats.push_back({seat.player->username, seat.deck});
    record.seats.push_back({static_cast<int>(i), seat.player->id, seat.player->username,
                            seat.deck ? seat.deck->to_text() : std::string()});
  }
  match_ = game_.definition.create(setup);
  auto self = shared_from_this();
  auto failed = [self](const std::string& error) {
    boost::asio::post(self->strand_, [self, error] { self->on_match_create_failed(error); });
  };
  ctx_.db.post(
      [self, record, failed](pqxx::connection& conn) {
        try {
          const auto match_id = persistence::MatchRepository(conn).create(record);
          boost::asio::post(self->strand_, [self, match_id] { self->on_match_created(match_id); });
        } catch (const std::exception& e) {
          spdlog::error("room {}: recording the match start failed: {}", self->id_, e.what());
          failed("the database did not record it");
          throw;  // lets the worker reset its connection
        }
      },
      [failed] { failed("the database is unreachable"); });
}

void Room::on_match_created(std::int64_t match_id) {
  match_id_ = match_id;
  phase_ = Phase::Running;
  Metrics::instance().matches_running++;
  spdlog::info("room {}: match {} started ({} seats, commitment {})", id_, match_id, seats_.size(),
               seed_.commitment());
  update_summary();
  broadcast_room_info();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) send_fresh_update(link, static_cast<int>(i));
  }
  for (const auto& link : spectators_) send_fresh_update(link, -1);
}

// The room goes back to waiting with nobody ready; every seated player is
// told (an Error push, request_id 0) and may ready again to retry.
void Room::on_match_create_failed(const std::string& error) {
  spdlog::error("room {}: could not record the match start: {}", id_, error);
  match_.reset();
  phase_ = Phase::Waiting;
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

std::optional<std::string> Room::check_command(PlayerRef player, std::uint64_t command_index, int* seat) {
  if (phase_ != Phase::Running) return std::string("MATCH_NOT_RUNNING");
  *seat = seat_of(player.id);
  if (*seat < 0) return std::string("NOT_A_PLAYER");
  if (command_index != 0 && command_index != command_index_) return std::string("STALE_PROMPT");
  return std::nullopt;
}

void Room::do_command(PlayerRef player, LinkPtr link, std::uint64_t request_id, std::uint64_t command_index,
                      rules::Command command) {
  const auto received = std::chrono::steady_clock::now();
  int seat = -1;
  if (auto code = check_command(player, command_index, &seat)) {
    Metrics::instance().command_rejected(*code);
    link->send(make_error(request_id, *code, "command refused in room " + id_));
    return;
  }
  command.seat = seat;
  auto outcome = rules::apply(*match_, command);
  if (!outcome.accepted) {
    Metrics::instance().command_rejected(outcome.rejection->code);
    link->send(make_error(request_id, outcome.rejection->code, outcome.rejection->message));
    return;
  }
  accept_command(command, outcome, PendingFlush{0, link, request_id, received, {}, nullptr});
}

void Room::accept_command(const rules::Command& command, rules::Outcome& outcome, PendingFlush pending) {
  pending.index = ++command_index_;
  // Views are projected only for viewers who are connected now (projection is
  // most of a command's cost). Whoever connects before the flush was sent a
  // fresh update of this state or a later one on joining, so a missing update
  // is skipped for them.
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    pending.seat_updates.push_back(
        seats_[i].links.empty() ? nullptr
                                : match_update(rules::Viewer::of_seat(static_cast<int>(i)), outcome.events));
  }
  if (!spectators_.empty()) pending.spectator_update = match_update(rules::Viewer::spectator(), outcome.events);
  if (match_->finished()) phase_ = Phase::Finished;
  pending_.push_back(std::move(pending));
  journal_command(command, match_->state_hash());
}

void Room::journal_command(const rules::Command& command, const std::string& hash) {
  const auto index = command_index_;
  const bool finished = phase_ == Phase::Finished;
  if (!ctx_.journal) {
    boost::asio::post(strand_, [self = shared_from_this(), index] { self->on_durable(index, true); });
    if (finished) record_finish_without_journal();
    return;
  }
  auto done = [self = shared_from_this(), index](bool ok) {
    boost::asio::post(self->strand_, [self, index, ok] { self->on_durable(index, ok); });
  };
  persistence::CommandRecord record{static_cast<std::int64_t>(index), command.seat, command.to_text(), hash};
  ctx_.journal->append(persistence::AppendCommand{match_id_, record}, done);
  if (finished) {
    persistence::FinishMatch finish{match_id_, "finished", result_to_text(*match_->result())};
    ctx_.journal->append(finish, [id = id_](bool ok) {
      if (!ok) spdlog::error("room {}: could not record the match result", id);
    });
  }
}

// With the journal off no command is stored, but the match row (written at
// start) must still end, or every restart would restore it.
void Room::record_finish_without_journal() {
  ctx_.db.post(
      [match_id = match_id_, result = result_to_text(*match_->result())](pqxx::connection& conn) {
        persistence::MatchRepository(conn).finish(match_id, "finished", result);
      },
      [id = id_] { spdlog::error("room {}: could not record the match result: database unreachable", id); });
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
  if (phase_ == Phase::Finished && pending_.empty()) {
    Metrics::instance().matches_running--;
    update_summary();
    broadcast_room_info();
    maybe_close();
  }
}

void Room::flush(PendingFlush& pending) {
  auto& metrics = Metrics::instance();
  metrics.commands_accepted++;
  metrics.observe_command_latency(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - pending.received).count());
  v1::ServerMessage ack;
  ack.set_request_id(pending.request_id);
  ack.mutable_answer_accepted()->set_room_id(id_);
  ack.mutable_answer_accepted()->set_command_index(pending.index);
  if (pending.submitter) pending.submitter->send(ack);
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!pending.seat_updates[i]) continue;
    for (const auto& link : seats_[i].links) link->send_shared(pending.seat_updates[i]);
  }
  if (!pending.spectator_update) return;
  for (const auto& link : spectators_) link->send_shared(pending.spectator_update);
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
  Metrics::instance().matches_running--;
  update_summary();
  ctx_.lobby.remove(id_);
}

std::optional<std::string> Room::restore(std::int64_t match_id, const std::vector<PlayerRef>& players,
                                         const std::vector<std::optional<rules::Deck>>& decks,
                                         const rules::Seed& seed, const std::vector<rules::Command>& log,
                                         const std::string& last_hash) {
  if (players.size() != seats_.size()) return std::string("the stored seats do not match the room's seat count");
  rules::MatchSetup setup{settings_.options, {}, seed};
  for (std::size_t i = 0; i < players.size(); ++i) {
    seats_[i].player = players[i];
    seats_[i].deck = decks[i];
    seats_[i].ready = true;
    setup.seats.push_back({players[i].username, decks[i]});
  }
  std::string error;
  match_ = rules::replay(game_.definition, setup, log, &error);
  if (!match_) return "replay failed: " + error;
  if (!log.empty() && match_->state_hash() != last_hash) return std::string("state hash differs after replay");
  seed_ = seed;
  match_id_ = match_id;
  command_index_ = log.size();
  phase_ = match_->finished() ? Phase::Finished : Phase::Running;
  if (phase_ == Phase::Running) Metrics::instance().matches_running++;
  update_summary();
  return std::nullopt;
}

std::optional<std::string> Room::restored_result() const {
  if (!match_ || !match_->finished()) return std::nullopt;
  return result_to_text(*match_->result());
}

}  // namespace concord::server
