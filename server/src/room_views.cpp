// What a room sends: RoomInfo per receiver and MatchUpdate per viewer.
#include "lobby.hpp"
#include "room.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

v1::RoomStatus wire_status(bool finished, bool running) {
  if (finished) return v1::FINISHED;
  return running ? v1::RUNNING : v1::WAITING;
}

}  // namespace

v1::RoomInfo Room::room_info(int your_seat) const {
  v1::RoomInfo info;
  info.set_room_id(id_);
  info.set_game(game_id());
  info.set_name(settings_.name);
  for (const auto& [name, value] : settings_.options) (*info.mutable_options())[name] = value;
  info.set_private_room(settings_.is_private());
  info.set_status(wire_status(phase_ == Phase::Finished, phase_ == Phase::Running));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto* seat = info.add_seats();
    seat->set_index(static_cast<std::uint32_t>(i));
    if (seats_[i].player) seat->set_username(seats_[i].player->username);
    seat->set_ready(seats_[i].ready);
    seat->set_connected(!seats_[i].links.empty());
  }
  info.set_spectators(static_cast<std::uint32_t>(spectators_.size()));
  info.set_your_seat(your_seat + 1);
  if (match_) info.set_seed_commitment(seed_.commitment());
  return info;
}

void Room::send_room_info(const LinkPtr& link, std::uint64_t request_id) const {
  int your_seat = -1;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].links.count(link)) your_seat = static_cast<int>(i);
  }
  v1::ServerMessage message;
  message.set_request_id(request_id);
  *message.mutable_room() = room_info(your_seat);
  link->send(message);
}

void Room::broadcast_room_info(const LinkPtr& except) const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].links.empty()) continue;
    v1::ServerMessage message;
    *message.mutable_room() = room_info(static_cast<int>(i));
    auto body = std::make_shared<const std::string>(message.SerializeAsString());
    for (const auto& link : seats_[i].links) {
      if (link != except) link->send_shared(body);
    }
  }
  if (spectators_.empty()) return;
  v1::ServerMessage message;
  *message.mutable_room() = room_info(-1);
  auto body = std::make_shared<const std::string>(message.SerializeAsString());
  for (const auto& link : spectators_) {
    if (link != except) link->send_shared(body);
  }
}

std::shared_ptr<const std::string> Room::match_update(const rules::Viewer& viewer,
                                                      const std::vector<rules::Event>& events) const {
  v1::ServerMessage message;
  auto* update = message.mutable_match_update();
  update->set_room_id(id_);
  update->set_game(game_id());
  update->set_command_index(command_index_);
  update->set_your_seat(viewer.kind == rules::Viewer::Kind::Seat ? viewer.seat + 1 : 0);
  game_.adapter->encode_view(*match_->view(viewer), update->mutable_view());
  if (viewer.kind == rules::Viewer::Kind::Seat) {
    if (auto prompt = match_->prompt(viewer.seat)) {
      prompt_to_wire(*prompt, update->mutable_prompt());
      update->set_prompt_id(prompt_ids_ ? prompt_ids_->id(viewer.seat) : 0);
    }
  }
  for (const auto& event : events) {
    if (!event.visibility.visible_to(viewer)) continue;
    auto* out = update->add_events();
    out->set_kind(event.kind);
    out->set_text(event.text);
    if (event.data) game_.adapter->encode_event(*event.data, out->mutable_detail());
  }
  update->set_seed_commitment(seed_.commitment());
  for (int seat = 0; seat < match_->seat_count(); ++seat) {
    if (match_->prompt(seat)) update->add_awaiting(static_cast<std::uint32_t>(seat));
  }
  if (auto result = match_->result()) {
    update->set_finished(true);
    result_to_wire(*result, seed_.hex(), update->mutable_result());
  }
  return std::make_shared<const std::string>(message.SerializeAsString());
}

void Room::send_fresh_update(const LinkPtr& link, int seat) const {
  const auto viewer = seat >= 0 ? rules::Viewer::of_seat(seat) : rules::Viewer::spectator();
  link->send_shared(match_update(viewer, {}));
}

void Room::update_summary() {
  RoomSummary summary;
  summary.info = room_info(-1);
  summary.creator = settings_.creator;
  summary.closed = closed_;
  for (const auto& seat : seats_) {
    if (seat.player) summary.seated_players.push_back(seat.player->id);
  }
  const bool open = !closed_ && phase_ != Phase::Finished;
  ctx_.lobby.note_members(id_, summary.seated_players, settings_.creator, open, closed_ ? std::set<std::int64_t>{} : watchers_);
  std::lock_guard lock(summary_mutex_);
  summary_ = std::move(summary);
}

}  // namespace concord::server
