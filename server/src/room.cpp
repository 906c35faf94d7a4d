// Room membership: joining, leaving, readiness, connections coming and going.
#include "room.hpp"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "lobby.hpp"
#include "passwords.hpp"
#include "wire_convert.hpp"

namespace concord::server {

Room::Room(AppContext& ctx, const GameEntry& game, std::string id, RoomSettings settings)
    : ctx_(ctx),
      game_(game),
      id_(std::move(id)),
      settings_(std::move(settings)),
      strand_(ctx.config.threads == 1 ? std::nullopt : std::optional(boost::asio::make_strand(ctx.ioc))),
      seats_(static_cast<std::size_t>(settings_.seat_count)),
      expiry_timer_(executor()),
      clock_timer_(executor()),
      grace_timer_(executor()),
      delay_timer_(executor()) {
  policy_ = room_policy(settings_.room_options);
  shown_options_ = changed_room_options(settings_.room_options);
  shown_options_.insert(settings_.options.begin(), settings_.options.end());
  update_summary();
}

boost::asio::any_io_executor Room::executor() const {
  if (strand_) return *strand_;
  return ctx_.ioc.get_executor();
}

void Room::fail_handler(const std::string& what) {
  spdlog::error("room {}: a handler failed: {}", id_, what);
  try {
    if (closed_) return;
    if (match_) {
      abort_match(std::string("the game failed: ") + what);
    } else {
      close_room("the room failed: " + what);
    }
  } catch (const std::exception& e) {
    spdlog::critical("room {}: could not end the room after a failure: {}", id_, e.what());
  }
}

RoomSummary Room::summary() const {
  std::lock_guard lock(summary_mutex_);
  return summary_;
}

void Room::join(PlayerRef player, LinkPtr link, JoinRequest request) {
  on_strand([player, link, request = std::move(request)](Room& r) mutable {
    r.do_join(player, link, std::move(request));
  });
}

void Room::leave(PlayerRef player, LinkPtr link, std::uint64_t request_id) {
  on_strand([=](Room& r) { r.do_leave(player, link, request_id); });
}

void Room::set_ready(PlayerRef player, LinkPtr link, std::uint64_t request_id, bool ready) {
  on_strand([=](Room& r) { r.do_set_ready(player, link, request_id, ready); });
}

void Room::submit(PlayerRef player, LinkPtr link, std::uint64_t request_id, StaleCheck against,
                  rules::Answer answer) {
  rules::Command command{rules::Command::Kind::Answer, 0, std::move(answer)};
  on_strand([=, command = std::move(command)](Room& r) {
    if (r.refuse_while_not_durable(link, request_id)) return;
    r.do_command(player, link, request_id, against, command);
  });
}

void Room::concede(PlayerRef player, LinkPtr link, std::uint64_t request_id) {
  rules::Command command{rules::Command::Kind::Concede, 0, {}};
  on_strand([=](Room& r) {
    if (r.refuse_while_not_durable(link, request_id)) return;
    r.do_command(player, link, request_id, StaleCheck{}, command);
  });
}

void Room::close_by_creator(PlayerRef player, LinkPtr link, std::uint64_t request_id) {
  on_strand([=](Room& r) { r.do_close_by_creator(player, link, request_id); });
}

void Room::request_view(LinkPtr link, std::uint64_t request_id) {
  on_strand([=](Room& r) { r.do_request_view(link, request_id); });
}

void Room::attach(PlayerRef player, LinkPtr link) {
  on_strand([=](Room& r) { r.do_attach(player, link); });
}

void Room::detach(LinkPtr link) {
  on_strand([=](Room& r) { r.do_detach(link); });
}

int Room::seat_of(std::int64_t player_id) const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].player && seats_[i].player->id == player_id) return static_cast<int>(i);
  }
  return -1;
}

int Room::free_seat(int preferred) const {
  if (preferred >= 0) {
    if (preferred < static_cast<int>(seats_.size()) && !seats_[preferred].player) return preferred;
    return -1;
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].player) return static_cast<int>(i);
  }
  return -1;
}

bool Room::all_ready() const {
  for (const auto& seat : seats_) {
    if (!seat.player || !seat.ready) return false;
  }
  return true;
}

bool Room::has_members() const {
  if (!spectators_.empty() || !judge_links_.empty()) return true;
  for (const auto& seat : seats_) {
    if (seat.player) return true;
  }
  return false;
}

void Room::do_join(PlayerRef player, LinkPtr link, JoinRequest request) {
  if (closed_) {
    link->send(make_error(request.request_id, "ROOM_NOT_FOUND", "room " + id_ + " is closed"));
    return;
  }
  // Judges need no password: their capability is what admits them.
  if (request.role != v1::JUDGE && settings_.is_private() &&
      !room_password_matches(settings_.password_hash, request.password)) {
    link->send(make_error(request.request_id, "WRONG_PASSWORD", "wrong room password"));
    return;
  }
  if (request.role != v1::PLAYER && seat_of(player.id) >= 0) {
    link->send(make_error(request.request_id, "PLAYER_IN_ROOM", "a player of room " + id_ + " cannot watch or judge it"));
    return;
  }
  if (request.role == v1::JUDGE) return join_as_judge(player, link, request);
  if (request.role == v1::SPECTATOR) {
    if (!may_watch(player)) {
      const bool off = policy_.spectators == RoomPolicy::Spectators::Off;
      link->send(make_error(request.request_id, off ? "SPECTATORS_OFF" : "NOT_LISTED",
                            off ? "room " + id_ + " takes no spectators"
                                : "room " + id_ + " takes only the spectators its creator listed"));
      return;
    }
    spectators_.insert(link);
    spectator_accounts_[link] = player.id;
    if (seat_of(player.id) < 0) watchers_.insert(player.id);
    update_summary();
    send_room_info(link, request.request_id);
    if (match_) send_fresh_update(link, -1);
    broadcast_room_info(link);
    return;
  }
  join_as_player(player, link, request);
}

void Room::join_as_player(PlayerRef player, const LinkPtr& link, JoinRequest& request) {
  for (const auto& [judge_link, judge] : judge_links_) {
    if (judge.id == player.id) {
      link->send(make_error(request.request_id, "JUDGE_IN_ROOM", "a judge of room " + id_ + " cannot play in it"));
      return;
    }
  }
  const int existing = seat_of(player.id);
  if (existing >= 0) {  // already seated: attach this connection
    seats_[existing].links.insert(link);
    note_seat_presence();
    send_room_info(link, request.request_id);
    if (match_) send_fresh_update(link, existing);
    return;
  }
  if (phase_ != Phase::Waiting) {
    link->send(make_error(request.request_id, "MATCH_RUNNING", "the match has started; join as a spectator"));
    return;
  }
  const int seat = settings_.reserved.empty() ? open_seat_for(link, request) : reserved_seat_for(player, link, request);
  if (seat < 0) return;
  seats_[seat].player = player;
  seats_[seat].deck = std::move(request.deck);
  seats_[seat].ready = false;
  seats_[seat].links.insert(link);
  spectators_.erase(link);
  spectator_accounts_.erase(link);
  watchers_.erase(player.id);
  update_summary();
  send_room_info(link, request.request_id);
  broadcast_room_info(link);
}

// A seat of a room whose seats are open: the preferred one or the first free;
// -1 (the refusal sent) when there is none or a deck is missing.
int Room::open_seat_for(const LinkPtr& link, const JoinRequest& request) const {
  if (game_.definition.needs_deck && !request.deck) {
    link->send(make_error(request.request_id, "DECK_REQUIRED", game_.definition.name + " needs a deck"));
    return -1;
  }
  const int seat = free_seat(request.preferred_seat);
  if (seat < 0) {
    const bool full = free_seat(-1) < 0;
    link->send(make_error(request.request_id, full ? "ROOM_FULL" : "SEAT_TAKEN",
                          full ? "every seat is taken" : "that seat is taken or does not exist"));
  }
  return seat;
}

// A tournament room: the seat kept for this account, with its frozen deck
// (the deck the request named, if any, is not used).
int Room::reserved_seat_for(const PlayerRef& player, const LinkPtr& link, JoinRequest& request) const {
  for (std::size_t i = 0; i < settings_.reserved.size(); ++i) {
    if (settings_.reserved[i] != player.id) continue;
    if (i < settings_.reserved_decks.size() && settings_.reserved_decks[i]) request.deck = settings_.reserved_decks[i];
    if (game_.definition.needs_deck && !request.deck) {
      link->send(make_error(request.request_id, "DECK_REQUIRED", game_.definition.name + " needs a deck"));
      return -1;
    }
    return static_cast<int>(i);
  }
  link->send(make_error(request.request_id, "SEAT_RESERVED", "the seats of room " + id_ + " are kept for its players"));
  return -1;
}

void Room::do_leave(PlayerRef player, LinkPtr link, std::uint64_t request_id) {
  const int seat = seat_of(player.id);
  const bool judge = judge_links_.erase(link) > 0;
  judge_followers_.erase(link);
  spectator_accounts_.erase(link);
  const bool spectating = spectators_.erase(link) > 0 || watchers_.count(player.id) > 0 || judge;
  watchers_.erase(player.id);
  if (seat < 0 && !spectating) {
    if (player.id == settings_.creator && phase_ == Phase::Waiting) return creator_leaves(link, request_id);
    link->send(make_error(request_id, "NOT_IN_ROOM", "you are not in room " + id_));
    return;
  }
  if (seat >= 0) {
    if (phase_ == Phase::Waiting || phase_ == Phase::Finished) {
      seats_[seat] = Seat{};
    } else {
      seats_[seat].links.erase(link);  // a running match keeps the seat; concede to give up
    }
  }
  update_summary();
  broadcast_room_info();
  maybe_close();
  link->send(make_ok(request_id));  // last: the reply's reader sees the room as the leave left it
}

// The creator, holding no seat, leaves a room that has not started: an empty
// room closes; one with players stays, no longer counted as the creator's.
void Room::creator_leaves(const LinkPtr& link, std::uint64_t request_id) {
  if (!has_members()) {
    close_room("closed: its creator left");
  } else {
    settings_.creator = 0;
    update_summary();
  }
  link->send(make_ok(request_id));
}

void Room::do_set_ready(PlayerRef player, LinkPtr link, std::uint64_t request_id, bool ready) {
  const int seat = seat_of(player.id);
  if (seat < 0) {
    link->send(make_error(request_id, "NOT_A_PLAYER", "you hold no seat in room " + id_));
    return;
  }
  if (phase_ != Phase::Waiting) {
    link->send(make_error(request_id, "MATCH_RUNNING", "the match has already started"));
    return;
  }
  seats_[seat].ready = ready;
  update_summary();
  send_room_info(link, request_id);
  broadcast_room_info(link);
  if (all_ready()) start_match();
}

void Room::do_attach(PlayerRef player, LinkPtr link) {
  const int seat = seat_of(player.id);
  if (seat < 0) return reattach_watcher(player, link);
  seats_[seat].links.insert(link);
  note_seat_presence();
  update_summary();
  send_room_info(link, 0);
  if (match_) send_fresh_update(link, seat);
  broadcast_room_info(link);
}

// A resumed connection of a player who was watching this room.
void Room::reattach_watcher(PlayerRef player, const LinkPtr& link) {
  if (closed_ || watchers_.count(player.id) == 0 || !may_watch(player)) return;
  spectators_.insert(link);
  spectator_accounts_[link] = player.id;
  update_summary();
  send_room_info(link, 0);
  if (match_) send_fresh_update(link, -1);
  broadcast_room_info(link);
}

void Room::do_detach(LinkPtr link) {
  judge_followers_.erase(link);
  spectator_accounts_.erase(link);
  bool changed = spectators_.erase(link) > 0;
  changed = judge_links_.erase(link) > 0 || changed;
  for (auto& seat : seats_) changed = seat.links.erase(link) > 0 || changed;
  if (!changed) return;
  if (!any_seat_connected()) unattended_since_ = std::chrono::steady_clock::now();
  note_seat_presence();
  update_summary();
  broadcast_room_info();
  maybe_close();
}

void Room::do_close_by_creator(PlayerRef player, LinkPtr link, std::uint64_t request_id) {
  if (closed_) {
    link->send(make_error(request_id, "ROOM_NOT_FOUND", "room " + id_ + " is closed"));
    return;
  }
  if (player.id != settings_.creator) {
    link->send(make_error(request_id, "NOT_ROOM_CREATOR", "only the creator of room " + id_ + " may close it"));
    return;
  }
  if (phase_ != Phase::Waiting) {
    link->send(make_error(request_id, "MATCH_RUNNING", "the match has started; it ends by being played or conceded"));
    return;
  }
  close_room("closed by its creator");  // before the reply: whoever reads the reply finds it gone
  link->send(make_ok(request_id));
}

// Tells everyone in the room that it is gone and removes it from the lobby.
void Room::close_room(const std::string& reason) {
  v1::ServerMessage closed;
  closed.mutable_room_closed()->set_room_id(id_);
  closed.mutable_room_closed()->set_reason(reason);
  auto body = std::make_shared<const std::string>(closed.SerializeAsString());
  std::vector<LinkPtr> told(spectators_.begin(), spectators_.end());
  for (const auto& seat : seats_) told.insert(told.end(), seat.links.begin(), seat.links.end());
  for (const auto& [link, judge] : judge_links_) told.push_back(link);
  // The room changes first and tells last: whoever reads RoomClosed and then
  // lists the rooms must not find it.
  closed_ = true;
  cancel_timers();
  update_summary();
  ctx_.lobby.remove(id_);
  for (const auto& link : told) link->send_shared(body);
}

// A closed room's timers must not keep it alive (their handlers hold it).
void Room::cancel_timers() {
  clock_timer_.cancel();
  grace_timer_.cancel();
  delay_timer_.cancel();
}

void Room::maybe_close() {
  bool connected = !spectators_.empty() || !judge_links_.empty();
  for (const auto& seat : seats_) connected = connected || !seat.links.empty();
  const bool done = phase_ == Phase::Finished && !connected;
  // A tournament's room waits for its players until the director's no-show
  // deadline, even while nobody is in it.
  const bool abandoned = phase_ == Phase::Waiting && !has_members() && settings_.tag.empty();
  if (!(done || abandoned) || closed_) return;
  closed_ = true;
  cancel_timers();
  update_summary();
  ctx_.lobby.remove(id_);
}

}  // namespace concord::server
