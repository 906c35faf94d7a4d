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
  return record;
}

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
  ctx_.db.post([self = shared_from_this(), record](pqxx::connection& conn) {
    try {
      const auto match_id = persistence::MatchRepository(conn).create(record);
      boost::asio::post(self->strand_, [self, match_id] { self->on_match_created(match_id); });
    } catch (const std::exception& e) {
      boost::asio::post(self->strand_, [self, error = std::string(e.what())] { self->on_match_create_failed(error); });
    }
  });
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

void Room::on_match_create_failed(const std::string& error) {
  spdlog::error("room {}: could not record the match start: {}", id_, error);
  match_.reset();
  phase_ = Phase::Waiting;
  for (auto& seat : seats_) seat.ready = false;
  update_summary();
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
  accept_command(command, outcome, PendingFlush{0, link, request_id, received, {}, nullptr, {}, nullptr});
}

void Room::accept_command(const rules::Command& command, rules::Outcome& outcome, PendingFlush pending) {
  pending.index = ++command_index_;
  // Views are projected only for viewers who are connected now (projection is
  // most of a command's cost). Whoever connects before the flush was sent a
  // fresh update of this state or a later one on joining, so a missing update
  // is skipped for them.
  const auto prompts = seat_prompts();
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto update = match_update(rules::Viewer::of_seat(static_cast<int>(i)), outcome.events, seats_[i].links, prompts);
    pending.seat_updates.push_back(std::move(update.full));
    pending.seat_deltas.push_back(std::move(update.delta));
  }
  auto spectator = match_update(rules::Viewer::spectator(), outcome.events, spectators_, prompts);
  pending.spectator_update = std::move(spectator.full);
  pending.spectator_delta = std::move(spectator.delta);
  if (match_->finished()) phase_ = Phase::Finished;
  pending_.push_back(std::move(pending));
  journal_command(command, match_->state_hash());
}

void Room::journal_command(const rules::Command& command, const std::string& hash) {
  const auto index = command_index_;
  const bool finished = phase_ == Phase::Finished;
  if (!ctx_.journal) {
    boost::asio::post(strand_, [self = shared_from_this(), index] { self->on_durable(index, true); });
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
  // A link that joined after the command was projected has no update of the
  // form it needs (null): it was sent a fresh view of this state or a later one.
  auto send = [](const LinkPtr& link, const std::shared_ptr<const std::string>& full,
                 const std::shared_ptr<const std::string>& delta) {
    const auto& body = takes_view_deltas(*link) ? delta : full;
    if (body) link->send_shared(body);
  };
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) send(link, pending.seat_updates[i], pending.seat_deltas[i]);
  }
  for (const auto& link : spectators_) send(link, pending.spectator_update, pending.spectator_delta);
}

// The journal could not make an accepted command durable. Nothing about it was
// acknowledged; the room closes so that nobody sees state that may be lost.
// On restart the match is rebuilt from what the journal did store.
void Room::fail_storage() {
  spdlog::error("room {}: journal write failed; closing the room", id_);
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
