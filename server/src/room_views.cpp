// What a room sends: RoomInfo per receiver and MatchUpdate per viewer.

#include "delta/wire_bytes.hpp"
#include "lobby.hpp"
#include "room.hpp"
#include "stack_arena.hpp"
#include "update_body.hpp"
#include "wire_convert.hpp"

namespace concord::server {

namespace {

// Protocol 1.1 (PROTOCOL_VERSION_1_1) and later get views as deltas.
constexpr int kViewDeltaVersion = 2;

v1::RoomStatus wire_status(bool finished, bool running) {
  if (finished) return v1::FINISHED;
  return running ? v1::RUNNING : v1::WAITING;
}

}  // namespace

v1::RoomInfo Room::room_info(int your_seat, v1::Role your_role) const {
  v1::RoomInfo info;
  fill_room_info(info, your_seat, your_role);
  return info;
}

void Room::fill_room_info(v1::RoomInfo& info, int your_seat, v1::Role your_role) const {
  info.set_room_id(id_);
  info.set_game(game_id());
  info.set_name(settings_.name);
  auto& options = *info.mutable_options();
  for (const auto& [name, value] : shown_options_) options[name] = value;
  info.set_private_room(settings_.is_private());
  // A delayed spectator (and the lobby) learns of the end only when it is shown.
  const bool ended = phase_ == Phase::Finished && (your_role == v1::PLAYER || your_role == v1::JUDGE ||
                                                  end_shown_to_spectators());
  info.set_status(wire_status(ended, phase_ == Phase::Running || (phase_ == Phase::Finished && !ended)));
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    auto* seat = info.add_seats();
    seat->set_index(static_cast<std::uint32_t>(i));
    if (seats_[i].player) seat->set_username(seats_[i].player->username);
    seat->set_ready(seats_[i].ready);
    seat->set_connected(!seats_[i].links.empty());
  }
  info.set_spectators(static_cast<std::uint32_t>(spectators_.size()));
  info.set_your_seat(your_seat + 1);
  if (match_) info.set_seed_commitment(seed_commitment_);
  if (paused_by_) {
    info.set_paused_by(paused_by_->username);
    if (pause_shared_) info.set_pause_reason(pause_reason_);
  }
  info.set_judges(static_cast<std::uint32_t>(judge_links_.size()));
  info.set_your_role(your_role);
}

std::set<Room::LinkPtr> Room::public_links() const {
  auto links = policy_.spectators_delayed() ? std::set<LinkPtr>{} : spectators_;
  for (const auto& [link, judge] : judge_links_) links.insert(link);
  return links;
}

void Room::send_room_info(const LinkPtr& link, std::uint64_t request_id) const {
  int your_seat = -1;
  auto role = spectators_.count(link) ? v1::SPECTATOR : judge_links_.count(link) ? v1::JUDGE : v1::ROLE_UNSPECIFIED;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].links.count(link)) {
      your_seat = static_cast<int>(i);
      role = v1::PLAYER;
    }
  }
  v1::ServerMessage message;
  message.set_request_id(request_id);
  fill_room_info(*message.mutable_room(), your_seat, role);
  link->send(message);
}

void Room::broadcast_room_info(const LinkPtr& except) const {
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].links.empty()) continue;
    v1::ServerMessage message;
    fill_room_info(*message.mutable_room(), static_cast<int>(i), v1::PLAYER);
    auto body = std::make_shared<const std::string>(message.SerializeAsString());
    for (const auto& link : seats_[i].links) {
      if (link != except) link->send_shared(body);
    }
  }
  auto to_watchers = [&](v1::Role role, auto&& each) {
    v1::ServerMessage message;
    fill_room_info(*message.mutable_room(), -1, role);
    auto body = std::make_shared<const std::string>(message.SerializeAsString());
    each([&](const LinkPtr& link) {
      if (link != except) link->send_shared(body);
    });
  };
  if (!spectators_.empty()) {
    to_watchers(v1::SPECTATOR, [&](auto&& send) {
      for (const auto& link : spectators_) send(link);
    });
  }
  if (!judge_links_.empty()) {
    to_watchers(v1::JUDGE, [&](auto&& send) {
      for (const auto& [link, judge] : judge_links_) send(link);
    });
  }
}

bool Room::takes_view_deltas(const ClientLink& link) { return link.protocol_version() >= kViewDeltaVersion; }

// A MatchUpdate is serialized in two parts put into one message
// (update_body.hpp): the part every form shares, then the view part — the
// whole view for protocol 1.0 links, a delta (or the whole view) with its
// checksum for 1.1 links. The view is projected and packed once per viewer.
Room::SeatPrompts Room::seat_prompts() const {
  SeatPrompts prompts;
  seat_prompts(prompts);
  return prompts;
}

void Room::seat_prompts(SeatPrompts& out) const {
  out.clear();
  for (int seat = 0; seat < match_->seat_count(); ++seat) out.push_back(match_->shared_prompt(seat));
}

// The part of a MatchUpdate every form shares: everything but the view.
// Fields may come in any order and a repeated field's elements keep theirs
// (protocol/README.md): the shared fields come first, as serialized once per
// state, and the events last, as serialized once per command.
void Room::update_header(std::string& bytes, const rules::Viewer& viewer, const std::vector<rules::Event>& events,
                         const SeatPrompts& prompts, const CommandViews* command) const {
  std::vector<std::string> made;  // without a command: the viewer's events, serialized here
  if (!command) {
    for (const auto& event : events) {
      if (event.visibility.visible_to(viewer)) made.push_back(serialized_event(*game_.adapter, event));
    }
  }
  auto each_event = [&](auto&& use) {
    if (!command) {
      for (const auto& event : made) use(event);
      return;
    }
    for (std::size_t i = 0; i < events.size() && i < command->event_count(); ++i) {
      if (events[i].visibility.visible_to(viewer)) use(command->event(i));
    }
  };
  // Not sized first: `bytes` is the room's (header_buffer_), which keeps its
  // capacity from one viewer and command to the next (sizing the prompt
  // alone cost what writing it did). Not `command ? its fields :
  // shared_update_fields(...)` either: that expression is a copy.
  if (command) {
    bytes.assign(command->shared_fields);
  } else {
    shared_update_fields(prompts, bytes);
  }
  append_viewer_fields(bytes, viewer, prompts);
  each_event([&](std::string_view event) {
    append_message_field(bytes, v1::MatchUpdate::kEventsFieldNumber, event);
  });
}

void Room::shared_update_fields(const SeatPrompts& prompts, std::string& out) const {
  SharedUpdateFields fields;
  fields.room_id = id_;
  fields.game = game_id();
  fields.command_index = command_index_;
  fields.seed_commitment = seed_commitment_;
  awaiting_buffer_.clear();
  for (std::size_t seat = 0; seat < prompts.size(); ++seat) {
    if (prompts[seat]) awaiting_buffer_.push_back(static_cast<std::uint32_t>(seat));
  }
  fields.awaiting = awaiting_buffer_;
  if (auto result = current_result()) {
    v1::MatchResult wire;
    result_to_wire(*result, seed_.hex(), &wire);
    if (judged_) wire.set_judge(judged_->judge.username);
    fields.result = wire.SerializeAsString();
  }
  if (clock_) {
    v1::ClockState wire;
    clock_to_wire(&wire);
    fields.clocks = wire.SerializeAsString();
  }
  serialize_shared_fields(fields, out);
}

void Room::append_viewer_fields(std::string& out, const rules::Viewer& viewer, const SeatPrompts& prompts) const {
  using namespace protocol::wire;
  if (viewer.kind != rules::Viewer::Kind::Seat) return;  // your_seat 0: left out, as proto3 does
  put_tag(out, v1::MatchUpdate::kYourSeatFieldNumber, kVarint);
  put_varint(out, static_cast<std::uint64_t>(viewer.seat + 1));
  const auto& prompt = prompts[static_cast<std::size_t>(viewer.seat)];
  if (!prompt) return;
  append_prompt_field(out, v1::MatchUpdate::kPromptFieldNumber, *prompt);
  if (const std::uint64_t id = prompt_ids_ ? prompt_ids_->id(viewer.seat) : 0) {
    put_tag(out, v1::MatchUpdate::kPromptIdFieldNumber, kVarint);
    put_varint(out, id);
  }
}

const Room::CommandViews& Room::command_views(const std::vector<rules::Event>& events,
                                             const SeatPrompts& prompts) const {
  CommandViews& out = command_buffer_;
  out.pieces = nullptr;
  out.views = nullptr;
  out.viewers.clear();
  shared_update_fields(prompts, out.shared_fields);
  out.event_bytes.clear();
  out.event_ends.clear();
  for (const auto& event : events) {
    append_serialized_event(out.event_bytes, *game_.adapter, event);
    out.event_ends.push_back(out.event_bytes.size());
  }
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (!seats_[i].links.empty()) out.viewers.push_back(rules::Viewer::of_seat(static_cast<int>(i)));
  }
  if (policy_.spectators_delayed() || !public_links().empty()) out.viewers.push_back(rules::Viewer::spectator());
  if (out.viewers.empty()) return out;
  if (!view_memo_) view_memo_ = game_.adapter->new_view_memo();
  if (game_.adapter->encode_view_pieces(*match_, out.viewers, view_memo_.get(), piece_buffer_)) {
    out.pieces = &piece_buffer_;
  } else {
    game_.adapter->encode_views_into(*match_, out.viewers, view_memo_.get(), view_buffer_);
    out.views = &view_buffer_;
  }
  return out;
}

const protocol::PieceView* Room::CommandViews::pieces_of(const rules::Viewer& viewer) const {
  for (std::size_t i = 0; pieces && i < viewers.size(); ++i) {
    if (viewers[i] == viewer) return &(*pieces)[i];
  }
  return nullptr;
}

const google::protobuf::Any* Room::CommandViews::of(const rules::Viewer& viewer) const {
  for (std::size_t i = 0; views && i < viewers.size(); ++i) {
    if (viewers[i] == viewer) return &(*views)[i];
  }
  return nullptr;
}

bool Room::CommandViews::whole_view(const rules::Viewer& viewer, google::protobuf::Any* out) const {
  if (const auto* view = pieces_of(viewer)) {
    out->set_type_url(std::string(view->type_url));
    view->append_to(*out->mutable_value());
    return true;
  }
  if (const auto* view = of(viewer)) {
    *out = *view;
    return true;
  }
  return false;
}

Room::ViewerUpdate Room::match_update(const rules::Viewer& viewer, const std::vector<rules::Event>& events,
                                      const std::set<LinkPtr>& links, const SeatPrompts& prompts, bool fresh,
                                      std::uint64_t request_id, const CommandViews* command) {
  bool want_full = false, want_delta = false;
  for (const auto& link : links) (takes_view_deltas(*link) ? want_delta : want_full) = true;
  if (!want_full && !want_delta) return {};
  std::string& common = header_buffer_;
  update_header(common, viewer, events, prompts, command);
  // The 1.0 form: the header, then the whole view (`fill` sets it) in a
  // message on an arena that starts on the stack, made only when a 1.0 link
  // needs it.
  const auto full_body = [&](const auto& fill) {
    StackArena<8192> arena;
    auto& whole = arena.make<v1::MatchUpdate>();
    fill(*whole.mutable_view());
    return std::make_shared<const std::string>(match_update_body(request_id, {common, whole.SerializeAsString()}));
  };
  ViewerUpdate out;
  std::string& part = part_buffer_;
  part.clear();
  if (const auto* pieces = command ? command->pieces_of(viewer) : nullptr) {
    if (want_full) out.full = full_body([&](google::protobuf::Any& view) { command->whole_view(viewer, &view); });
    feed_of(viewer).record(command_index_, *pieces, fresh, want_delta ? &part : nullptr);
  } else {
    const google::protobuf::Any* encoded = command ? command->of(viewer) : nullptr;
    google::protobuf::Any projected;
    if (!encoded) game_.adapter->encode_view(*match_->view(viewer), &projected);
    const google::protobuf::Any& view = encoded ? *encoded : projected;
    if (want_full) out.full = full_body([&](google::protobuf::Any& whole) { whole = view; });
    feed_of(viewer).record(command_index_, view, fresh, want_delta ? &part : nullptr);
  }
  if (want_delta) out.delta = std::make_shared<const std::string>(match_update_body(request_id, {common, part}));
  return out;
}

protocol::ViewFeed& Room::feed_of(const rules::Viewer& viewer) {
  if (viewer.kind != rules::Viewer::Kind::Seat) return spectator_feed_;
  if (seat_feeds_.size() < seats_.size()) seat_feeds_.resize(seats_.size());
  return seat_feeds_[static_cast<std::size_t>(viewer.seat)];
}

void Room::send_fresh_update(const LinkPtr& link, int seat, std::uint64_t request_id) {
  if (seat < 0 && policy_.spectators_delayed() && spectators_.count(link)) return send_delayed_view(link, request_id);
  const auto viewer = seat >= 0 ? rules::Viewer::of_seat(seat) : rules::Viewer::spectator();
  auto update = match_update(viewer, {}, {link}, seat_prompts(), true, request_id);
  link->send_shared(update.delta ? update.delta : update.full);
}

// Everyone in the room gets a fresh MatchUpdate: the clocks changed (or the
// match was rolled back) without a command. Delayed spectators get the newest
// update that is due for them.
void Room::send_fresh_updates() {
  if (!match_) return;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    for (const auto& link : seats_[i].links) send_fresh_update(link, static_cast<int>(i));
  }
  for (const auto& link : spectators_) send_fresh_update(link, -1);
  for (const auto& [link, judge] : judge_links_) send_fresh_update(link, -1);
}

void Room::do_request_view(const LinkPtr& link, std::uint64_t request_id) {
  int seat = spectators_.count(link) || judge_links_.count(link) ? -1 : -2;
  for (std::size_t i = 0; i < seats_.size(); ++i) {
    if (seats_[i].links.count(link)) seat = static_cast<int>(i);
  }
  if (seat == -2) {
    link->send(make_error(request_id, "NOT_IN_ROOM", "this connection is not in room " + id_));
  } else if (!match_) {
    link->send(make_error(request_id, "MATCH_NOT_RUNNING", "room " + id_ + " has no match yet"));
  } else {
    send_fresh_update(link, seat, request_id);
  }
}

void Room::update_summary() {
  RoomSummary summary;
  summary.info = room_info(-1);
  summary.creator = settings_.creator;
  summary.closed = closed_;
  summary.room_judges = settings_.room_judges;
  summary.match_id = match_id_;
  for (const auto& seat : seats_) {
    if (seat.player) summary.seated_players.push_back(seat.player->id);
  }
  const bool open = !closed_ && phase_ != Phase::Finished;
  ctx_.lobby.note_members(id_, summary.seated_players, settings_.creator, open, closed_ ? std::set<std::int64_t>{} : watchers_);
  std::lock_guard lock(summary_mutex_);
  summary_ = std::move(summary);
}

}  // namespace concord::server
